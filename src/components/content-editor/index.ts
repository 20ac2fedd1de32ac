import type { AjaxRequest } from "../../browser/ajax/ajax";
import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";

/**
 * Edits a text block in place (the content-editing view): the save form sends what the editable element
 * shows, Enter saves instead of breaking the line, and when the server answers (the controls snippet is
 * replaced: `snippet:updated`) the element shows the text the server now holds and its message is announced. The answer
 * renders the history closed: one that was open is opened again, and focus, lost with the button pressed
 * in it, goes back to that button (or to the text when the button is gone).
 */
export default {
	connect(element, { signal }) {
		const editable = part(element, ".cms-block__text");
		const controls = part(element, ".cms-block__controls");
		const announcer = part(element, ".cms-block__announcer");
		const saveForm = () => controls.querySelector<HTMLFormElement>(".cms-block__save");
		const history = () => controls.querySelector<HTMLDetailsElement>(".cms-block__history");
		/** Where the editor was when they sent a save or restore, to put them back there after its answer. */
		let sent: { request: AjaxRequest; historyOpen: boolean } | undefined;

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
		document.addEventListener(
			"ajax:before",
			({ detail: request }) => {
				if (controls.contains(request.element)) sent = { request, historyOpen: history()?.open ?? false };
			},
			{ signal },
		);
		document.addEventListener(
			"ajax:success",
			({ detail: { request } }) => {
				if (request !== sent?.request) return;
				const details = history();
				if (details && sent.historyOpen) details.open = true;
				// The snippet code gives focus back by id, but not into a history that was closed at the time.
				if (document.activeElement === null || document.activeElement === document.body) {
					const submitter = request.submitter?.id ? document.getElementById(request.submitter.id) : null;
					(submitter && controls.contains(submitter) ? submitter : editable).focus({ preventScroll: true });
				}
				sent = undefined;
			},
			{ signal },
		);
		document.addEventListener(
			"ajax:error",
			({ detail: { request } }) => {
				if (request === sent?.request) sent = undefined;
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

		// The controls are the snippet the server's answers replace (and going back restores).
		controls.addEventListener(
			"snippet:updated",
			() => {
				const body = saveForm()?.elements.namedItem("body");
				if (body instanceof HTMLInputElement && body.value !== editable.textContent) {
					editable.textContent = body.value;
				}
				announcer.textContent = controls.querySelector(".cms-block__message")?.textContent ?? "";
			},
			{ signal },
		);
	},
} satisfies ComponentDefinition;
