import { describe, expect, it } from "vitest";
import type { ControlValue, ValidationForm, ValidatorContext } from "../../../src/validation";
import { EAN13, ean13CheckDigit, parseRules, validatorName, validators } from "../../../src/validation";

const form: ValidationForm = { control: () => undefined };

/** Runs a validator: its verdict and the value it leaves for the next rule. */
function run(name: string, value: ControlValue, arg?: unknown, type?: string) {
	const context: ValidatorContext = {
		control: { name: "x", value, ...(type && { type }) },
		form,
		value,
		valid: () => true,
	};
	const result = validators[name]!(value, arg, context);
	return { result, value: context.value };
}
const verdict = (name: string, value: ControlValue, arg?: unknown, type?: string) =>
	run(name, value, arg, type).result;

const png = { name: "a.png", size: 100, type: "image/png" };
const webp = { name: "a.webp", size: 100, type: "image/webp" };
const pdf = { name: "a.pdf", size: 5000, type: "application/pdf" };

describe("filled and blank", () => {
	it("empty means '', false, null or an empty list", () => {
		for (const empty of ["", false, null, [], []] as ControlValue[]) {
			expect(verdict("filled", empty)).toBe(false);
			expect(verdict("blank", empty)).toBe(true);
		}
		for (const filled of ["0", " ", 0, true, ["a"], [png]] as ControlValue[]) {
			expect(verdict("filled", filled)).toBe(true);
			expect(verdict("blank", filled)).toBe(false);
		}
	});
});

describe("equal and notEqual", () => {
	it("compares as strings, true as '1'", () => {
		expect(verdict("equal", "5", 5)).toBe(true);
		expect(verdict("equal", 5, "5")).toBe(true);
		expect(verdict("equal", true, "1")).toBe(true);
		expect(verdict("equal", true, true)).toBe(true);
		expect(verdict("equal", false, "")).toBe(true);
		expect(verdict("equal", "a", "A")).toBe(false);
	});

	it("any of the arguments; every item of a list", () => {
		expect(verdict("equal", "b", ["a", "b"])).toBe(true);
		expect(verdict("equal", ["a", "b"], ["a", "b", "c"])).toBe(true);
		expect(verdict("equal", ["a", "d"], ["a", "b", "c"])).toBe(false);
		expect(verdict("equal", [], ["a"])).toBe(false);
		expect(verdict("equal", "a", [])).toBe(false);
	});

	it("skips without an argument", () => {
		expect(verdict("equal", "a")).toBeNull();
		expect(verdict("notEqual", "a")).toBeNull();
		expect(verdict("notEqual", "a", "b")).toBe(true);
		expect(verdict("notEqual", "a", ["b", "a"])).toBe(false);
	});
});

describe("minLength, maxLength, length", () => {
	it("counts characters of text and numbers", () => {
		expect(verdict("minLength", "abc", 3)).toBe(true);
		expect(verdict("minLength", "ab", 3)).toBe(false);
		expect(verdict("maxLength", "abc", 3)).toBe(true);
		expect(verdict("maxLength", "abcd", 3)).toBe(false);
		expect(verdict("minLength", 12345, 5)).toBe(true);
		expect(verdict("length", "abc", 3)).toBe(true);
		expect(verdict("length", "ab", 3)).toBe(false);
	});

	it("counts Unicode code points: an emoji or an accented letter is one character", () => {
		expect(verdict("maxLength", "😀😀😀", 3)).toBe(true);
		expect(verdict("minLength", "😀😀", 3)).toBe(false);
		expect(verdict("length", "žluť", 4)).toBe(true);
		expect(verdict("length", "𝕏", 1)).toBe(true);
	});

	it("takes a [min, max] range with open ends", () => {
		expect(verdict("length", "abc", [2, 4])).toBe(true);
		expect(verdict("length", "a", [2, 4])).toBe(false);
		expect(verdict("length", "abcde", [2, 4])).toBe(false);
		expect(verdict("length", "abcdefgh", [2, null])).toBe(true);
		expect(verdict("length", "", [null, 4])).toBe(true);
	});

	it("counts items of checkbox lists, multi-selects and file lists", () => {
		expect(verdict("minLength", ["a", "b"], 2)).toBe(true);
		expect(verdict("maxLength", ["a", "b", "c"], 2)).toBe(false);
		expect(verdict("length", [png, pdf], [1, 2])).toBe(true);
		expect(verdict("length", [png, pdf, webp], [1, 2])).toBe(false);
	});

	it("fails on values without a length", () => {
		expect(verdict("minLength", true, 0)).toBe(false);
		expect(verdict("maxLength", true, 10)).toBe(false);
		expect(verdict("length", null, [null, null])).toBe(true);
	});
});

describe("email", () => {
	it("accepts Nette's addresses, international domains included", () => {
		for (const ok of ["a@b.cz", "first.last+tag@example.co.uk", '"John Doe"@example.com', "jan@příklad.cz"]) {
			expect(verdict("email", ok), ok).toBe(true);
		}
		for (const bad of ["", "a", "a@", "@b.cz", "a@b", "a b@c.cz", "a@b.c1"]) {
			expect(verdict("email", bad), bad).toBe(false);
		}
	});
});

describe("url", () => {
	it("adds http:// when no scheme was typed and passes the prefixed URL on", () => {
		expect(run("url", "nette.org")).toEqual({ result: true, value: "http://nette.org" });
		expect(run("url", "www.nette.org/path?q=1")).toEqual({
			result: true,
			value: "http://www.nette.org/path?q=1",
		});
		expect(run("url", "192.168.1.1/x")).toEqual({ result: true, value: "http://192.168.1.1/x" });
	});

	it("keeps a typed scheme, in any case", () => {
		expect(run("url", "https://nette.org")).toEqual({ result: true, value: "https://nette.org" });
		expect(run("url", "HTTPS://Nette.org")).toEqual({ result: true, value: "HTTPS://Nette.org" });
	});

	it("rejects other schemes and non-URLs without changing the value", () => {
		expect(run("url", "ftp://nette.org")).toEqual({ result: false, value: "ftp://nette.org" });
		expect(run("url", "not a url")).toEqual({ result: false, value: "not a url" });
		// As in Nette, "host:port" without a scheme reads as the scheme "host:".
		expect(run("url", "localhost:80")).toEqual({ result: false, value: "localhost:80" });
		expect(run("url", "nette.org:8080")).toEqual({ result: false, value: "nette.org:8080" });
		expect(verdict("url", "http://nette.org:8080")).toBe(true);
		expect(verdict("url", "http://[::1]/x")).toBe(true);
		expect(verdict("url", "http://příklad.cz")).toBe(true);
	});
});

describe("regexp, pattern, patternCaseInsensitive", () => {
	it("regexp takes a /PHP-style/ expression with i, m, u flags", () => {
		expect(verdict("regexp", "abc", "/^a/")).toBe(true);
		expect(verdict("regexp", "ABC", "/^a/")).toBe(false);
		expect(verdict("regexp", "ABC", "/^a/i")).toBe(true);
		expect(verdict("regexp", "x\nab", "/^a/m")).toBe(true);
		expect(verdict("regexp", "ž", "/^.$/u")).toBe(true);
	});

	it("regexp skips an unusable expression and fails a non-string argument, as Nette does", () => {
		expect(verdict("regexp", "abc", "/[/")).toBeNull();
		expect(verdict("regexp", "abc", "/(/i")).toBeNull();
		expect(verdict("regexp", "abc", "no delimiters")).toBeNull();
		expect(verdict("regexp", "abc", "/a/g")).toBeNull();
		expect(verdict("regexp", "abc", 5)).toBe(false);
	});

	it("pattern matches the whole value, with Unicode semantics when the pattern allows", () => {
		expect(verdict("pattern", "abc", "[a-c]+")).toBe(true);
		expect(verdict("pattern", "abcd", "[a-c]+")).toBe(false);
		expect(verdict("pattern", "xabc", "abc")).toBe(false);
		expect(verdict("pattern", "a|b", "a|b")).toBe(false);
		expect(verdict("pattern", "b", "a|b")).toBe(true);
		expect(verdict("pattern", "Žluť", "\\p{L}+")).toBe(true);
		expect(verdict("pattern", "😀", ".")).toBe(true);
		// Valid only without the u flag: retried without it, as Nette does.
		expect(verdict("pattern", "-", "\\-")).toBe(true);
	});

	it("pattern is case-sensitive, patternCaseInsensitive is not", () => {
		expect(verdict("pattern", "ABC", "abc")).toBe(false);
		expect(verdict("patternCaseInsensitive", "ABC", "abc")).toBe(true);
		expect(verdict("patternCaseInsensitive", "ŽLUŤ", "žluť")).toBe(true);
	});

	it("bad expressions and non-string arguments skip the rule instead of throwing", () => {
		for (const bad of ["(", "[", "a{2,1}", "(?<", "\\"]) {
			expect(verdict("pattern", "abc", bad), bad).toBeNull();
			expect(verdict("patternCaseInsensitive", "abc", bad), bad).toBeNull();
		}
		expect(verdict("pattern", "abc", 5)).toBeNull();
		expect(verdict("pattern", "abc", null)).toBeNull();
	});

	it("pattern checks the name of every file", () => {
		expect(verdict("pattern", [png, webp], "a\\.\\w+")).toBe(true);
		expect(verdict("pattern", [png, pdf], ".*\\.png")).toBe(false);
	});
});

describe("numeric, integer, float", () => {
	it("numeric means digits only and keeps the text", () => {
		expect(run("numeric", "007")).toEqual({ result: true, value: "007" });
		expect(verdict("numeric", "-7")).toBe(false);
		expect(verdict("numeric", "7.5")).toBe(false);
	});

	it("integer accepts a sign and yields a number", () => {
		expect(run("integer", "42")).toEqual({ result: true, value: 42 });
		expect(run("integer", "-007")).toEqual({ result: true, value: -7 });
		expect(run("integer", "4.2")).toEqual({ result: false, value: "4.2" });
		expect(run("integer", "1e3")).toEqual({ result: false, value: "1e3" });
		expect(run("integer", "+4")).toEqual({ result: false, value: "+4" });
		expect(run("integer", 12)).toEqual({ result: true, value: 12 });
	});

	it("float drops spaces, reads a comma as the decimal point and yields a number", () => {
		expect(run("float", "3,14")).toEqual({ result: true, value: 3.14 });
		expect(run("float", "1 000 000,5")).toEqual({ result: true, value: 1000000.5 });
		expect(run("float", "-.5")).toEqual({ result: true, value: -0.5 });
		expect(run("float", "5.")).toEqual({ result: false, value: "5." });
		expect(run("float", "1,000.5")).toEqual({ result: false, value: "1,000.5" });
		expect(run("float", "abc")).toEqual({ result: false, value: "abc" });
	});

	it("float accepts the number integer left behind", () => {
		expect(run("float", 12)).toEqual({ result: true, value: 12 });
		expect(run("float", -0.5)).toEqual({ result: true, value: -0.5 });
	});
});

describe("min, max, range", () => {
	it("compare numbers when the bound is a finite number", () => {
		expect(verdict("min", "10", 9.5)).toBe(true);
		expect(verdict("min", "9", 9.5)).toBe(false);
		expect(verdict("max", 10, 10)).toBe(true);
		expect(verdict("max", "10.01", 10)).toBe(false);
		expect(verdict("min", "abc", 0)).toBe(false);
		expect(verdict("range", "5", [1, 10])).toBe(true);
		expect(verdict("range", "11", [1, 10])).toBe(false);
		expect(verdict("range", "-1", [null, 10])).toBe(true);
		expect(verdict("range", "1000", [1, null])).toBe(true);
	});

	it("compare strings otherwise: date and time bounds", () => {
		expect(verdict("min", "2024-05-01", "2024-01-01")).toBe(true);
		expect(verdict("min", "2023-12-31", "2024-01-01")).toBe(false);
		expect(verdict("max", "09:59", "10:00")).toBe(true);
		expect(verdict("range", "2024-06-15", ["2024-01-01", "2024-12-31"])).toBe(true);
		expect(verdict("range", "2025-01-01", ["2024-01-01", "2024-12-31"])).toBe(false);
	});

	it("a time range whose minimum is above its maximum wraps past midnight", () => {
		expect(verdict("range", "23:30", ["22:00", "06:00"], "time")).toBe(true);
		expect(verdict("range", "05:00", ["22:00", "06:00"], "time")).toBe(true);
		expect(verdict("range", "12:00", ["22:00", "06:00"], "time")).toBe(false);
		expect(verdict("range", "23:30", ["22:00", "06:00"], "text")).toBe(false);
	});

	it("range needs a list", () => {
		expect(verdict("range", "5", 5)).toBeNull();
	});
});

describe("files", () => {
	it("fileSize limits every file", () => {
		expect(verdict("fileSize", [png], 100)).toBe(true);
		expect(verdict("fileSize", [png, pdf], 1000)).toBe(false);
		expect(verdict("fileSize", [], 0)).toBe(true);
	});

	it("mimeType takes types and wildcards; files of unknown type pass", () => {
		expect(verdict("mimeType", [png], "image/*")).toBe(true);
		expect(verdict("mimeType", [png, pdf], "image/*")).toBe(false);
		expect(verdict("mimeType", [png, pdf], ["image/png", "application/pdf"])).toBe(true);
		expect(verdict("mimeType", [pdf], "application/*")).toBe(true);
		expect(verdict("mimeType", [pdf], "*/*")).toBe(true);
		expect(verdict("mimeType", [png], "image/pn")).toBe(false);
		expect(verdict("mimeType", [{ name: "x", size: 1, type: "" }], "image/*")).toBe(true);
		expect(verdict("mimeType", [{ name: "x", size: 1, type: "imageXpng" }], "image.png")).toBe(false);
	});

	it("image accepts gif, png and jpeg only (the site's rule), or the types given", () => {
		expect(verdict("image", [png, { name: "a.gif", size: 1, type: "image/gif" }])).toBe(true);
		expect(verdict("image", [{ name: "a.jpg", size: 1, type: "image/jpeg" }])).toBe(true);
		expect(verdict("image", [webp])).toBe(false);
		expect(verdict("image", [{ name: "a.svg", size: 1, type: "image/svg+xml" }])).toBe(false);
		expect(verdict("image", [pdf])).toBe(false);
		expect(verdict("image", [webp], ["image/webp"])).toBe(true);
	});
});

describe("static, submitted, valid", () => {
	it("static answers its argument; null skips", () => {
		expect(verdict("static", "", true)).toBe(true);
		expect(verdict("static", "", false)).toBe(false);
		expect(verdict("static", "", null)).toBeNull();
	});

	it("submitted compares the form's submitter with the control", () => {
		const context = (submitter?: string | null): ValidatorContext => ({
			control: { name: "save", value: "Save" },
			form: { control: () => undefined, submitter },
			value: "Save",
			valid: () => true,
		});
		expect(validators.submitted!("Save", undefined, context("save"))).toBe(true);
		expect(validators.submitted!("Save", undefined, context("cancel"))).toBe(false);
		expect(validators.submitted!("Save", undefined, context(null))).toBe(false);
		expect(validators.submitted!("Save", undefined, context())).toBe(false);
	});

	it("valid asks the context", () => {
		const context: ValidatorContext = {
			control: { name: "a", value: "" },
			form,
			value: "",
			valid: () => false,
		};
		expect(validators.valid!("", undefined, context)).toBe(false);
	});
});

describe("EAN-13 (our Lumen\\Validators::ean13)", () => {
	const ean13 = validatorName(EAN13);

	it("is found under the name Nette gives the PHP callable, from Nette's export and from ours", () => {
		expect(ean13).toBe("LumenValidators_ean13");
		expect(parseRules('[{"op":"Lumen\\\\Validators::ean13","msg":"x"}]')[0]?.op).toBe(ean13);
		expect(parseRules('[{"op":"~:LumenValidators_ean13","msg":"x"}]')[0]).toMatchObject({
			op: ean13,
			neg: true,
		});
	});

	it("accepts 13 digits with their check digit, also a number (after integer)", () => {
		for (const code of ["4006381333931", "5901234123457", "2900000000001", "0000000000000"]) {
			expect(verdict(ean13, code), code).toBe(true);
		}
		expect(verdict(ean13, 4006381333931)).toBe(true);
	});

	it("refuses a wrong check digit, swapped digits, other lengths, spaces and other characters", () => {
		for (const code of [
			"4006381333932",
			"4006383133931",
			"400638133393",
			"40063813339310",
			"4006 381333931",
			" 4006381333931",
			"400638133393a",
			"４００６３８１３３３９３１",
			"",
		]) {
			expect(verdict(ean13, code), code).toBe(false);
		}
		expect(verdict(ean13, ["4006381333931"])).toBe(false);
		expect(verdict(ean13, true)).toBe(false);
	});

	it("gives the check digit voucher codes end with", () => {
		expect(ean13CheckDigit("400638133393")).toBe(1);
		expect(() => ean13CheckDigit("40063813339")).toThrow(TypeError);
	});
});
