import type { ComponentDefinition } from "../../browser/component";
import { parseProps } from "../shared/props";
import { CLASS_TOGGLE_PROPS } from "./props";

/**
 * Toggles a class on its targets (`data-class-toggle-target`, a selector; default: the element's
 * aria-controls, else itself) and keeps its own aria-expanded / aria-pressed in sync with the state —
 * also when something else (another toggle, a script) changes the target's class.
 */
export default {
	connect(element, { props, signal }) {
		const controls = element.getAttribute("aria-controls");
		const { class: className, target: selector } = parseProps(CLASS_TOGGLE_PROPS, props, {
			target: controls ? `#${CSS.escape(controls)}` : "",
		});
		const targets = (): Element[] => (selector ? [...document.querySelectorAll(selector)] : [element]);
		const isActive = () => targets()[0]?.classList.contains(className) ?? false;

		const reflect = () => {
			const active = String(isActive());
			for (const state of ["aria-expanded", "aria-pressed"]) {
				if (element.hasAttribute(state) && element.getAttribute(state) !== active)
					element.setAttribute(state, active);
			}
		};

		element.addEventListener(
			"click",
			(event) => {
				if (element instanceof HTMLAnchorElement) event.preventDefault();
				const active = !isActive();
				for (const target of targets()) target.classList.toggle(className, active);
				reflect();
			},
			{ signal },
		);
		// The server may render either state: the first target's class is the truth.
		const first = targets()[0];
		const observer = new MutationObserver(reflect);
		if (first && first !== element) observer.observe(first, { attributes: true, attributeFilter: ["class"] });
		reflect();
		return () => observer.disconnect();
	},
} satisfies ComponentDefinition;
