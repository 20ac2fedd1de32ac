import type { ComponentDefinition } from "../../browser/component";
import type { Scroll } from "../../browser/scroll";
import { isNativeScrollForced } from "./native-scroll";
import { drawScrollbar } from "./scrollbar";
import { SmoothScroller } from "./smooth-scroller";

/**
 * The page's scroll container: smooth scrolling with a drawn scrollbar where native scrolling is not forced,
 * the browser's own scrolling elsewhere. A user turning on reduced motion gets native scrolling at once.
 */
export default {
	connect(element, { signal, services }) {
		const root = document.documentElement;
		const motion = matchMedia("(prefers-reduced-motion: reduce)");
		let disable: (() => void) | undefined;
		const update = () => {
			disable?.();
			disable = isNativeScrollForced(root) ? undefined : enable(root, element, services.scroll);
		};
		motion.addEventListener("change", update, { signal });
		update();
		return () => disable?.();
	},
} satisfies ComponentDefinition;

function enable(root: HTMLElement, content: HTMLElement, scroll: Scroll): () => void {
	const controller = new AbortController();
	const release = scroll.attachScroller(new SmoothScroller(root, () => scroll.locked, controller.signal));
	drawScrollbar(content, controller.signal);
	root.classList.add("has-smooth-scroll");
	return () => {
		controller.abort();
		release();
		root.classList.remove("has-smooth-scroll");
	};
}
