import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";
import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { prefersReducedMotion } from "../shared/motion";
import { parseProps } from "../shared/props";
import { fill } from "../shared/text";
import { CAROUSEL_PROPS } from "./props";

/**
 * The advantages carousel on embla (no React): previous/next, one dot per stop, arrow keys and Home/End
 * on the focused row, swipe, the position announced politely. Autoplay (prop `autoplay`, ms)
 * pauses while pointed at or focused, stops for good on a swipe or the pause button, and never starts
 * under reduced motion or in the content-editing view.
 */
export default {
	connect(element, { props, signal }) {
		const viewport = part(element, ".carousel__viewport");
		const track = part(viewport, ".carousel__track");
		const previous = part<HTMLButtonElement>(element, ".carousel__previous");
		const next = part<HTMLButtonElement>(element, ".carousel__next");
		const dots = part(element, ".carousel__dots");
		const status = part(element, ".carousel__status");
		const playButton = element.querySelector<HTMLButtonElement>(".carousel__play");
		const { autoplay: delay, ...texts } = parseProps(CAROUSEL_PROPS, props);
		const autoplayAllowed =
			delay > 0 && !prefersReducedMotion() && document.documentElement.dataset.cmsMode !== "1";
		const autoplay = autoplayAllowed
			? Autoplay({ delay, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false })
			: undefined;
		const embla = EmblaCarousel(
			viewport,
			{ align: "start", containScroll: "trimSnaps" },
			autoplay ? [autoplay] : [],
		);
		const jump = () => prefersReducedMotion();

		// Autoplay runs only while nobody is looking closely and the user has not stopped it.
		let stopped = !autoplayAllowed;
		let hovered = false;
		let focused = false;
		const syncAutoplay = () => {
			if (!autoplay) return;
			const play = !stopped && !hovered && !focused;
			if (play !== autoplay.isPlaying()) {
				if (play) autoplay.play();
				else autoplay.stop();
			}
			// Announcing every automatic move would talk over the page.
			status.setAttribute("aria-live", play ? "off" : "polite");
			if (playButton) {
				playButton.setAttribute("aria-label", stopped ? texts.play : texts.pause);
				playButton.classList.toggle("is-stopped", stopped);
			}
		};

		const renderDots = (api: EmblaCarouselType) => {
			dots.replaceChildren(
				...api.scrollSnapList().map((_, index) => {
					const dot = document.createElement("button");
					dot.type = "button";
					dot.className = "carousel__dot";
					dot.setAttribute("aria-label", fill(texts.goTo, { index: index + 1 }));
					dot.addEventListener("click", () => api.scrollTo(index, jump()));
					return dot;
				}),
			);
		};

		const renderPosition = (api: EmblaCarouselType, announce: boolean) => {
			const selected = api.selectedScrollSnap();
			const total = api.scrollSnapList().length;
			for (const [index, dot] of [...dots.children].entries()) {
				if (index === selected) dot.setAttribute("aria-current", "true");
				else dot.removeAttribute("aria-current");
			}
			previous.disabled = !api.canScrollPrev();
			next.disabled = !api.canScrollNext();
			element.classList.toggle("is-static", total < 2);
			if (announce) status.textContent = fill(texts.status, { current: selected + 1, total });
		};

		embla
			.on("reInit", (api) => {
				renderDots(api);
				renderPosition(api, false);
			})
			.on("select", (api) => renderPosition(api, true))
			.on("pointerDown", () => {
				stopped = true;
				syncAutoplay();
			});
		// Embla has initialised synchronously: its init event is past.
		renderDots(embla);
		renderPosition(embla, false);

		previous.addEventListener("click", () => embla.scrollPrev(jump()), { signal });
		next.addEventListener("click", () => embla.scrollNext(jump()), { signal });
		track.addEventListener(
			"keydown",
			(event) => {
				if (event.target !== track) return;
				const current = embla.selectedScrollSnap();
				const last = embla.scrollSnapList().length - 1;
				const target = new Map([
					["ArrowLeft", current - 1],
					["ArrowRight", current + 1],
					["Home", 0],
					["End", last],
				]).get(event.key);
				if (target === undefined) return;
				event.preventDefault();
				embla.scrollTo(Math.min(Math.max(target, 0), last), jump());
			},
			{ signal },
		);
		playButton?.addEventListener(
			"click",
			() => {
				stopped = !stopped;
				syncAutoplay();
			},
			{ signal },
		);
		const hover = (value: boolean) => () => {
			hovered = value;
			syncAutoplay();
		};
		element.addEventListener("pointerenter", hover(true), { signal });
		element.addEventListener("pointerleave", hover(false), { signal });
		element.addEventListener(
			"focusin",
			() => {
				focused = true;
				syncAutoplay();
			},
			{ signal },
		);
		element.addEventListener(
			"focusout",
			(event) => {
				if (event.relatedTarget instanceof Node && element.contains(event.relatedTarget)) return;
				focused = false;
				syncAutoplay();
			},
			{ signal },
		);

		element.classList.add("is-ready");
		syncAutoplay();

		return () => {
			embla.destroy();
			element.classList.remove("is-ready", "is-static");
		};
	},
} satisfies ComponentDefinition;
