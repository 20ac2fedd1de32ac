/** Opening hours: their stored form, Prague wall-clock time, and "open now" across midnight and DST. */
import { describe, expect, it } from "vitest";
import { isWeekHours, openingStatus, parseWeekHours, type WeekHours } from "../../src/domain/stores/hours";
import { groupDays, plural } from "../../src/pages/stores/format";
import { pragueClock } from "../../src/prague-time";

const closed: WeekHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const weekdays = [["08:00", "19:00"]] as const;
/** Mon–Fri 8–19, Saturday 8–12, Sunday closed; open until 2:00 after Friday. */
const town: WeekHours = {
	mon: weekdays,
	tue: weekdays,
	wed: weekdays,
	thu: weekdays,
	fri: [["08:00", "02:00"]],
	sat: [["08:00", "12:00"]],
	sun: [],
};
const sundays: WeekHours = { ...closed, sun: [["09:00", "21:00"]] };

describe("pragueClock", () => {
	it("reads Prague's wall clock in winter (UTC+1) and summer (UTC+2)", () => {
		expect(pragueClock(new Date("2026-01-14T10:15:00Z"))).toEqual({ day: 2, minutes: 11 * 60 + 15 });
		expect(pragueClock(new Date("2026-07-15T10:15:00Z"))).toEqual({ day: 2, minutes: 12 * 60 + 15 });
	});

	it("follows the clock changes: 2:00 becomes 3:00 in March, 3:00 becomes 2:00 in October", () => {
		expect(pragueClock(new Date("2026-03-29T00:59:00Z"))).toEqual({ day: 6, minutes: 60 + 59 });
		expect(pragueClock(new Date("2026-03-29T01:00:00Z"))).toEqual({ day: 6, minutes: 3 * 60 });
		expect(pragueClock(new Date("2026-10-25T00:30:00Z"))).toEqual({ day: 6, minutes: 2 * 60 + 30 });
		expect(pragueClock(new Date("2026-10-25T01:30:00Z"))).toEqual({ day: 6, minutes: 2 * 60 + 30 });
	});

	it("puts the day change at Prague's midnight, not UTC's", () => {
		// 23:30 UTC on Sunday is already 0:30 on Monday in Prague.
		expect(pragueClock(new Date("2026-01-18T23:30:00Z"))).toEqual({ day: 0, minutes: 30 });
	});
});

describe("openingStatus", () => {
	it("is open within the day's hours and says until when", () => {
		// Wednesday 2026-01-14, 10:00 in Prague.
		expect(openingStatus(town, new Date("2026-01-14T09:00:00Z"))).toEqual({ open: true, closes: "19:00" });
	});

	it("is closed before opening (opens today) and after closing (opens tomorrow)", () => {
		expect(openingStatus(town, new Date("2026-01-14T06:00:00Z"))).toEqual({
			open: false,
			opens: { inDays: 0, day: 2, time: "08:00" },
		});
		expect(openingStatus(town, new Date("2026-01-14T18:00:00Z"))).toEqual({
			open: false,
			opens: { inDays: 1, day: 3, time: "08:00" },
		});
	});

	it("closes exactly at closing time", () => {
		expect(openingStatus(town, new Date("2026-01-14T17:59:00Z")).open).toBe(true);
		expect(openingStatus(town, new Date("2026-01-14T18:00:00Z")).open).toBe(false);
	});

	it("stays open past midnight on the hours of the day before", () => {
		// Saturday 2026-01-17, 1:30 in Prague: Friday's hours run until 2:00.
		expect(openingStatus(town, new Date("2026-01-17T00:30:00Z"))).toEqual({ open: true, closes: "02:00" });
		// Friday 23:00 is within the same interval.
		expect(openingStatus(town, new Date("2026-01-16T22:00:00Z"))).toEqual({ open: true, closes: "02:00" });
		// Saturday 2:30: closed until Saturday's own opening.
		expect(openingStatus(town, new Date("2026-01-17T01:30:00Z"))).toEqual({
			open: false,
			opens: { inDays: 0, day: 5, time: "08:00" },
		});
	});

	it("skips a closed Sunday: after Saturday's closing it opens on Monday", () => {
		expect(openingStatus(town, new Date("2026-01-17T12:00:00Z"))).toEqual({
			open: false,
			opens: { inDays: 2, day: 0, time: "08:00" },
		});
	});

	it("judges by Prague time across daylight saving: the same UTC moment, open in summer, closed in winter", () => {
		// Sunday 7:30 UTC is 9:30 in summer time (open) …
		expect(openingStatus(sundays, new Date("2026-03-29T07:30:00Z"))).toEqual({ open: true, closes: "21:00" });
		// … and 8:30 a week earlier, in winter time (closed until 9:00).
		expect(openingStatus(sundays, new Date("2026-03-22T07:30:00Z"))).toEqual({
			open: false,
			opens: { inDays: 0, day: 6, time: "09:00" },
		});
	});

	it("opens a week later when the only opening of the week has just passed", () => {
		expect(openingStatus(sundays, new Date("2026-01-18T20:30:00Z"))).toEqual({
			open: false,
			opens: { inDays: 7, day: 6, time: "09:00" },
		});
	});

	it("is closed with no next opening for a store that never opens", () => {
		expect(openingStatus(closed, new Date("2026-01-14T09:00:00Z"))).toEqual({ open: false });
	});
});

describe("stored hours", () => {
	it("reads well-formed JSON and refuses anything else", () => {
		expect(parseWeekHours(JSON.stringify(town))).toEqual(town);
		expect(parseWeekHours("{not json")).toBeUndefined();
		expect(parseWeekHours("null")).toBeUndefined();
		expect(parseWeekHours("[]")).toBeUndefined();
	});

	it.each([
		["a day missing", { ...closed, sun: undefined }],
		["an unknown day", { ...closed, hol: [] }],
		["a time without a leading zero", { ...closed, mon: [["8:00", "12:00"]] }],
		["an impossible time", { ...closed, mon: [["08:00", "24:30"]] }],
		["opening at 24:00", { ...closed, mon: [["24:00", "02:00"]] }],
		[
			"overlapping intervals",
			{
				...closed,
				mon: [
					["08:00", "12:00"],
					["11:00", "17:00"],
				],
			},
		],
		[
			"an interval after one past midnight",
			{
				...closed,
				mon: [
					["20:00", "01:00"],
					["21:00", "22:00"],
				],
			},
		],
		["an interval that is not a pair", { ...closed, mon: [["08:00"]] }],
		["numbers for times", { ...closed, mon: [[8, 12]] }],
	])("refuses %s", (_, value) => {
		expect(isWeekHours(value)).toBe(false);
	});

	it("accepts a lunch break, a 24:00 close and a day open past midnight", () => {
		expect(
			isWeekHours({
				...closed,
				mon: [
					["08:00", "12:00"],
					["13:00", "17:00"],
				],
				tue: [["06:00", "24:00"]],
			}),
		).toBe(true);
		expect(isWeekHours(town)).toBe(true);
	});
});

describe("the week as shown", () => {
	it("groups consecutive days with the same hours", () => {
		expect(groupDays(town).map(({ from, to }) => [from, to])).toEqual([
			[0, 3],
			[4, 4],
			[5, 5],
			[6, 6],
		]);
		expect(groupDays({ ...closed, mon: weekdays, wed: weekdays })).toHaveLength(4);
	});

	it("words counts with Czech plural forms", () => {
		const forms = { one: "{count} prodejna", few: "{count} prodejny", other: "{count} prodejen" };
		expect([0, 1, 3, 5, 22].map((count) => plural("cs", count, forms))).toEqual([
			"0 prodejen",
			"1 prodejna",
			"3 prodejny",
			"5 prodejen",
			"22 prodejen",
		]);
		expect(plural("en", 3, { one: "{count} store", few: "x", other: "{count} stores" })).toBe("3 stores");
	});
});
