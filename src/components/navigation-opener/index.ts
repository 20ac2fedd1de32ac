import type { ComponentDefinition } from "../../browser/component";
import { controlledElement } from "../shared/controlled";
import { NAVIGATION_CHANGE, requestNavigationToggle } from "../shared/navigation-events";
import { parseProps } from "../shared/props";
import { NAVIGATION_OPENER_PROPS } from "./props";

/**
 * The menu button: opens and closes the navigation panel it controls (`target` option, aria-controls or
 * its link's #id) and shows the panel's state in aria-expanded. Markup may make it a link to the panel,
 * the fallback without JavaScript; it then acts as a button (role, Space) while connected.
 */
export default {
	connect(element, { props, signal, services }) {
		const panel = controlledElement(element, parseProps(NAVIGATION_OPENER_PROPS, props).target);
		const link = element instanceof HTMLAnchorElement;
		if (link) element.setAttribute("role", "button");
		element.setAttribute("aria-expanded", "false");
		panel.addEventListener(
			NAVIGATION_CHANGE,
			(event) => element.setAttribute("aria-expanded", String(event.detail.open)),
			{ signal },
		);
		element.addEventListener(
			"click",
			(event) => {
				if (!services.plainClick(event)) return;
				if (requestNavigationToggle(panel, element)) event.preventDefault();
			},
			{ signal },
		);
		if (link) {
			element.addEventListener(
				"keydown",
				(event) => {
					if (event.key !== " ") return;
					// Space presses a button; on a link it would scroll the page.
					event.preventDefault();
					element.click();
				},
				{ signal },
			);
		}

		return () => {
			if (link) element.removeAttribute("role");
			element.removeAttribute("aria-expanded");
		};
	},
} satisfies ComponentDefinition;
