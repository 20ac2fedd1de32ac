import { describe, expect, it } from "vitest";
import { pragueDate, pragueDayRange } from "../../src/prague-time";
import { ean13CheckDigit, isEan13 } from "../../src/validation";

describe("EAN-13", () => {
	it("computes GS1 check digits", () => {
		expect(ean13CheckDigit("400638133393")).toBe(1); // 4006381333931, a real product
		expect(ean13CheckDigit("590123412345")).toBe(7); // the GS1 specimen 5901234123457
		expect(ean13CheckDigit("859400000000")).toBe(6);
		expect(isEan13("4006381333931")).toBe(true);
		expect(isEan13("0000000000000")).toBe(true);
	});

	it("refuses a wrong check digit, a single changed digit and anything but 13 digits", () => {
		expect(isEan13("4006381333932")).toBe(false);
		expect(isEan13("4006381333831")).toBe(false);
		for (const code of [
			"",
			"400638133393",
			"40063813339311",
			"400638133393a",
			" 4006381333931",
			"4006381333931\n",
		]) {
			expect(isEan13(code)).toBe(false);
		}
	});
});

describe("Prague days", () => {
	it("is the Czech date, not the server's", () => {
		expect(pragueDate(new Date("2026-05-11T22:30:00Z"))).toBe("2026-05-12"); // 00:30 CEST
		expect(pragueDate(new Date("2026-01-11T22:30:00Z"))).toBe("2026-01-11"); // 23:30 CET
	});

	it("spans midnight to midnight, also on the days the clocks change", () => {
		expect(pragueDayRange(new Date("2026-05-12T10:00:00Z"))).toEqual({
			start: "2026-05-11T22:00:00.000Z",
			end: "2026-05-12T22:00:00.000Z",
		});
		expect(pragueDayRange(new Date("2026-01-12T10:00:00Z"))).toEqual({
			start: "2026-01-11T23:00:00.000Z",
			end: "2026-01-12T23:00:00.000Z",
		});
		// 29 March 2026 has 23 hours in Prague, 25 October 2026 has 25.
		expect(pragueDayRange(new Date("2026-03-29T12:00:00Z"))).toEqual({
			start: "2026-03-28T23:00:00.000Z",
			end: "2026-03-29T22:00:00.000Z",
		});
		expect(pragueDayRange(new Date("2026-10-25T12:00:00Z"))).toEqual({
			start: "2026-10-24T22:00:00.000Z",
			end: "2026-10-25T23:00:00.000Z",
		});
	});
});
