import type { ComponentDefinition } from "../../browser/component";
import { controlledElement } from "../shared/controlled";
import { requestModal } from "../shared/modal-events";
import { parseProps } from "../shared/props";
import { MODAL_OPENER_PROPS } from "./props";

/**
 * A button or link that opens the modal it names (`target` option, aria-controls, or a link's #id),
 * loading its content first when it names a `url`. Until the modal's own component is connected the
 * link is simply followed, and so it is with a modifier key (new tab) on a link.
 */
export default {
	connect(element, { props, signal, services }) {
		const options = parseProps(MODAL_OPENER_PROPS, props);
		const { target } = options;
		const url = options.url || undefined;
		const snippet = options.snippet || undefined;
		element.addEventListener(
			"click",
			(event) => {
				if (!services.plainClick(event)) return;
				// Looked up on each click: an ajax snippet may have replaced the dialog since.
				const dialog = controlledElement(element, target);
				if (requestModal(dialog, { opener: element, url, snippet })) event.preventDefault();
			},
			{ signal },
		);
	},
} satisfies ComponentDefinition;
