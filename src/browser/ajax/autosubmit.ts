import { AUTOSUBMIT_KEYUP_DEBOUNCE } from "../../constants";

const FORM = "form[data-autosubmit]";
const TEXT_TYPES = new Set(["text", "search", "email", "tel", "url", "number", "password"]);

/**
 * Forms with data-autosubmit submit themselves on change, or 200 ms after the last keyup (or other
 * input) that changed a text field — through requestSubmit, so validation runs and an `ajax` form goes
 * by ajax. A form whose data did not change since it was last sent is not sent again (change after
 * keyup, say), unless that request never got its answer shown.
 *
 * The module loads once the page has such a form (forms/shim.ts): what was typed or chosen before that
 * is sent at once, as the page still shows what its form held when rendered.
 */
export function startAutosubmit(): void {
	// The data each form last sent, or the data it had when first focused; null: its request was aborted
	// or failed, so whatever the form holds now is not what the page shows.
	const sent = new WeakMap<Element, string | null>();
	const typed = new WeakMap<Element, string>();
	let timer: ReturnType<typeof setTimeout> | undefined;

	// The target may be the document or the window, which have no closest().
	const formOf = (target: EventTarget | null) => (target as Element).closest?.<HTMLFormElement>(FORM);
	const serialize = (data: FormData | URLSearchParams | string) => String(new URLSearchParams(data as never));
	const submit = (form: HTMLFormElement) => {
		clearTimeout(timer);
		const data = serialize(new FormData(form));
		if (sent.get(form) === data) return;
		sent.set(form, data);
		form.requestSubmit();
	};

	document.addEventListener("focusin", (event) => {
		const form = formOf(event.target);
		if (!form) return;
		if (!sent.has(form)) sent.set(form, serialize(new FormData(form)));
		if (isTextField(event.target)) typed.set(event.target, event.target.value);
	});
	const onChange = (event: Event) => {
		const form = formOf(event.target);
		if (form) submit(form);
	};
	document.addEventListener("change", onChange);
	// Leaving a field sends it too: after an aborted request no change event comes for data already typed.
	document.addEventListener("focusout", onChange);
	// A request aborted (Escape, a link outside the snippets) or failed left the page showing other data
	// than the form's: forget it was sent, unless the form's own newer request aborted it (that one carries
	// the data).
	document.addEventListener("ajax:error", ({ detail: { request } }) => {
		if (sent.get(request.element) === serialize(request.body ?? new URL(request.url).search))
			sent.set(request.element, null);
	});
	// Text that comes without keys (pasted with the mouse, filled in by the browser, dictated) is typing
	// too: `input` counts as a keyup that changed the field.
	const onTyping = (event: Event) => {
		const form = formOf(event.target);
		const field = event.target;
		if (!form || !isTextField(field) || typed.get(field) === field.value) return;
		typed.set(field, field.value);
		clearTimeout(timer);
		timer = setTimeout(() => submit(form), AUTOSUBMIT_KEYUP_DEBOUNCE);
	};
	document.addEventListener("keyup", onTyping);
	document.addEventListener("input", onTyping);

	for (const form of document.querySelectorAll<HTMLFormElement>(FORM)) {
		sent.set(form, serialize(renderedData(form)));
		submit(form);
	}
}

/** A form's data as the server rendered it: a copy of the form, reset to its default values. */
function renderedData(form: HTMLFormElement): FormData {
	const copy = form.cloneNode(true) as HTMLFormElement;
	copy.reset();
	return new FormData(copy);
}

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
	return (
		target instanceof HTMLTextAreaElement ||
		(target instanceof HTMLInputElement && TEXT_TYPES.has(target.type))
	);
}
