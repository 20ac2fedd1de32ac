/**
 * Rule evaluation against the real netteForms.js 3.5.3: the same forms (built by ./nette.ts as a fake DOM
 * for Nette and as adapters for us) under every combination of values, compared on validateControl
 * (verdict, failing control, message), validateForm (errors, submitter scopes) and toggleForm.
 */

import { describe, expect, it } from "vitest";
import { toggles, validateControl, validateForm } from "../../../src/validation";
import { type ControlSpec, type Twin, twin } from "./nette";

type Variation = Record<string, unknown>;
interface Template {
	base: ControlSpec;
	vary?: Variation[];
}
interface Scenario {
	name: string;
	controls: Template[];
	/** Submit buttons (names) to compare validateForm for, besides submitting the form itself. */
	submitters?: string[];
}

const text = (
	name: string,
	rules: unknown[] | undefined,
	values: string[],
	extra: Variation = {},
): Template => ({
	base: { kind: "text", name, value: "", ...(rules && { rules }), ...extra } as ControlSpec,
	vary: values.map((value) => ({ value })),
});

const scenarios: Scenario[] = [
	{
		name: "required e-mail",
		controls: [
			text(
				"email",
				[
					{ op: ":filled", msg: "Enter your e-mail." },
					{ op: ":email", msg: "%value is not an e-mail." },
				],
				["", "   ", "a@b.cz", " a@b.cz ", "bad", "x@y"],
			),
		],
	},
	{
		name: "optional integer in a range",
		controls: [
			text(
				"age",
				[
					{ op: ":integer", msg: "Enter a whole number." },
					{ op: ":range", msg: "Between 18 and 120.", arg: [18, 120] },
				],
				["", "5", "18", "120", "121", "x", "  42 ", "-3", "3.5", "0018"],
			),
		],
	},
	{
		name: "float with a comma and spaces, then min and max",
		controls: [
			text(
				"price",
				[
					{ op: ":float", msg: "Enter a number." },
					{ op: ":min", msg: "At least 1.5.", arg: 1.5 },
					{ op: ":max", msg: "At most 1000.", arg: 1000 },
				],
				["1,6", "1 000", "1 000,5", "1,4", "abc", ",5", "-2", "999.99"],
			),
		],
	},
	{
		name: "date bounds compare as strings",
		controls: [
			text(
				"date",
				[{ op: ":range", msg: "Within 2024.", arg: ["2024-01-01", "2024-12-31"] }],
				["2023-12-31", "2024-01-01", "2024-06-15", "2025-01-01", ""],
				{ type: "date" },
			),
			text(
				"time",
				[{ op: ":range", msg: "Night only.", arg: ["22:00", "06:00"] }],
				["21:59", "22:00", "03:00", "06:01"],
				{
					type: "time",
				},
			),
		],
	},
	{
		name: "lengths and patterns",
		controls: [
			text(
				"code",
				[
					{ op: ":minLength", msg: "Min 3.", arg: 3 },
					{ op: ":maxLength", msg: "Max 6.", arg: 6 },
					{ op: ":pattern", msg: "Letters.", arg: "[a-zA-Z]+" },
					{ op: "~:patternCaseInsensitive", msg: "Not admin.", arg: "admin" },
					{ op: ":regexp", msg: "No x.", arg: "/^[^x]*$/i" },
					{ op: ":pattern", msg: "Bad regexps skip.", arg: "(" },
				],
				["", "ab", "abc", "ABCDEF", "abcdefg", "ab1", "Admin", "admins", "abX", "žluť"],
			),
		],
	},
	{
		name: "conditions on the control itself",
		controls: [
			text(
				"nick",
				[
					{ op: ":filled", rules: [{ op: ":minLength", msg: "Min 3.", arg: 3 }] },
					{ op: "~:equal", arg: "root", rules: [{ op: ":maxLength", msg: "Max 5.", arg: 5 }] },
					{ op: ":equal", arg: ["root", "admin"], rules: [{ op: ":static", arg: false, msg: "Reserved." }] },
				],
				["", "ab", "abc", "abcdef", "root", "admin", "rooted"],
			),
		],
	},
	{
		name: "blank conditions check emptiness again",
		controls: [
			text(
				"a",
				[{ op: ":blank", rules: [{ op: ":equal", arg: "x", msg: "Blank must equal x." }] }],
				["", "y", "x"],
			),
			text("b", [{ op: "~:blank", rules: [{ op: ":minLength", arg: 2, msg: "B min 2." }] }], ["", "y", "yy"]),
			text("c", [{ op: ":blank", rules: [{ op: ":filled", msg: "C is required when blank." }] }], ["", "z"]),
		],
	},
	{
		name: "conditions on other controls with toggles",
		controls: [
			{
				base: { kind: "checkbox", name: "newsletter", checked: false, rules: [] },
				vary: [{ checked: false }, { checked: true }],
			},
			text(
				"email",
				[
					{
						op: ":filled",
						control: "newsletter",
						rules: [
							{ op: ":filled", msg: "E-mail needed for the newsletter." },
							{ op: ":email", msg: "Bad e-mail." },
						],
						toggle: { "email-box": true, "no-newsletter": false },
					},
				],
				["", "x", "a@b.cz"],
			),
		],
	},
	{
		name: "radio lists and a dependent field",
		controls: [
			{
				base: {
					kind: "radio",
					name: "gender",
					options: ["m", "f", "x"],
					checked: null,
					rules: [
						{ op: ":filled", msg: "Pick one." },
						{ op: ":equal", arg: "x", rules: [], toggle: { "other-box": true } },
					],
				},
				vary: [{ checked: null }, { checked: "m" }, { checked: "x" }],
			},
			text(
				"other",
				[
					{
						op: ":equal",
						control: "gender",
						arg: "x",
						rules: [{ op: ":filled", msg: "Describe it." }],
					},
				],
				["", "abc"],
			),
		],
	},
	{
		name: "checkbox lists and selects count items",
		controls: [
			{
				base: {
					kind: "checklist",
					name: "tags[]",
					options: ["a", "b", "c", "d"],
					checked: [],
					rules: [
						{ op: ":minLength", msg: "At least 2 tags.", arg: 2 },
						{ op: ":maxLength", msg: "At most 3 tags.", arg: 3 },
						{ op: "~:equal", arg: ["d"], msg: "Not only d." },
					],
				},
				vary: [
					{ checked: [] },
					{ checked: ["a"] },
					{ checked: ["a", "b"] },
					{ checked: ["a", "b", "c", "d"] },
				],
			},
			{
				base: {
					kind: "select",
					name: "colors",
					multiple: true,
					options: ["r", "g", "b"],
					selected: [],
					rules: [
						{ op: ":filled", msg: "Pick a colour." },
						{ op: ":length", msg: "One or two.", arg: [1, 2] },
						{ op: ":equal", msg: "Only r or g.", arg: ["r", "g"] },
					],
				},
				vary: [
					{ selected: [] },
					{ selected: ["r"] },
					{ selected: ["r", "b"] },
					{ selected: ["r", "g", "b"] },
				],
			},
			{
				base: {
					kind: "select",
					name: "country",
					options: ["", "cz", "sk"],
					selected: [],
					rules: [
						{ op: ":filled", msg: "Pick a country." },
						{ op: "~:equal", arg: "sk", msg: "Not sk." },
					],
				},
				vary: [{ selected: [] }, { selected: [""] }, { selected: ["cz"] }, { selected: ["sk"] }],
			},
		],
	},
	{
		name: "files",
		controls: [
			{
				base: {
					kind: "file",
					name: "photo",
					files: [],
					rules: [
						{ op: ":fileSize", msg: "Max 1000 bytes.", arg: 1000 },
						{ op: ":image", msg: "Images only.", arg: ["image/gif", "image/png", "image/jpeg"] },
						{ op: ":pattern", msg: "Lower-case names.", arg: "[a-z]+\\.[a-z]+" },
						{ op: ":maxLength", msg: "Two files at most.", arg: 2 },
					],
				},
				vary: [
					{ files: [] },
					{ files: [{ name: "a.png", size: 10, type: "image/png" }] },
					{ files: [{ name: "a.png", size: 5000, type: "image/png" }] },
					{ files: [{ name: "a.pdf", size: 10, type: "application/pdf" }] },
					{ files: [{ name: "A.png", size: 10, type: "image/png" }] },
					{ files: [{ name: "x.bin", size: 10, type: "" }] },
					{
						files: [
							{ name: "a.gif", size: 1, type: "image/gif" },
							{ name: "b.jpg", size: 1, type: "image/jpeg" },
							{ name: "c.jpg", size: 1, type: "image/jpeg" },
						],
					},
				],
			},
		],
	},
	{
		name: "arguments from other controls, normalised by their own rules",
		controls: [
			text("password", [{ op: ":minLength", arg: 3, msg: "Password min 3." }], ["", "abc"]),
			text(
				"password2",
				[
					{ op: ":filled", msg: "Repeat it." },
					{ op: ":equal", arg: { control: "password" }, msg: "Must equal %0." },
				],
				["", "abc", "abd"],
			),
			text("limit", [{ op: ":integer", msg: "Limit is a number." }], ["10", "9", "x", ""]),
			text(
				"amount",
				[
					{ op: ":integer", msg: "Amount is a number." },
					{ op: ":max", arg: { control: "limit" }, msg: "At most %0 (you typed %value)." },
					{ op: ":range", arg: [1, { control: "limit" }], msg: "Up to %1." },
				],
				["5", "9", "10", "11", "0"],
			),
		],
	},
	{
		name: "empty value, unknown ops and null verdicts",
		controls: [
			text(
				"web",
				[
					{ op: ":filled", msg: "Web required." },
					{ op: ":unknownOp", msg: "Unknown ops skip." },
					{ op: "App\\Validators::isFoo", msg: "Unregistered custom validators skip." },
					{ op: ":static", arg: null, msg: "Null skips." },
					{ op: ":equal", msg: "Equal without an argument skips." },
					{ op: ":url", msg: "Bad URL." },
				],
				["http://", "", "nette.org", "http://nette.org", "bad url"],
				{ emptyValue: "http://" },
			),
		],
	},
	{
		name: "nested conditions with toggles",
		controls: [
			text(
				"n",
				[
					{
						op: ":filled",
						rules: [
							// float before integer: the other order throws in Nette (see the differences below)
							{ op: ":float", rules: [], toggle: { "float-hint": true, "not-float": false } },
							{
								op: ":integer",
								rules: [{ op: ":min", arg: 10, msg: "At least 10." }],
								toggle: { "int-hint": true },
							},
						],
						toggle: { box: true },
					},
					{ op: "~:filled", rules: [], toggle: { "empty-hint": true } },
				],
				["", "5", "15", "1.5", "x"],
			),
		],
	},
	{
		name: "toggles after a failing rule, and OR-ed across controls",
		controls: [
			text(
				"p",
				[
					{ op: ":integer", msg: "Integer." },
					{ op: ":filled", rules: [], toggle: { shared: true, "p-ok": true } },
				],
				["", "1", "x"],
			),
			{
				base: {
					kind: "checkbox",
					name: "q",
					checked: false,
					rules: [{ op: ":equal", arg: true, rules: [], toggle: { shared: true, "q-off": false } }],
				},
				vary: [{ checked: false }, { checked: true }],
			},
		],
	},
	{
		name: "disabled controls",
		controls: [
			text("on", [{ op: ":filled", msg: "On required." }], ["", "x"]),
			text("off", [{ op: ":filled", msg: "Off required." }], ["", "x"], { disabled: true }),
			text(
				"uses-off",
				[{ op: ":filled", control: "off", rules: [{ op: ":minLength", arg: 2, msg: "Min 2." }] }],
				["", "x", "xy"],
			),
			text("rule-on-off", [{ op: ":filled", control: "off", msg: "Fails on a disabled control." }], ["x"]),
		],
	},
	{
		name: "validation scopes",
		controls: [
			text("a[x]", [{ op: ":filled", msg: "a-x" }], ["", "1"]),
			text("a[b][y]", [{ op: ":filled", msg: "a-b-y" }], ["", "1"]),
			text("ab[z]", [{ op: ":filled", msg: "ab-z" }], [""]),
			text("c", [{ op: ":filled", msg: "c" }], ["", "1"]),
			{ base: { kind: "submit", name: "send", value: "Send" } },
			{ base: { kind: "submit", name: "skip", value: "Skip", formnovalidate: true } },
			{ base: { kind: "submit", name: "scopeA", value: "A", formnovalidate: true, scope: ["a"] } },
			{ base: { kind: "submit", name: "scopeAB", value: "AB", formnovalidate: true, scope: ["a-b", "c"] } },
		],
		submitters: ["send", "skip", "scopeA", "scopeAB"],
	},
	{
		name: "valid conditions",
		controls: [
			text("zip", [{ op: ":pattern", arg: "[0-9]{5}", msg: "Five digits." }], ["", "12345", "1234"]),
			text(
				"city",
				[{ op: ":valid", control: "zip", rules: [{ op: ":filled", msg: "City needed for a valid zip." }] }],
				["", "Praha"],
			),
		],
	},
	{
		name: "textarea keeps spaces",
		controls: [
			{
				base: {
					kind: "textarea",
					name: "note",
					value: "",
					rules: [{ op: ":maxLength", arg: 4, msg: "Max 4." }],
				},
				vary: [{ value: "" }, { value: "abcd" }, { value: " abc " }, { value: "a\nb" }],
			},
		],
	},
];

function* variants(templates: Template[]): Generator<ControlSpec[]> {
	const [first, ...rest] = templates;
	if (!first) {
		yield [];
		return;
	}
	for (const variation of first.vary ?? [{}]) {
		for (const tail of variants(rest)) yield [{ ...first.base, ...variation } as ControlSpec, ...tail];
	}
}

function netteControl(t: Twin, name: string) {
	t.nette.formErrors = [];
	const ok = t.nette.validateControl(t.elements.get(name)!);
	const error = t.nette.formErrors[0];
	return { ok, error: error && { control: error.element.name, message: error.message } };
}

function netteForm(t: Twin, submitter?: string) {
	let shown: { element: { name: string }; message: string }[] = [];
	t.nette.showFormErrors = (_form, errors) => {
		shown = errors as typeof shown;
	};
	t.nette.validateForm(submitter ? t.elements.get(submitter)! : t.netteForm);
	return shown.map((error) => ({ control: error.element.name, message: error.message }));
}

function netteToggles(t: Twin) {
	const result: Record<string, boolean> = {};
	t.nette.toggle = (selector, visible) => {
		result[selector] = visible;
	};
	t.nette.toggleForm(t.netteForm);
	return result;
}

function scopeOf(t: Twin, submitter: string): readonly string[] | undefined {
	const button = t.elements.get(submitter)!;
	if (button.getAttribute("formnovalidate") === null) return undefined;
	return JSON.parse(button.getAttribute("data-nette-validation-scope") ?? "[]");
}

describe("rule evaluation agrees with nette-forms 3.5.3", () => {
	for (const scenario of scenarios) {
		it(scenario.name, () => {
			let forms = 0;
			let failures = 0;
			for (const specs of variants(scenario.controls)) {
				const t = twin(specs);
				const label = JSON.stringify(specs.map((s) => ({ ...s, rules: undefined })));
				for (const control of t.controls) {
					if (!control.rules) continue;
					const expected = netteControl(t, control.name);
					const actual = validateControl(control, t.form);
					expect(actual.error, `${control.name} in ${label}`).toEqual(expected.error);
					expect(!actual.error, `${control.name} in ${label}`).toBe(expected.ok);
					if (actual.error) failures++;
				}
				expect(Object.fromEntries(toggles(t.controls, t.form)), `toggles in ${label}`).toEqual(
					netteToggles(t),
				);
				expect(validateForm(t.controls, t.form).errors, `form in ${label}`).toEqual(netteForm(t));
				for (const submitter of scenario.submitters ?? []) {
					const scope = scopeOf(t, submitter);
					const ours = validateForm(t.controls, t.submittedBy(submitter), scope ? { scope } : {});
					expect(ours.errors, `${submitter} in ${label}`).toEqual(netteForm(t, submitter));
				}
				forms++;
			}
			expect(forms).toBeGreaterThan(0);
			expect(failures).toBeGreaterThan(0);
		});
	}
});

describe("deliberate differences in evaluation", () => {
	it("integer then float on one control works (Nette throws)", () => {
		const t = twin([
			{
				kind: "text",
				name: "n",
				value: "12",
				rules: [
					{ op: ":integer", msg: "Integer." },
					{ op: ":float", msg: "Float." },
				],
			},
		]);
		expect(() => t.nette.validateControl(t.elements.get("n")!)).toThrow(TypeError);
		expect(validateControl(t.controls[0]!, t.form)).toEqual({ error: undefined, value: 12 });
	});

	it("%N beyond the arguments stays as typed (Nette throws) and plain arguments print (Nette: null)", () => {
		const rule = (msg: string) => [{ op: ":maxLength", arg: 3, msg }];
		const t = twin([{ kind: "text", name: "n", value: "abcdef", rules: rule("Max %0.") }]);
		expect(netteControl(t, "n").error?.message).toBe("Max null.");
		expect(validateControl(t.controls[0]!, t.form).error?.message).toBe("Max 3.");
		const beyond = twin([{ kind: "text", name: "n", value: "abcdef", rules: rule("Max %0, not %1.") }]);
		expect(() => netteControl(beyond, "n")).toThrow(TypeError);
		expect(validateControl(beyond.controls[0]!, beyond.form).error?.message).toBe("Max 3, not %1.");
	});

	it("%value of a list or of nothing reads naturally (Nette: 'a,b' and 'null')", () => {
		const t = twin([
			{
				kind: "checklist",
				name: "t[]",
				options: ["a", "b", "c"],
				checked: ["a", "b"],
				rules: [{ op: ":maxLength", arg: 1, msg: "Too many: %value." }],
			},
		]);
		expect(netteControl(t, "t[]").error?.message).toBe("Too many: a,b.");
		expect(validateControl(t.controls[0]!, t.form).error?.message).toBe("Too many: a, b.");
	});

	it(":submitted holds for the submitting button (Nette 3.2.5+ never holds)", () => {
		const t = twin([
			{ kind: "submit", name: "save", value: "Save" },
			{
				kind: "text",
				name: "title",
				value: "",
				rules: [{ op: ":submitted", control: "save", rules: [{ op: ":filled", msg: "Title to save." }] }],
			},
		]);
		expect(netteForm(t, "save")).toEqual([]);
		expect(validateForm(t.controls, t.submittedBy("save")).errors).toEqual([
			{ control: "title", message: "Title to save." },
		]);
		expect(validateForm(t.controls, t.submittedBy("other")).errors).toEqual([]);
	});

	it("a bad input gets its own message (Nette stops and lets the browser report it)", () => {
		const t = twin([
			{
				kind: "text",
				type: "number",
				name: "n",
				value: "",
				badInput: true,
				rules: [{ op: ":filled", msg: "Fill." }],
			},
		]);
		// Nette's validateRule answers true for :filled only, so a lone :filled rule passes.
		expect(netteControl(t, "n").ok).toBe(true);
		expect(validateControl(t.controls[0]!, t.form).error).toEqual({
			control: "n",
			message: "Please enter a valid value.",
		});
	});
});
