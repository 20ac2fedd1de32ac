import type { ComponentDefinition } from "../../browser/component";
import { prefersReducedMotion } from "../shared/motion";
import { parseProps } from "../shared/props";
import { INTERSECTION_GROUP_PROPS } from "./props";

/**
 * Reveals the group's children with a staggered fade as they enter the viewport. Children hide only
 * after this runs (is-ready), never under reduced motion, and never when already on screen: content
 * the reader can see does not blink away.
 */
export default {
	connect(element, { props }) {
		if (prefersReducedMotion()) return;
		const { stagger } = parseProps(INTERSECTION_GROUP_PROPS, props);
		const children = [...element.children].filter((child) => child instanceof HTMLElement);
		const hidden = children.filter((child) => !isOnScreen(child));
		if (hidden.length === 0) return;

		for (const child of hidden) child.classList.add("is-concealed");
		element.classList.add("is-ready");

		const observer = new IntersectionObserver(
			(entries) => {
				const entering = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
				for (const [index, child] of entering.entries()) {
					observer.unobserve(child);
					if (child instanceof HTMLElement) child.style.setProperty("--reveal-delay", `${index * stagger}ms`);
					child.classList.replace("is-concealed", "is-revealed");
				}
			},
			{ rootMargin: "0px 0px -10% 0px" },
		);
		for (const child of hidden) observer.observe(child);

		return () => {
			observer.disconnect();
			element.classList.remove("is-ready");
			for (const child of hidden) {
				child.classList.remove("is-concealed", "is-revealed");
				child.style.removeProperty("--reveal-delay");
			}
		};
	},
} satisfies ComponentDefinition;

function isOnScreen(element: Element): boolean {
	const { top, bottom } = element.getBoundingClientRect();
	return bottom > 0 && top < innerHeight;
}
