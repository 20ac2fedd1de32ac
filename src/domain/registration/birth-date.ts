import { REGISTRATION_RULES } from "./rules";

/**
 * The age rule: registrants must be `minAge` (rules.ts) on the day they register. The server checks it
 * with `isAdult`; the browser gets the same bound as a Nette `pattern` rule (`notLaterThanPattern`),
 * because the date-input component shows the date as the person reads it ("24. 12. 1990", "24/12/1990")
 * while the form sends yyyy-mm-dd, and only a pattern can judge both spellings alike.
 */

/** Born on this day or earlier: `minAge` years old on `today`. Someone born on 29 February comes of age on 1 March. */
export function latestAdultBirthDate(today: string): string {
	const [year, month, day] = today.split("-").map(Number) as [number, number, number];
	const birthYear = year - REGISTRATION_RULES.minAge;
	// 29 February of a year without one: the latest such birthday is 28 February.
	const lastDay = new Date(Date.UTC(birthYear, month, 0)).getUTCDate();
	const pad = (value: number) => String(value).padStart(2, "0");
	return `${birthYear}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}

export function isAdult(birthDate: string, today: string): boolean {
	return birthDate <= latestAdultBirthDate(today);
}

/** 1 to n, with an optional leading zero below 10 ("3", "03"). */
const numbersUpTo = (n: number): string[] =>
	Array.from({ length: n }, (_, i) => (i + 1 < 10 ? `0?${i + 1}` : `${i + 1}`));

const anyOf = (items: readonly string[]): string => `(?:${items.join("|")})`;

/** Four-digit years before `year`: for each digit, the same prefix and a smaller digit there. */
function yearsBefore(year: string): string {
	const items: string[] = [];
	for (let i = 0; i < 4; i++) {
		const digit = Number(year[i]);
		if (digit > 0) items.push(`${year.slice(0, i)}[0-${digit - 1}]${"\\d".repeat(3 - i)}`);
	}
	return anyOf(items);
}

/**
 * A pattern (Nette's, anchored by the engine) that matches a date written day-month-year or
 * year-month-day with any separators, on or before `bound` (yyyy-mm-dd).
 */
export function notLaterThanPattern(bound: string): string {
	const [year, monthText, dayText] = bound.split("-") as [string, string, string];
	const month = Number(monthText);
	const day = Number(dayText);
	const anyMonth = anyOf(numbersUpTo(12));
	const anyDay = anyOf(numbersUpTo(31));
	const monthOf = (n: number) => (n < 10 ? `0?${n}` : `${n}`);
	// [year, month, day] alternatives that together cover every date up to the bound.
	const earlier: [string, string, string][] = [[yearsBefore(year), anyMonth, anyDay]];
	if (month > 1) earlier.push([year, anyOf(numbersUpTo(month - 1)), anyDay]);
	earlier.push([year, monthOf(month), anyOf(numbersUpTo(day))]);
	const sep = "\\D+";
	return anyOf(earlier.flatMap(([y, m, d]) => [`${y}${sep}${m}${sep}${d}`, `${d}${sep}${m}${sep}${y}`]));
}
