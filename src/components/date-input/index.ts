import type { ComponentDefinition } from "../../browser/component";
import { onDismiss } from "../shared/dismiss";
import { part } from "../shared/dom";
import { parseProps } from "../shared/props";
import { afterNextPaint, whenIdle } from "../shared/schedule";
import { formatDate, fromIso, parseTyped, toIso } from "./date";
import { DATE_INPUT_PROPS } from "./props";

type PickerModule = typeof import("./picker");

/**
 * Turns the native date field into a text field that takes typed dates in the page's language and
 * opens a calendar. The calendar (React and react-day-picker) is imported only when the field gets
 * focus (then when the page is idle) or the calendar button is pressed, so pages with a date field
 * download no React until then. The popup shows at once, empty, and the calendar comes after that
 * paint: its first render is a long task on a slow phone, and the press is answered without it.
 * The form still submits yyyy-mm-dd; disconnecting restores the native field.
 */
export default {
	connect(element, { props, signal }) {
		const input = part<HTMLInputElement>(element, "input");
		const openButton = part<HTMLButtonElement>(element, ".date-input__open");
		const popover = part(element, ".date-input__popover");
		const { locale, placeholder } = parseProps(DATE_INPUT_PROPS, props, {
			locale: document.documentElement.lang === "en" ? "en" : "cs",
		});
		const min = fromIso(input.min);
		const max = fromIso(input.max);
		const initial = fromIso(input.value);

		input.type = "text";
		input.placeholder = placeholder;
		if (initial) input.value = formatDate(initial, locale);
		openButton.hidden = false;

		let picker: Promise<PickerModule> | undefined;
		const loadPicker = () => {
			picker ??= import("./picker").catch((error: unknown) => {
				picker = undefined;
				throw error;
			});
			return picker;
		};

		let unmount: (() => void) | undefined;
		let dismiss: AbortController | undefined;

		const close = () => {
			dismiss?.abort();
			dismiss = undefined;
			unmount?.();
			unmount = undefined;
			popover.hidden = true;
			openButton.setAttribute("aria-expanded", "false");
		};

		const open = async () => {
			if (dismiss) return;
			dismiss = new AbortController();
			const opened = dismiss.signal;
			onDismiss(element, opened, (reason) => {
				close();
				if (reason === "escape") openButton.focus();
			});
			popover.hidden = false;
			openButton.setAttribute("aria-expanded", "true");
			try {
				await afterNextPaint();
				const { renderPicker } = await loadPicker();
				if (opened.aborted) return;
				unmount = renderPicker(popover, {
					locale,
					selected: parseTyped(input.value),
					min,
					max,
					onSelect(date) {
						input.value = formatDate(date, locale);
						input.dispatchEvent(new Event("input", { bubbles: true }));
						input.dispatchEvent(new Event("change", { bubbles: true }));
						close();
						input.focus();
					},
				});
			} catch (error) {
				// Typing still works without the calendar.
				close();
				reportError(error);
			}
		};

		const preload = () => void loadPicker().catch(() => {});
		input.addEventListener(
			"focus",
			() => {
				if (!picker) whenIdle(preload, signal);
			},
			{ signal },
		);
		input.addEventListener(
			"keydown",
			(event) => {
				if (event.altKey && event.key === "ArrowDown") {
					event.preventDefault();
					void open();
				}
			},
			{ signal },
		);
		// Typed dates are shown back in one form, so the person sees how the date was understood.
		input.addEventListener(
			"change",
			() => {
				const date = parseTyped(input.value);
				if (date) input.value = formatDate(date, locale);
			},
			{ signal },
		);
		// On the document, capturing: formdata does not bubble, and the field may be moved into a form later.
		document.addEventListener(
			"formdata",
			(event) => {
				const date = parseTyped(input.value);
				// An unreadable date is sent as typed: the server's validation answers it.
				if (event.target === input.form && input.name && date) event.formData.set(input.name, toIso(date));
			},
			{ signal, capture: true },
		);
		openButton.addEventListener("click", () => (dismiss ? close() : void open()), { signal });

		return () => {
			close();
			const date = parseTyped(input.value);
			input.type = "date";
			input.value = date ? toIso(date) : "";
			input.removeAttribute("placeholder");
			openButton.hidden = true;
		};
	},
} satisfies ComponentDefinition;
