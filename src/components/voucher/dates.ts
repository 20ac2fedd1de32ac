import type { Lang } from "../../i18n";

/** Vouchers live by Czech time, wherever the server runs. */
const TIME_ZONE = "Europe/Prague";

/** "21. 1. 2027" in Czech, "Jan 21, 2027" in English. */
export function formatDate(date: Date, lang: Lang): string {
	return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: TIME_ZONE }).format(date);
}

/** "14:05" in Czech, "2:05 PM" in English. */
export function formatTime(date: Date, lang: Lang): string {
	return new Intl.DateTimeFormat(lang, { timeStyle: "short", timeZone: TIME_ZONE }).format(date);
}

/** The calendar date in Prague as `<time datetime>` wants it: 2027-01-21. */
export function isoDate(date: Date): string {
	return new Intl.DateTimeFormat("en-CA", { dateStyle: "short", timeZone: TIME_ZONE }).format(date);
}
