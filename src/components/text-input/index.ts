import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { parseProps } from "../shared/props";
import { fill } from "../shared/text";
import { TEXT_INPUT_PROPS } from "./props";

/** Quiet time after the last keystroke before the remaining count is announced. */
const ANNOUNCE_DELAY = 1000;

/**
 * Keeps a text field's .form-item in sync with its value: is-filled (floating label), the clear button
 * and the maxLength counter, whose remaining count is announced politely once the user pauses near the
 * limit — never on every keystroke.
 */
export default {
	connect(element, { props, signal }) {
		const input = part<HTMLInputElement | HTMLTextAreaElement>(element, "input, textarea");
		const clear = element.querySelector<HTMLButtonElement>(".text-input__clear");
		const counter = element.querySelector<HTMLElement>(".text-input__counter");
		const announcement = element.querySelector<HTMLElement>(".text-input__announcement");
		const { counter: counterText, remaining: remainingText } = parseProps(TEXT_INPUT_PROPS, props);
		const max = input.maxLength > 0 ? input.maxLength : undefined;
		let announceTimer: ReturnType<typeof setTimeout> | undefined;

		const sync = () => {
			const filled = input.value !== "";
			element.classList.toggle("is-filled", filled);
			if (clear) clear.hidden = !filled;
			if (counter && max !== undefined)
				counter.textContent = fill(counterText, { count: input.value.length, max });
		};

		const announceLater = () => {
			clearTimeout(announceTimer);
			if (!announcement || max === undefined) return;
			const remaining = max - input.value.length;
			// Near the limit only: a fifth of it, at least ten characters.
			if (remaining > Math.max(10, Math.ceil(max / 5))) return;
			announceTimer = setTimeout(() => {
				announcement.textContent = fill(remainingText, { remaining, max });
			}, ANNOUNCE_DELAY);
		};

		input.addEventListener(
			"input",
			() => {
				sync();
				announceLater();
			},
			{ signal },
		);
		// Scripts that set the value dispatch change; a form reset restores values after its event (which
		// bubbles to the document, where it is heard even if the field was moved into a form later).
		input.addEventListener("change", sync, { signal });
		document.addEventListener(
			"reset",
			(event) => {
				if (event.target !== input.form) return;
				setTimeout(() => {
					if (!signal.aborted) sync();
				});
			},
			{ signal },
		);
		clear?.addEventListener(
			"click",
			() => {
				input.value = "";
				input.dispatchEvent(new Event("input", { bubbles: true }));
				input.dispatchEvent(new Event("change", { bubbles: true }));
				input.focus();
			},
			{ signal },
		);
		sync();

		return () => {
			clearTimeout(announceTimer);
			// A clear button without its behaviour would do nothing: hide it as the server does.
			if (clear) clear.hidden = true;
		};
	},
} satisfies ComponentDefinition;
