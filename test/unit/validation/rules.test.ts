import { describe, expect, it } from "vitest";
import { isControlRef, parseRules, textValue, validatorName } from "../../../src/validation";

describe("parseRules", () => {
	it("reads Nette's JSON: negation, the colon, messages, arguments, conditions, toggles", () => {
		const json = JSON.stringify([
			{ op: ":filled", msg: "Required." },
			{ op: "~:equal", msg: "Not root.", arg: "root" },
			{
				op: ":filled",
				control: "newsletter",
				rules: [{ op: ":email", msg: "Bad." }],
				toggle: { "email-box": true, other: false },
			},
			{ op: ":range", msg: "Range.", arg: [1, { control: "max" }] },
		]);
		expect(parseRules(json)).toEqual([
			{ op: "filled", neg: false, msg: "Required." },
			{ op: "equal", neg: true, msg: "Not root.", arg: "root" },
			{
				op: "filled",
				neg: false,
				control: "newsletter",
				rules: [{ op: "email", neg: false, msg: "Bad." }],
				toggle: { "email-box": true, other: false },
			},
			{ op: "range", neg: false, msg: "Range.", arg: [1, { control: "max" }] },
		]);
	});

	it("names custom validators after the PHP callable", () => {
		expect(parseRules([{ op: "App\\Forms\\Validators::isZip", msg: "" }])[0]?.op).toBe(
			"AppFormsValidators_isZip",
		);
		expect(parseRules([{ op: "~myFunction", msg: "" }])[0]).toMatchObject({ op: "myFunction", neg: true });
		expect(validatorName(":filled")).toBe("filled");
		expect(validatorName("Foo::bar")).toBe("Foo_bar");
	});

	it("accepts parsed values and null, keeps null arguments, ignores unknown keys", () => {
		expect(parseRules(null)).toEqual([]);
		expect(parseRules("[]")).toEqual([]);
		expect(parseRules([{ op: ":length", msg: "m", arg: [null, 5], extra: 1 }])).toEqual([
			{ op: "length", neg: false, msg: "m", arg: [null, 5] },
		]);
		expect(parseRules([{ op: ":static", arg: null }])[0]).toHaveProperty("arg", null);
		expect(parseRules([{ op: ":filled", msg: null, control: null, rules: null, toggle: null }])).toEqual([
			{ op: "filled", neg: false },
		]);
	});

	it("throws a TypeError naming the path of malformed input", () => {
		expect(() => parseRules("{not json")).toThrow(TypeError);
		expect(() => parseRules("{not json")).toThrow(/not valid JSON/);
		expect(() => parseRules({ op: ":filled" })).toThrow("data-nette-rules must be an array");
		expect(() => parseRules(5)).toThrow(TypeError);
		expect(() => parseRules(undefined)).toThrow(TypeError);
		expect(() => parseRules(["x"])).toThrow("data-nette-rules[0] must be an object");
		expect(() => parseRules([[]])).toThrow("data-nette-rules[0] must be an object");
		expect(() => parseRules([{}])).toThrow("data-nette-rules[0].op must be a string");
		expect(() => parseRules([{ op: 5 }])).toThrow("data-nette-rules[0].op must be a string");
		expect(() => parseRules([{ op: "~:" }])).toThrow("data-nette-rules[0].op must be a validator name");
		expect(() => parseRules([{ op: ":filled", msg: 5 }])).toThrow("data-nette-rules[0].msg must be a string");
		expect(() => parseRules([{ op: ":filled", control: [] }])).toThrow("[0].control must be a string");
		expect(() => parseRules([{ op: ":filled", rules: {} }])).toThrow(
			"data-nette-rules[0].rules must be an array",
		);
		expect(() => parseRules([{ op: ":filled", rules: [{ op: 1 }] }])).toThrow(
			"data-nette-rules[0].rules[0].op",
		);
		expect(() => parseRules([{ op: ":filled", toggle: [] }])).toThrow("[0].toggle must be an object");
		expect(() => parseRules([{ op: ":filled", toggle: { a: "yes" } }])).toThrow(
			'[0].toggle["a"] must be a boolean',
		);
	});
});

describe("isControlRef", () => {
	it("recognises {control: name} only", () => {
		expect(isControlRef({ control: "a" })).toBe(true);
		expect(isControlRef({ control: "" })).toBe(false);
		expect(isControlRef({ control: 1 })).toBe(false);
		expect(isControlRef(["a"])).toBe(false);
		expect(isControlRef("a")).toBe(false);
		expect(isControlRef(null)).toBe(false);
	});
});

describe("textValue", () => {
	it("reads single-line text as Nette does: trimmed, without line breaks", () => {
		expect(textValue("  a b \t")).toBe("a b");
		expect(textValue("a\r\nb")).toBe("ab");
		expect(textValue("\u00a0x\u00a0")).toBe("x");
	});

	it("keeps multi-line text as typed, with \\n line breaks", () => {
		expect(textValue(" a\r\nb\rc \n", true)).toBe(" a\nb\nc \n");
	});
});
