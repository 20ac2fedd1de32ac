import { describe, expect, it } from "vitest";
import { formatDate, fromIso, parseTyped, toIso } from "../../src/components/date-input/date";

describe("date input dates", () => {
	it("reads day, month and year in any separators, or ISO", () => {
		for (const typed of ["24. 12. 2026", "24.12.2026", "24/12/2026", " 24-12-2026 ", "2026-12-24"]) {
			expect(toIso(parseTyped(typed)!)).toBe("2026-12-24");
		}
		expect(toIso(parseTyped("3.4.1990")!)).toBe("1990-04-03");
	});

	it("refuses days that do not exist and incomplete or two-digit-year dates", () => {
		for (const typed of [
			"31. 2. 2026",
			"29. 2. 2025",
			"0. 1. 2026",
			"1. 13. 2026",
			"24. 12.",
			"24. 12. 26",
			"zítra",
			"",
		]) {
			expect(parseTyped(typed)).toBeUndefined();
		}
		expect(toIso(parseTyped("29. 2. 2024")!)).toBe("2024-02-29");
	});

	it("converts ISO text to local dates and back", () => {
		expect(fromIso("2026-01-05")?.getDate()).toBe(5);
		expect(fromIso("2026-02-30")).toBeUndefined();
		expect(fromIso("5. 1. 2026")).toBeUndefined();
		expect(toIso(new Date(2026, 0, 5))).toBe("2026-01-05");
	});

	it("formats for the page's language", () => {
		expect(formatDate(new Date(2026, 11, 24), "cs")).toBe("24. 12. 2026");
		expect(formatDate(new Date(2026, 0, 4), "en")).toBe("04/01/2026");
	});
});
