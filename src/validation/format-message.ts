/**
 * Fills the placeholders the browser owns (the server already filled `%label`, `%name`, `%d`, `%s`):
 * `%value` is the value of the failing control as the user entered it, `%0`, `%1`, ... the rule's
 * arguments, a `{control}` argument standing for that control's value. Unlike Nette, a `%N` beyond the
 * arguments stays as typed instead of throwing, and a plain argument prints itself instead of "null".
 */

import { asList, isControlRef, type ValidationControl, type ValidationForm } from "./rules";

export function formatMessage(
	message: string,
	control: ValidationControl,
	arg: unknown,
	form: ValidationForm,
): string {
	const args = arg === undefined ? [] : asList(arg);
	return message.replace(/%(value|\d+)/g, (placeholder, key: string) => {
		if (key === "value") return show(control.value);
		const i = Number(key);
		if (i >= args.length) return placeholder;
		const value = args[i];
		return show(isControlRef(value) ? (form.control(value.control)?.value ?? null) : value);
	});
}

/** A value as text for a message: lists joined with ", ", files by name, nothing for null. */
export function show(value: unknown): string {
	if (value === null || value === undefined) return "";
	if (Array.isArray(value)) return value.map(show).join(", ");
	if (typeof value === "object") return show((value as { name?: unknown }).name);
	return String(value);
}
