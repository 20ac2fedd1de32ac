/** Calendar dates as the date input handles them: local dates (midnight), ISO text for the server. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd text as a local date, or undefined when it is not a real calendar day. */
export function fromIso(text: string): Date | undefined {
	const match = ISO.exec(text);
	return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

export function toIso(date: Date): string {
	const pad = (value: number) => String(value).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * What a person typed: day, month and a four-digit year in that order with any separators
 * ("24. 12. 2026", "24/12/2026", "24.12.2026"), or ISO yyyy-mm-dd.
 */
export function parseTyped(text: string): Date | undefined {
	const parts = text
		.trim()
		.split(/[^\d]+/)
		.filter(Boolean);
	if (parts.length !== 3) return undefined;
	const [first, second, third] = parts.map(Number) as [number, number, number];
	if (parts[0]!.length === 4) return calendarDate(first, second, third);
	return parts[2]!.length === 4 ? calendarDate(third, second, first) : undefined;
}

/** Formats for display in the page's language (cs: "24. 12. 2026", en: "24/12/2026"). */
export function formatDate(date: Date, locale: string): string {
	return new Intl.DateTimeFormat(locale === "cs" ? "cs-CZ" : "en-GB", {
		day: "numeric",
		month: "numeric",
		year: "numeric",
	}).format(date);
}

function calendarDate(year: number, month: number, day: number): Date | undefined {
	const date = new Date(year, month - 1, day);
	// new Date rolls 31 February over into March: such a day does not exist.
	return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
		? date
		: undefined;
}
