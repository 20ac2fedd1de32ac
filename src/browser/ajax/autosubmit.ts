import { AUTOSUBMIT_KEYUP_DEBOUNCE } from "../../constants";

const FORM = "form[data-autosubmit]";
const TEXT_TYPES = new Set(["text", "search", "email", "tel", "url", "number", "password"]);

/**
 * Forms with data-autosubmit submit themselves on change, or 200 ms after the last keyup that changed
 * a text field — through requestSubmit, so validation runs and an `ajax` form goes by ajax. A form
 * whose data did not change since it was last sent is not sent again (change after keyup, say).
 */
export function startAutosubmit(): void {
	const sent = new WeakMap<HTMLFormElement, string>();
	const typed = new WeakMap<Element, string>();
	let timer: ReturnType<typeof setTimeout> | undefined;

	const formOf = (target: EventTarget | null) =>
		target instanceof Element ? (target.closest(FORM) as HTMLFormElement | null) : null;
	const serialize = (form: HTMLFormElement) =>
		new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
	const submit = (form: HTMLFormElement) => {
		clearTimeout(timer);
		const data = serialize(form);
		if (sent.get(form) === data) return;
		sent.set(form, data);
		form.requestSubmit();
	};

	document.addEventListener("focusin", (event) => {
		const form = formOf(event.target);
		if (!form) return;
		if (!sent.has(form)) sent.set(form, serialize(form));
		if (isTextField(event.target)) typed.set(event.target, event.target.value);
	});
	document.addEventListener("change", (event) => {
		const form = formOf(event.target);
		if (form) submit(form);
	});
	document.addEventListener("keyup", (event) => {
		const form = formOf(event.target);
		const field = event.target;
		if (!form || !isTextField(field) || typed.get(field) === field.value) return;
		typed.set(field, field.value);
		clearTimeout(timer);
		timer = setTimeout(() => submit(form), AUTOSUBMIT_KEYUP_DEBOUNCE);
	});
}

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
	return (
		target instanceof HTMLTextAreaElement ||
		(target instanceof HTMLInputElement && TEXT_TYPES.has(target.type))
	);
}
