import type { Scroller } from "../../browser/scroll";
import {
	SMOOTH_SCROLL_DAMPING,
	SMOOTH_SCROLL_EASING_FACTOR,
	SMOOTH_SCROLL_STOPS_BELOW,
	SMOOTH_SCROLLER_SCROLL_OFFSET,
} from "../../constants";
import { scrollsNatively } from "./nested-scrollers";

/** The easing constants are per frame at 60 Hz; the motion is computed in such steps at any frame rate. */
const STEP = 1000 / 60;
const LINE_HEIGHT = 16;

/**
 * Smooth scrolling that eases the NATIVE scroll position (as Lenis does) instead of moving the content,
 * so find-in-page, keyboard scrolling, `position: sticky`, focus and screen readers keep working. The
 * wheel is eased; any scroll it did not write itself (keys, find, focus, the scrollbar) it just follows.
 *
 * Per step the velocity takes EASING of the remaining distance and keeps DAMPING of itself, which is
 * close to critically damped: no visible overshoot. Steps are fixed at 60 Hz and the frame shows a
 * blend of the last two, so the motion is the same at 60 and 120 Hz.
 *
 * Pages change length under a motion (lazily drawn content takes its real size as it nears the view):
 * a motion aimed past the end follows the end, and scroll anchoring is off while one runs, since its
 * correction would look like a scroll by someone else and stop the motion half-way.
 */
export class SmoothScroller implements Scroller {
	readonly offset = SMOOTH_SCROLLER_SCROLL_OFFSET;
	#position = scrollY;
	#previous = scrollY;
	#velocity = 0;
	#target = scrollY;
	#written = scrollY;
	#frame = 0;
	#time = 0;
	#lag = 0;
	/** The motion was asked to go to the end of the page, wherever that is once it gets there. */
	#toEnd = false;

	constructor(
		private readonly root: HTMLElement,
		private readonly isLocked: () => boolean,
		signal: AbortSignal,
	) {
		addEventListener("wheel", this.#onWheel, { passive: false, signal });
		addEventListener("scroll", this.#onScroll, { passive: true, signal });
		signal.addEventListener("abort", () => this.stop());
	}

	scrollTo(top: number): void {
		const end = this.#end();
		this.#toEnd = top >= end;
		this.#target = Math.max(0, Math.min(top, end));
		if (this.#frame) return;
		this.root.style.overflowAnchor = "none";
		this.#position = this.#previous = this.#written = scrollY;
		this.#time = performance.now();
		this.#lag = 0;
		this.#frame = requestAnimationFrame(this.#tick);
	}

	stop(): void {
		cancelAnimationFrame(this.#frame);
		this.#frame = 0;
		this.#velocity = 0;
		this.#toEnd = false;
		this.#position = this.#previous = this.#target = this.#written = scrollY;
		this.root.style.overflowAnchor = "";
	}

	#end(): number {
		return Math.max(0, this.root.scrollHeight - innerHeight);
	}

	#onWheel = (event: WheelEvent) => {
		if (event.ctrlKey || this.isLocked() || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
		if (scrollsNatively(event.target, event.deltaY)) return;
		event.preventDefault();
		const unit = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? LINE_HEIGHT : 1;
		const delta =
			event.deltaMode === WheelEvent.DOM_DELTA_PAGE ? event.deltaY * innerHeight : event.deltaY * unit;
		this.scrollTo((this.#frame ? this.#target : scrollY) + delta);
	};

	#onScroll = () => {
		if (Math.abs(scrollY - this.#written) > 1) this.stop();
	};

	#tick = (now: number) => {
		const end = this.#end();
		this.#target = this.#toEnd ? end : Math.min(this.#target, end);
		this.#lag += Math.min(Math.max(now - this.#time, 0), 100);
		this.#time = now;
		for (; this.#lag >= STEP; this.#lag -= STEP) {
			this.#previous = this.#position;
			this.#velocity =
				(this.#velocity + (this.#target - this.#position) * SMOOTH_SCROLL_EASING_FACTOR) *
				SMOOTH_SCROLL_DAMPING;
			this.#position += this.#velocity;
		}
		const settled =
			Math.abs(this.#target - this.#position) < SMOOTH_SCROLL_STOPS_BELOW &&
			Math.abs(this.#velocity) < SMOOTH_SCROLL_STOPS_BELOW;
		const top = settled
			? this.#target
			: this.#previous + (this.#position - this.#previous) * (this.#lag / STEP);
		scrollTo({ top, behavior: "instant" });
		this.#written = scrollY;
		if (settled) this.stop();
		else this.#frame = requestAnimationFrame(this.#tick);
	};
}
