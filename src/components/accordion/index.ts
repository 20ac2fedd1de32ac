import type { ComponentDefinition } from "../../browser/component";
import { prefersReducedMotion } from "../shared/motion";
import { parseProps } from "../shared/props";
import { ACCORDION_PROPS } from "./props";

const DURATION = 250;
const EASING = "cubic-bezier(0.2, 0, 0, 1)";

/**
 * Animates the opening and closing of an accordion's <details> (not under reduced motion), keeps at
 * most one open when exclusive, and opens the item the URL hash points to (at load and on hashchange).
 */
export default {
	connect(element, { props, signal }) {
		const { exclusive } = parseProps(ACCORDION_PROPS, props);
		const items = [...element.querySelectorAll<HTMLDetailsElement>(":scope > details")];
		/** Items being animated, and whether towards open. */
		const animations = new Map<HTMLDetailsElement, { animation: Animation; opening: boolean }>();
		const isClosing = (item: HTMLDetailsElement) => animations.get(item)?.opening === false;
		// The native group would close the others at once, before they could animate: the component
		// takes the group over and gives it back on disconnect.
		const groupNames = new Map(items.map((item) => [item, item.getAttribute("name")]));
		for (const item of groupNames.keys()) item.removeAttribute("name");

		const animate = (item: HTMLDetailsElement, opening: boolean) => {
			const from = item.getBoundingClientRect().height;
			animations.get(item)?.animation.cancel();
			animations.delete(item);
			item.open = true;
			if (prefersReducedMotion()) {
				item.open = opening;
				return;
			}
			// Measured while open: closed, the item is as tall as it is without its panel.
			const full = item.getBoundingClientRect().height;
			const panel = item.querySelector(":scope > .accordion__panel")?.getBoundingClientRect().height ?? 0;
			const to = opening ? full : full - panel;
			const animation = item.animate(
				{ height: [`${from}px`, `${to}px`], overflow: ["hidden", "hidden"] },
				{ duration: DURATION, easing: EASING },
			);
			animations.set(item, { animation, opening });
			animation.onfinish = () => {
				animations.delete(item);
				item.open = opening;
			};
		};

		const closeOthers = (opened: HTMLDetailsElement) => {
			if (!exclusive) return;
			for (const item of groupNames.keys()) {
				if (item !== opened && item.open && !isClosing(item)) animate(item, false);
			}
		};

		element.addEventListener(
			"click",
			(event) => {
				const item = (event.target as Element).closest("summary")?.parentElement;
				if (!(item instanceof HTMLDetailsElement) || !groupNames.has(item)) return;
				event.preventDefault();
				const opening = !item.open || isClosing(item);
				animate(item, opening);
				if (opening) closeOthers(item);
			},
			{ signal },
		);
		// Opened another way (find in page, a script, the hash): the group rule still holds.
		element.addEventListener(
			"toggle",
			(event) => {
				const item = event.target;
				if (item instanceof HTMLDetailsElement && item.open && groupNames.has(item)) closeOthers(item);
			},
			{ signal, capture: true },
		);

		const openFromHash = () => {
			const id = decodeURIComponent(location.hash.slice(1));
			const target = id ? document.getElementById(id) : null;
			const item = target && element.contains(target) ? target.closest("details") : null;
			if (item && groupNames.has(item) && !item.open) {
				item.open = true;
				closeOthers(item);
			}
		};
		addEventListener("hashchange", openFromHash, { signal });
		openFromHash();

		return () => {
			for (const { animation } of animations.values()) animation.finish();
			for (const [item, name] of groupNames) if (name !== null) item.setAttribute("name", name);
		};
	},
} satisfies ComponentDefinition;
