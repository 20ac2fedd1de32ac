import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";

/**
 * Edits a text block in place (the content-editing view): the save form sends what the editable element
 * shows, Enter saves instead of breaking the line, and when the server answers (the controls snippet is
 * replaced) the element shows the text the server now holds and its message is announced.
 */
export default {
	connect(element, { signal }) {
		const editable = part(element, ".cms-block__text");
		const controls = part(element, ".cms-block__controls");
		const announcer = part(element, ".cms-block__announcer");
		const saveForm = () => controls.querySelector<HTMLFormElement>(".cms-block__save");

		controls.addEventListener(
			"submit",
			(event) => {
				const body = saveForm()?.elements.namedItem("body");
				if (event.target === saveForm() && body instanceof HTMLInputElement) {
					body.value = editable.textContent ?? "";
				}
			},
			{ signal },
		);
		editable.addEventListener(
			"keydown",
			(event) => {
				if (event.key !== "Enter" || event.isComposing) return;
				event.preventDefault();
				saveForm()?.requestSubmit();
			},
			{ signal },
		);

		const observer = new MutationObserver(() => {
			const body = saveForm()?.elements.namedItem("body");
			if (body instanceof HTMLInputElement && body.value !== editable.textContent) {
				editable.textContent = body.value;
			}
			announcer.textContent = controls.querySelector(".cms-block__message")?.textContent ?? "";
		});
		observer.observe(controls, { childList: true });
		return () => observer.disconnect();
	},
} satisfies ComponentDefinition;
