import type { ComponentDefinition } from "../../browser/component";
import { stringProp } from "../shared/props";

/**
 * Toggles a class on its targets (`data-class-toggle-target`, a selector; default: the element's
 * aria-controls, else itself) and keeps its own aria-expanded / aria-pressed in sync with the state.
 */
export default {
	connect(element, { props, signal }) {
		const className = stringProp(props, "class", "is-active");
		const controls = element.getAttribute("aria-controls");
		const selector = stringProp(props, "target", controls ? `#${CSS.escape(controls)}` : "");
		const targets = (): Element[] => (selector ? [...document.querySelectorAll(selector)] : [element]);

		const show = (active: boolean) => {
			for (const target of targets()) target.classList.toggle(className, active);
			for (const state of ["aria-expanded", "aria-pressed"]) {
				if (element.hasAttribute(state)) element.setAttribute(state, String(active));
			}
		};

		element.addEventListener(
			"click",
			(event) => {
				if (element instanceof HTMLAnchorElement) event.preventDefault();
				show(!targets()[0]?.classList.contains(className));
			},
			{ signal },
		);
		// The server may render either state: the targets' class is the truth.
		show(targets()[0]?.classList.contains(className) ?? false);
	},
} satisfies ComponentDefinition;
