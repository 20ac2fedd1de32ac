/**
 * Opening hours of a store (stored as JSON in `stores.opening_hours`) and whether it is open at a given
 * moment. Stores keep Czech local time, so every answer is computed in Europe/Prague whatever the
 * server's own time zone, and stays right across daylight-saving changes.
 */

import { pragueClock, type Weekday } from "../../prague-time";

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];
/** Monday is 0, as Czech calendars start the week. */
export type DayIndex = Weekday;

/** "HH:MM" local time. A closing time at or before the opening time is on the next day (open past midnight). */
export type Interval = readonly [opens: string, closes: string];

/** Each day's opening intervals in order; an empty list is a closed day. */
export type WeekHours = Readonly<Record<Day, readonly Interval[]>>;

export type OpeningStatus =
	| { readonly open: true; readonly closes: string }
	/** `opens` is missing only for a store that never opens. */
	| {
			readonly open: false;
			readonly opens?: { readonly inDays: number; readonly day: DayIndex; readonly time: string };
	  };

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const MIDNIGHT_CLOSE = "24:00";

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const runsPastMidnight = ([opens, closes]: Interval) => minutesOf(closes) <= minutesOf(opens);

/** Reads hours from the database's JSON; undefined for anything that is not well-formed. */
export function parseWeekHours(json: string): WeekHours | undefined {
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch {
		return undefined;
	}
	return isWeekHours(value) ? value : undefined;
}

export function isWeekHours(value: unknown): value is WeekHours {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
	const record = value as Record<string, unknown>;
	return Object.keys(record).length === DAYS.length && DAYS.every((day) => isDayHours(record[day]));
}

function isDayHours(value: unknown): value is readonly Interval[] {
	if (!Array.isArray(value)) return false;
	let previousClose = -1;
	for (const interval of value) {
		if (!Array.isArray(interval) || interval.length !== 2) return false;
		const [opens, closes] = interval as unknown[];
		if (typeof opens !== "string" || typeof closes !== "string" || !TIME.test(opens)) return false;
		if (!TIME.test(closes) && closes !== MIDNIGHT_CLOSE) return false;
		// Intervals follow one another; only the last may run past midnight.
		if (minutesOf(opens) <= previousClose || previousClose >= 24 * 60) return false;
		previousClose = runsPastMidnight([opens, closes]) ? 24 * 60 : minutesOf(closes);
	}
	return true;
}

const dayAfter = (day: DayIndex, days: number) => ((day + days) % 7) as DayIndex;

/** Open now (and until when), or closed (and when it opens next). */
export function openingStatus(hours: WeekHours, now: Date): OpeningStatus {
	const { day, minutes } = pragueClock(now);
	const yesterday = hours[DAYS[dayAfter(day, 6)]];
	for (const interval of yesterday) {
		if (runsPastMidnight(interval) && minutes < minutesOf(interval[1]))
			return { open: true, closes: interval[1] };
	}
	for (const interval of hours[DAYS[day]]) {
		const [opens, closes] = interval;
		if (minutes >= minutesOf(opens) && (runsPastMidnight(interval) || minutes < minutesOf(closes))) {
			return { open: true, closes };
		}
	}
	for (let inDays = 0; inDays <= 7; inDays++) {
		const next = dayAfter(day, inDays);
		const interval = hours[DAYS[next]].find(([opens]) => inDays > 0 || minutesOf(opens) > minutes);
		if (interval) return { open: false, opens: { inDays, day: next, time: interval[0] } };
	}
	return { open: false };
}
