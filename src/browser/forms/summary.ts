/**
 * The error summary of a failed submit (the messages together in one alert, de-duplicated):
 * a role="alert" box at the top of the form, each message once, as a link to the first field with it.
 * Its markup is the server's summary's (src/forms/Form.tsx), styled by src/styles/forms-server.css.
 */
import { type DomControl, idOf } from "./dom";

const SUMMARY = "form-summary";
/** A link of a summary, the server's or ours. */
export const SUMMARY_LINK = `.${SUMMARY} a[href^="#"]`;

export interface SummaryEntry {
	readonly control: DomControl;
	readonly message: string;
}

/** Replaces the form's summary (the server's too: it has the same markup). */
export function showSummary(form: HTMLFormElement, entries: readonly SummaryEntry[], heading: string): void {
	removeSummary(form);
	// A new element, not new content: an alert inserted again is announced again, even with the same text.
	const box = document.createElement("div");
	box.className = SUMMARY;
	box.setAttribute("role", "alert");
	const title = document.createElement("p");
	title.className = `${SUMMARY}__title`;
	title.textContent = heading;
	const list = document.createElement("ul");
	const shown = new Set<string>();
	for (const { control, message } of entries) {
		if (shown.has(message)) continue;
		shown.add(message);
		const link = document.createElement("a");
		link.href = `#${idOf(control.field)}`;
		link.textContent = message;
		const item = document.createElement("li");
		item.append(link);
		list.append(item);
	}
	box.append(title, list);
	form.prepend(box);
}

export function removeSummary(form: HTMLFormElement): void {
	form.querySelector(`:scope > .${SUMMARY}`)?.remove();
}
