/**
 * Calendar dates of the campaign, as yyyy-mm-dd text. They are Prague dates wherever the server runs:
 * a registration at 00:30 on 2 March in Prague is from 2 March, though it is still 1 March in UTC.
 */

const TIME_ZONE = "Europe/Prague";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pragueFormat = new Intl.DateTimeFormat("en-CA", {
	timeZone: TIME_ZONE,
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
	hour: "2-digit",
	minute: "2-digit",
	second: "2-digit",
	hourCycle: "h23",
});

/** The Prague wall-clock time of an instant, read as if it were UTC (for offsets). */
function pragueWallClock(instant: Date): number {
	const parts = Object.fromEntries(
		pragueFormat.formatToParts(instant).map((part) => [part.type, part.value]),
	);
	return Date.UTC(
		Number(parts.year),
		Number(parts.month) - 1,
		Number(parts.day),
		Number(parts.hour),
		Number(parts.minute),
		Number(parts.second),
	);
}

/** The date in Prague at this instant. */
export function pragueDate(instant: Date): string {
	return new Date(pragueWallClock(instant)).toISOString().slice(0, 10);
}

/** A yyyy-mm-dd text that names a real calendar day, or undefined. */
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

/** The last moment of a Prague calendar day (a voucher is valid until the end of its last day). */
export function endOfPragueDay(date: string): Date {
	const nextMidnightAsUtc = Date.parse(`${addDays(date, 1)}T00:00:00Z`);
	// Prague is ahead of UTC by its offset at that moment; asking twice settles a DST change that night.
	let instant = nextMidnightAsUtc;
	for (let i = 0; i < 2; i++) instant = nextMidnightAsUtc - (pragueWallClock(new Date(instant)) - instant);
	return new Date(instant - 1);
}
