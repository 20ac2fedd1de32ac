import { describe, expect, it } from "vitest";
import { isAdult, latestAdultBirthDate, notLaterThanPattern } from "../../src/domain/registration/birth-date";
import { normalisePhone } from "../../src/domain/registration/phone";
import { randomVoucherCode, VOUCHER_PREFIX } from "../../src/server/voucher-code";
import { ean13CheckDigit, isEan13, validators } from "../../src/validation";

/** The pattern rule as the validation engine (browser and server) judges it. */
const matches = (pattern: string, value: string) =>
	validators.pattern?.(value, pattern, undefined as never) === true;

describe("EAN-13", () => {
	it("computes check digits of known codes", () => {
		expect(ean13CheckDigit("400638133393")).toBe(1); // 4006381333931
		expect(ean13CheckDigit("590123412345")).toBe(7); // 5901234123457
		expect(isEan13("4006381333931")).toBe(true);
		expect(isEan13("4006381333932")).toBe(false);
	});

	it("generates in-store codes with a valid check digit, drawing fresh digits each time", () => {
		const codes = Array.from({ length: 2000 }, () => randomVoucherCode());
		for (const code of codes) {
			expect(code.startsWith(VOUCHER_PREFIX)).toBe(true);
			expect(isEan13(code)).toBe(true);
		}
		expect(new Set(codes).size).toBe(codes.length);
		expect(randomVoucherCode(() => 42)).toBe(
			`${VOUCHER_PREFIX}0000000042${ean13CheckDigit(`${VOUCHER_PREFIX}0000000042`)}`,
		);
	});
});

describe("phone numbers", () => {
	it.each([
		["603 123 456", "+420603123456"],
		["+420 603-123-456", "+420603123456"],
		["00420 603123456", "+420603123456"],
		["(+421) 903 123 456", "+421903123456"],
		["0049 30 1234567", "+49301234567"],
	])("normalises %s to %s", (typed, e164) => {
		expect(normalisePhone(typed)).toBe(e164);
	});

	it.each(["123 456 789", "603 123 45", "+420 12345", "+0 123 456 789", "abc", "603 123 4567"])(
		"refuses %s",
		(typed) => {
			expect(normalisePhone(typed)).toBeUndefined();
		},
	);
});

describe("age rule", () => {
	it("admits the 18th birthday today and refuses it tomorrow", () => {
		expect(isAdult("2008-03-10", "2026-03-10")).toBe(true);
		expect(isAdult("2008-03-11", "2026-03-10")).toBe(false);
	});

	it("lets someone born on 29 February come of age on 1 March of a common year", () => {
		expect(isAdult("2008-02-29", "2026-02-28")).toBe(false);
		expect(isAdult("2008-02-29", "2026-03-01")).toBe(true);
		expect(latestAdultBirthDate("2024-02-29")).toBe("2006-02-28");
	});

	it("gives the browser a pattern that agrees with the server in both spellings", () => {
		const today = "2026-03-10";
		const pattern = notLaterThanPattern(latestAdultBirthDate(today));
		const dates = [
			"2008-03-10",
			"2008-03-11",
			"2008-02-29",
			"2007-12-31",
			"2009-01-01",
			"1950-06-15",
			"2008-04-01",
		];
		for (const date of dates) {
			const [y, m, d] = date.split("-");
			const shown = [date, `${Number(d)}. ${Number(m)}. ${y}`, `${d}/${m}/${y}`];
			for (const text of shown) expect(matches(pattern, text), text).toBe(isAdult(date, today));
		}
	});
});
