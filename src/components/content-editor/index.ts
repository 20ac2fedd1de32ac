import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";

/**
 * Edits a text block in place (the content-editing view): the save form sends what the editable element
 * shows, Enter saves instead of breaking the line, and when the server answers (the controls snippet is
 * replaced) the element shows the text the server now holds and its message is announced. The answer
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
		/** Where the editor was when they sent a save or restore, to put them back there after the answer. */
		let sentFrom: { historyOpen: boolean; submitterId: string | undefined } | undefined;

		controls.addEventListener(
			"submit",
			(event) => {
				const body = saveForm()?.elements.namedItem("body");
				if (event.target === saveForm() && body instanceof HTMLInputElement) {
					body.value = editable.textContent ?? "";
				}
				sentFrom = { historyOpen: history()?.open ?? false, submitterId: event.submitter?.id || undefined };
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
			if (!sentFrom) return;
			const details = history();
			if (details && sentFrom.historyOpen) details.open = true;
			// The snippet code restores focus by id, but not into a history that was closed at the time.
			if (document.activeElement === null || document.activeElement === document.body) {
				const submitter = sentFrom.submitterId ? document.getElementById(sentFrom.submitterId) : null;
				(submitter && controls.contains(submitter) ? submitter : editable).focus({ preventScroll: true });
			}
			sentFrom = undefined;
		});
		observer.observe(controls, { childList: true });
		return () => observer.disconnect();
	},
} satisfies ComponentDefinition;
