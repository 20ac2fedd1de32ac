import type { Lang } from "../../i18n";

/** Vouchers live by Czech time, wherever the server runs. */
const TIME_ZONE = "Europe/Prague";

// Made once: building an Intl.DateTimeFormat costs more than a page's other date work together (a
// tenth of a voucher page's render time, in a CPU profile under load).
const DATE: Record<Lang, Intl.DateTimeFormat> = {
	cs: new Intl.DateTimeFormat("cs", { dateStyle: "medium", timeZone: TIME_ZONE }),
	en: new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: TIME_ZONE }),
};
const TIME: Record<Lang, Intl.DateTimeFormat> = {
	cs: new Intl.DateTimeFormat("cs", { timeStyle: "short", timeZone: TIME_ZONE }),
	en: new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone: TIME_ZONE }),
};
const ISO_DATE = new Intl.DateTimeFormat("en-CA", { dateStyle: "short", timeZone: TIME_ZONE });

/** "21. 1. 2027" in Czech, "Jan 21, 2027" in English. */
export function formatDate(date: Date, lang: Lang): string {
	return DATE[lang].format(date);
}

/** "14:05" in Czech, "2:05 PM" in English. */
export function formatTime(date: Date, lang: Lang): string {
	return TIME[lang].format(date);
}

/** The calendar date in Prague as `<time datetime>` wants it: 2027-01-21. */
export function isoDate(date: Date): string {
	return ISO_DATE.format(date);
}
