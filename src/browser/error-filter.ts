import type { ErrorEvent } from "@sentry/browser";

/** The Seznam browser (Czech), whose own scripts report a form as unavailable on some pages. */
export const SEZNAM_USER_AGENT = /SznProhlizec/;
const NOT_DEFINED = /\bis not defined\b/;
const FORM_UNAVAILABLE = /\bform\b.*\b(?:not available|unavailable)\b/i;

/** The error-reporting filter (docs/behaviour.md, Error reporting): true for events that are noise, not our bugs. */
export function isIgnoredError(event: ErrorEvent, userAgent: string, seznam = SEZNAM_USER_AGENT): boolean {
	const messages = [
		event.message ?? "",
		...(event.exception?.values ?? []).map((value) => value.value ?? ""),
	];
	return messages.some(
		(message) => NOT_DEFINED.test(message) || (seznam.test(userAgent) && FORM_UNAVAILABLE.test(message)),
	);
}
