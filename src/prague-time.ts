import type { Lang } from "./i18n";

/**
 * The campaign runs on Czech time: "today", registration dates and validity dates are days in
 * Europe/Prague, whatever the server's zone (a registration at 00:30 on 2 March in Prague is from
 * 2 March, though it is still 1 March in UTC). Dates are YYYY-MM-DD text.
 */
export const TIME_ZONE = "Europe/Prague";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormat = new Intl.DateTimeFormat("en-CA", {
	timeZone: TIME_ZONE,
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
});
const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" });

/** Monday is 0, Sunday 6. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const clockFormat = new Intl.DateTimeFormat("en-GB", {
	timeZone: TIME_ZONE,
	weekday: "short",
	hour: "2-digit",
	minute: "2-digit",
	hourCycle: "h23",
});
const WEEKDAYS: Record<string, Weekday> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The day of the week and the minutes since midnight on a Prague wall clock (opening hours). */
export function pragueClock(now: Date): { day: Weekday; minutes: number } {
	const parts = Object.fromEntries(clockFormat.formatToParts(now).map((part) => [part.type, part.value]));
	const day = WEEKDAYS[parts.weekday ?? ""];
	if (day === undefined) throw new Error(`Unexpected weekday "${parts.weekday}"`);
	return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

// A registration asks several times and Intl formatting is slow; every instant of one minute has the
// same date (Prague's offsets are whole hours), so the last minute's answer is kept.
let lastDate = { minute: Number.NaN, date: "" };

/** The Prague date of an instant as YYYY-MM-DD (the format of vouchers.valid_until). */
export function pragueDate(instant: Date): string {
	const minute = Math.floor(instant.getTime() / 60_000);
	if (minute !== lastDate.minute) lastDate = { minute, date: dateFormat.format(instant) };
	return lastDate.date;
}

/** Minutes Prague is ahead of UTC at an instant (60 in winter, 120 in summer). */
function pragueOffsetMinutes(instant: Date): number {
	const name = offsetFormat.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
	const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
	if (!match) return 0;
	return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The UTC instant of midnight starting a Prague date (YYYY-MM-DD). */
function pragueMidnight(date: string): Date {
	const utcMidnight = Date.parse(`${date}T00:00:00Z`);
	// The offset at midnight itself: DST never switches at midnight in Prague (it does at 2:00/3:00).
	const guess = new Date(utcMidnight - pragueOffsetMinutes(new Date(utcMidnight)) * 60_000);
	return new Date(utcMidnight - pragueOffsetMinutes(guess) * 60_000);
}

/** The Prague day containing an instant, as a half-open UTC range [start, end) of ISO strings. */
export function pragueDayRange(instant: Date): { start: string; end: string } {
	const today = pragueDate(instant);
	return { start: pragueMidnight(today).toISOString(), end: pragueMidnight(addDays(today, 1)).toISOString() };
}

/** The last moment of a Prague calendar day (a voucher is valid until the end of its last day). */
export function endOfPragueDay(date: string): Date {
	return new Date(pragueMidnight(addDays(date, 1)).getTime() - 1);
}

/** A YYYY-MM-DD text that names a real calendar day, or undefined. */
export function parseIsoDate(text: string): string | undefined {
	const match = ISO_DATE.exec(text);
	if (!match) return undefined;
	const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	return date.toISOString().slice(0, 10) === text ? text : undefined;
}

export function addDays(date: string, days: number): string {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const LOCALES: Record<Lang, string> = { cs: "cs-CZ", en: "en-GB" };

/**
 * One formatter per language, made once: building one costs far more than formatting with it (a tenth
 * of a voucher page's render time in a CPU profile under load, when each date built its own).
 */
export function perLang(
	options: Intl.DateTimeFormatOptions,
	locales: Record<Lang, string> = LOCALES,
): Record<Lang, Intl.DateTimeFormat> {
	return {
		cs: new Intl.DateTimeFormat(locales.cs, options),
		en: new Intl.DateTimeFormat(locales.en, options),
	};
}
const DATE_TIME = perLang({ timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const TIME_OF_DAY = perLang({ timeZone: TIME_ZONE, timeStyle: "short" });
const LONG_DATE = perLang({ timeZone: "UTC", dateStyle: "long" });

/** An ISO instant as staff read it: Prague date and time in the page's language. */
export function formatPragueDateTime(iso: string, lang: Lang): string {
	return DATE_TIME[lang].format(new Date(iso));
}

/** An ISO instant's Prague time of day (the list of today's redemptions). */
export function formatPragueTime(iso: string, lang: Lang): string {
	return TIME_OF_DAY[lang].format(new Date(iso));
}

/** A YYYY-MM-DD date (no time zone of its own) in the page's language. */
export function formatDate(date: string, lang: Lang): string {
	return LONG_DATE[lang].format(new Date(`${date}T00:00:00Z`));
}
