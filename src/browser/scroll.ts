import { DEFAULT_SCROLL_OFFSET } from "../constants";

/** A smooth scroller (the scroll-container component) that eases programmatic scrolls while it runs. */
export interface Scroller {
	/** The default offset of scrollTo while this scroller runs. */
	readonly offset: number;
	/** Eases the page to `top` (px from the top of the document). */
	scrollTo(top: number): void;
	/** Stops easing, leaving the page where it is. */
	stop(): void;
}

export interface ScrollOptions {
	/** false jumps; true (default) eases with the smooth scroller, else natively unless motion is reduced. */
	smooth?: boolean;
}

/** Scrolling the page: to a target, with a lock for dialogs, and through the smooth scroller when one runs. */
export interface Scroll {
	/**
	 * Scrolls the page so that `target` sits `offset` px below the top of the viewport (a number is a
	 * position in the document). The target's `data-scroll-offset` overrides `offset`; the default is
	 * DEFAULT_SCROLL_OFFSET, or the smooth scroller's offset while it runs.
	 */
	scrollTo(target: Element | number, offset?: number, options?: ScrollOptions): void;
	/** Scrolls to an in-page target and moves focus to it, for keyboard and screen-reader users. */
	navigateTo(target: Element, offset?: number, options?: ScrollOptions): void;
	/**
	 * Locks the page where it is (touch scrolling only inside `allow`, e.g. a dialog's content) and
	 * returns the unlock. Locks nest: the page scrolls again, from exactly where it was, after the last
	 * unlock. The scrollbar's space stays reserved, so nothing shifts.
	 */
	lock(allow?: Element): () => void;
	readonly locked: boolean;
	/** Hands programmatic scrolling to a smooth scroller; returns the function that takes it back. */
	attachScroller(scroller: Scroller): () => void;
}

export function createScroll(root: HTMLElement): Scroll {
	let scroller: Scroller | undefined;
	let locks = 0;
	let saved = { left: 0, top: 0 };
	const allowed: Element[] = [];
	// Pinch zoom stays possible; one-finger panning outside the allowed elements would scroll the page on iOS.
	const blockTouch = (event: TouchEvent) => {
		if (event.touches.length > 1) return;
		if (!allowed.some((element) => element.contains(event.target as Node))) event.preventDefault();
	};

	const scroll: Scroll = {
		scrollTo(target, offset, { smooth = true } = {}) {
			let top = target as number;
			if (typeof target !== "number") {
				const own = Number.parseFloat(target.getAttribute("data-scroll-offset") ?? "");
				const gap = Number.isFinite(own) ? own : (offset ?? scroller?.offset ?? DEFAULT_SCROLL_OFFSET);
				top = target.getBoundingClientRect().top + scrollY - gap;
			}
			top = Math.max(0, Math.min(top, root.scrollHeight - innerHeight));
			if (scroller && smooth) return scroller.scrollTo(top);
			scroller?.stop();
			scrollTo({
				top,
				behavior: smooth && !matchMedia("(prefers-reduced-motion: reduce)").matches ? "smooth" : "instant",
			});
		},
		navigateTo(target, offset, options) {
			scroll.scrollTo(target, offset, options);
			if (target instanceof HTMLElement || target instanceof SVGElement) {
				if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
				target.focus({ preventScroll: true });
			}
		},
		lock(allow) {
			if (locks++ === 0) {
				scroller?.stop();
				saved = { left: scrollX, top: scrollY };
				root.classList.add("is-scroll-locked");
				addEventListener("touchmove", blockTouch, { passive: false });
			}
			if (allow) {
				allowed.push(allow);
				(allow as HTMLElement).style.overscrollBehavior = "contain";
			}
			let unlocked = false;
			return () => {
				if (unlocked) return;
				unlocked = true;
				if (allow) allowed.splice(allowed.indexOf(allow), 1);
				if (--locks > 0) return;
				root.classList.remove("is-scroll-locked");
				removeEventListener("touchmove", blockTouch);
				scrollTo({ ...saved, behavior: "instant" });
			};
		},
		get locked() {
			return locks > 0;
		},
		attachScroller(next) {
			scroller = next;
			return () => {
				if (scroller === next) scroller = undefined;
			};
		},
	};
	return scroll;
}
