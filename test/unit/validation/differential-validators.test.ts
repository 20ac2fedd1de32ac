/**
 * Every validator against the real netteForms.js 3.5.3 on a generated grid of values and arguments.
 * Deliberate differences are asserted explicitly below the grid, each with its reason.
 */

import { describe, expect, it } from "vitest";
import type { ControlValue, FileInfo, ValidationForm, ValidatorContext } from "../../../src/validation";
import { validators } from "../../../src/validation";
import { fakeElement, loadNette, toNette } from "./nette";

const nette = loadNette();

type Outcome = { result: boolean | null; value: unknown } | "throws";

function theirs(name: string, value: ControlValue, arg: unknown, type = "text"): Outcome {
	const input = toNette(value);
	const ref = { value: input };
	try {
		const result = nette.validators[name]!.call(nette.validators, fakeElement(type), arg, input, ref);
		return { result: result === null ? null : !!result, value: ref.value };
	} catch {
		return "throws";
	}
}

const form: ValidationForm = { control: () => undefined };

function ours(name: string, value: ControlValue, arg: unknown, type = "text"): Outcome {
	const context: ValidatorContext = { control: { name: "x", value, type }, form, value, valid: () => true };
	const result = validators[name]!(value, arg, context);
	return { result, value: context.value };
}

const strings = [
	"",
	"0",
	"1",
	"12",
	"-5",
	"007",
	"3.14",
	"3,14",
	"-.5",
	"5.",
	"1 000,5",
	"1e5",
	"12abc",
	"abc",
	"Ahoj",
	"AHOJ",
	"žluťoučký kůň",
	"a\nb",
	"a@b.cz",
	"user.name+tag@example.com",
	'"quoted"@example.com',
	"jan@příklad.cz",
	"x@y",
	"@example.com",
	"nette.org",
	"http://nette.org",
	"https://nette.org/path?q=1#x",
	"ftp://nette.org",
	"mailto:a@b.cz",
	"localhost",
	"localhost:8080",
	"192.168.0.1",
	"[::1]",
	"http://[::1]:80/x",
	"https://a_b.example.com",
	"nette.org/a b",
	"2024-01-15",
	"2023-12-31",
	"2025-01-01",
	"10:30",
	"23:00",
	"05:00",
	"ab",
	"abcd",
	"abcdef",
];
const values: ControlValue[] = [
	...strings,
	0,
	5,
	12.5,
	-3,
	true,
	false,
	[],
	["a"],
	["a", "b"],
	["1", "2", "3"],
];
const files: FileInfo[][] = [
	[],
	[{ name: "photo.png", size: 500, type: "image/png" }],
	[{ name: "photo.webp", size: 500, type: "image/webp" }],
	[
		{ name: "a.gif", size: 50, type: "image/gif" },
		{ name: "b.jpg", size: 5000, type: "image/jpeg" },
	],
	[{ name: "doc.pdf", size: 100, type: "application/pdf" }],
	[{ name: "unknown.bin", size: 10, type: "" }],
	[{ name: "Čtení.TXT", size: 1000, type: "text/plain" }],
];

const grid: Record<string, { args: unknown[]; values?: ControlValue[]; type?: string }> = {
	filled: { args: [undefined] },
	blank: { args: [undefined] },
	equal: {
		args: [undefined, null, "a", "1", 1, 5, true, "", ["a", "b"], ["1"], [], ["abc", 12], ["a", "b", "c"]],
	},
	notEqual: { args: [undefined, null, "a", 1, ["a", "b"], ["12", "abc"]] },
	minLength: { args: [0, 1, 2, 3, 5, "3"] },
	maxLength: { args: [0, 1, 2, 3, 5] },
	length: { args: [0, 2, 3, [1, 3], [null, 3], [2, null], [null, null], [4, 6]] },
	email: { args: [undefined] },
	url: { args: [undefined] },
	regexp: {
		args: ["/^a/", "/^A/i", "/^[a-z]+$/", "/\\d+/u", "/^\\w+$/m", "/[/", "/(/i", "abc", "/x/g", 5, null],
	},
	pattern: { args: ["a.*", "[0-9]+", "-?\\d+", "\\w+", "ahoj", "(", "[", "\\p{L}+", "\\-", 5, null] },
	patternCaseInsensitive: { args: ["ahoj", "[a-z]+", "\\p{Lu}+", "(", 5] },
	numeric: { args: [undefined] },
	integer: { args: [undefined], values: [...strings, 0, 5, 12.5, -3] },
	float: { args: [undefined], values: strings },
	min: { args: [0, 5, 10.5, -4, "2024-01-01", "10:00", "abc"] },
	max: { args: [0, 5, 10.5, -4, "2024-01-01", "10:00", "abc"] },
	range: {
		args: [
			[1, 10],
			[null, 5],
			[5, null],
			[null, null],
			["2024-01-01", "2024-12-31"],
			["10:00", "12:00"],
			5,
			null,
		],
	},
	rangeTime: {
		args: [
			["22:00", "06:00"],
			["10:00", "12:00"],
			["10:00", "10:00"],
		],
		type: "time",
	},
	fileSize: { args: [100, 1000, 0], values: files },
	mimeType: {
		args: ["image/*", ["image/png", "application/pdf"], "text/plain", "application/*", ""],
		values: files,
	},
	image: { args: [["image/png"], "image/*"], values: files },
	pattern_files: { args: ["[a-z]+\\.png", ".*\\.(gif|jpg)", "(", "\\w+\\.\\w+"], values: files },
	static: { args: [true, false, null, 1, 0, "yes"] },
};

// Our validators never throw; Nette's do on values the engine never gives them in a sane form.
const netteThrows = (name: string, value: ControlValue): boolean =>
	(name === "float" && typeof value !== "string") ||
	(/Length|^length$/.test(name) && (typeof value === "boolean" || value === null));

// Counting code points (our choice) against UTF-16 units (Nette): only astral characters differ.
const astral = /[\u{10000}-\u{10FFFF}]/u;

describe("validators agree with nette-forms 3.5.3", () => {
	for (const [key, { args, values: own = values, type }] of Object.entries(grid)) {
		const name = key.replace(/Time$|_files$/, "");
		it(`${key} on ${own.length} values × ${args.length} arguments`, () => {
			let compared = 0;
			for (const value of own) {
				for (const arg of args) {
					const expected = theirs(name, value, arg, type);
					const actual = ours(name, value, arg, type);
					if (expected === "throws") {
						expect(
							netteThrows(name, value),
							`${name}(${JSON.stringify(value)}, ${JSON.stringify(arg)})`,
						).toBe(true);
						continue;
					}
					if (name === "url" && expected.result && !/^[a-z\d+.-]+:/.test(String(value))) {
						// Deliberate: this site's rule adds http:// when no scheme was typed; Nette adds https://.
						expect(expected.value).toBe(`https://${value}`);
						expect(actual).toEqual({ result: true, value: `http://${value}` });
						compared++;
						continue;
					}
					expect(actual, `${name}(${JSON.stringify(value)}, ${JSON.stringify(arg)})`).toEqual(
						Array.isArray(value) && value.some((f) => typeof f === "object")
							? { ...expected, value }
							: expected,
					);
					compared++;
				}
			}
			expect(compared).toBeGreaterThan(0);
		});
	}
});

describe("deliberate differences from nette-forms 3.5.3", () => {
	it("url: adds http:// as this site's validation does, where Nette adds https://", () => {
		expect(theirs("url", "nette.org", undefined)).toEqual({ result: true, value: "https://nette.org" });
		expect(ours("url", "nette.org", undefined)).toEqual({ result: true, value: "http://nette.org" });
	});

	it("url: an upper-case scheme is a scheme (Nette prefixes it again and rejects the result)", () => {
		expect(theirs("url", "HTTP://NETTE.ORG", undefined)).toEqual({
			result: false,
			value: "HTTP://NETTE.ORG",
		});
		expect(ours("url", "HTTP://NETTE.ORG", undefined)).toEqual({ result: true, value: "HTTP://NETTE.ORG" });
	});

	it("lengths count code points, as Nette's PHP side does (Nette's JS counts UTF-16 units)", () => {
		const emoji = "😀😀";
		expect(astral.test(emoji)).toBe(true);
		expect(theirs("maxLength", emoji, 2)).toEqual({ result: false, value: emoji });
		expect(ours("maxLength", emoji, 2)).toEqual({ result: true, value: emoji });
		// Elsewhere the verdicts equal Nette's on the string with each astral character made one unit.
		for (const value of ["😀", "a😀b", "👍🏽", "𝕏𝕐𝕫", "ok"]) {
			for (const [name, arg] of [
				["minLength", 3],
				["maxLength", 2],
				["length", [2, 3]],
			] as const) {
				const flat = value.replace(/[\u{10000}-\u{10FFFF}]/gu, "x");
				expect(ours(name, value, arg)).toEqual({ ...(theirs(name, flat, arg) as object), value });
			}
		}
	});

	it("image: only gif, png and jpeg by default, as this site's validation does (Nette 3.5.3 also accepts webp)", () => {
		const webp = [{ name: "a.webp", size: 1, type: "image/webp" }];
		expect(theirs("image", webp, undefined)).toMatchObject({ result: true });
		expect(ours("image", webp, undefined)).toMatchObject({ result: false });
		for (const list of files) {
			const spec = theirs("image", list, ["image/gif", "image/png", "image/jpeg"]);
			expect(ours("image", list, undefined)).toEqual({ ...(spec as object), value: list });
		}
	});

	it("mimeType: every * is a wildcard (Nette expands only the first)", () => {
		const pdf = [{ name: "a.pdf", size: 1, type: "application/pdf" }];
		expect(theirs("mimeType", pdf, "*/*")).toMatchObject({ result: false });
		expect(ours("mimeType", pdf, "*/*")).toMatchObject({ result: true });
	});

	it("float accepts a number left by integer (Nette throws: the integer-then-float bug)", () => {
		expect(theirs("float", 12, undefined)).toBe("throws");
		expect(ours("float", 12, undefined)).toEqual({ result: true, value: 12 });
	});

	it("lengths of booleans fail instead of throwing on null", () => {
		expect(theirs("minLength", true, 1)).toEqual({ result: false, value: true });
		expect(ours("minLength", true, 1)).toEqual({ result: false, value: true });
		expect(ours("minLength", null, 1)).toEqual({ result: false, value: null });
	});

	it("submitted: true for the named submitter (Nette 3.2.5+ always answers false)", () => {
		const button = { name: "send", value: "Send" };
		const submitted: ValidationForm = { control: () => button, submitter: "send" };
		const context = { control: button, form: submitted, value: "Send", valid: () => true };
		expect(validators.submitted!("Send", undefined, context)).toBe(true);
		expect(
			validators.submitted!("Send", undefined, { ...context, form: { ...submitted, submitter: "x" } }),
		).toBe(false);
	});

	it("file validators treat a value that is not a list as an empty list", () => {
		expect(ours("fileSize", "abc", 1)).toEqual({ result: true, value: "abc" });
		expect(ours("mimeType", "abc", "image/*")).toEqual({ result: true, value: "abc" });
	});
});
