import { afterEach, describe, expect, it } from "vitest";
import type { ControlValue, ValidationControl, ValidationForm } from "../../../src/validation";
import {
	BAD_INPUT_MESSAGE,
	inScope,
	parseRules,
	toggleSelector,
	toggles,
	validateControl,
	validateForm,
	validators,
} from "../../../src/validation";

type Spec = Omit<ValidationControl, "rules"> & { rules?: unknown[] };

/** Controls with rules in Nette's JSON, and a form that finds them (and knows its submitter). */
function setup(specs: Spec[], submitter?: string) {
	const controls: ValidationControl[] = specs.map(({ rules, ...control }) =>
		rules ? { ...control, rules: parseRules(rules) } : control,
	);
	const form: ValidationForm = {
		control: (name) => controls.find((control) => control.name === name),
		submitter: submitter ?? null,
	};
	return { controls, form };
}

/** Validates the first control. */
function check(value: ControlValue, rules: unknown[], others: Spec[] = [], extra: Partial<Spec> = {}) {
	const { controls, form } = setup([{ name: "x", value, rules, ...extra }, ...others]);
	return validateControl(controls[0]!, form);
}
const message = (value: ControlValue, rules: unknown[], others: Spec[] = [], extra: Partial<Spec> = {}) =>
	check(value, rules, others, extra).error?.message;

describe("empty controls are optional", () => {
	const rules = [
		{ op: ":email", msg: "Bad e-mail." },
		{ op: ":minLength", arg: 5, msg: "Too short." },
	];

	it("skips every rule but filled while empty", () => {
		expect(check("", rules)).toEqual({ error: undefined, value: "" });
		expect(message("a", rules)).toBe("Bad e-mail.");
		expect(message("", [{ op: ":filled", msg: "Required." }, ...rules])).toBe("Required.");
	});

	it("still evaluates conditions, and inside a blank condition emptiness no longer skips", () => {
		const blank = [{ op: ":blank", rules: [{ op: ":equal", arg: "x", msg: "Must be x when blank." }] }];
		expect(message("", blank)).toBe("Must be x when blank.");
		const negated = [{ op: "~:filled", rules: [{ op: ":equal", arg: "x", msg: "Never shown." }] }];
		expect(message("", negated)).toBeUndefined();
	});

	it("treats data-nette-empty-value as empty, and null as empty", () => {
		const url = [{ op: ":url", msg: "Bad URL." }];
		expect(check("http://", url, [], { emptyValue: "http://" })).toEqual({ error: undefined, value: "" });
		expect(message("http://", [{ op: ":filled", msg: "Required." }], [], { emptyValue: "http://" })).toBe(
			"Required.",
		);
		expect(message("nette.org", url, [], { emptyValue: "http://" })).toBeUndefined();
		expect(message(null, [{ op: ":filled", msg: "Pick one." }])).toBe("Pick one.");
		expect(message(null, [{ op: ":minLength", arg: 2, msg: "Never." }])).toBeUndefined();
	});

	it("knows empty checkboxes, lists and file inputs", () => {
		for (const empty of [false, [], null] as ControlValue[]) {
			expect(message(empty, [{ op: ":filled", msg: "Required." }])).toBe("Required.");
			expect(message(empty, [{ op: ":equal", arg: "a", msg: "Skipped." }])).toBeUndefined();
		}
	});
});

describe("rules", () => {
	it("reports only the first failing rule", () => {
		const rules = [
			{ op: ":minLength", arg: 3, msg: "First." },
			{ op: ":integer", msg: "Second." },
		];
		expect(message("a", rules)).toBe("First.");
		expect(message("abc", rules)).toBe("Second.");
		expect(message("123", rules)).toBeUndefined();
	});

	it("negates with ~", () => {
		expect(message("root", [{ op: "~:equal", arg: "root", msg: "Not root." }])).toBe("Not root.");
		expect(message("toor", [{ op: "~:equal", arg: "root", msg: "Not root." }])).toBeUndefined();
		expect(message("5", [{ op: "~:integer", msg: "No numbers." }])).toBe("No numbers.");
	});

	it("skips unknown ops and validators answering null", () => {
		const rules = [
			{ op: ":noSuchOp", msg: "Unknown." },
			{ op: ":constructor", msg: "Not a validator." },
			{ op: ":toString", msg: "Not a validator either." },
			{ op: ":static", arg: null, msg: "Null." },
			{ op: ":pattern", arg: "(", msg: "Bad pattern." },
			{ op: ":regexp", arg: "/[/", msg: "Bad regexp." },
		];
		expect(check("abc", rules).error).toBeUndefined();
	});

	it("skips a rule whose {control} argument names no control", () => {
		expect(message("a", [{ op: ":equal", arg: { control: "nope" }, msg: "Skipped." }])).toBeUndefined();
	});

	it("evaluates a rule on another control and reports that control", () => {
		const { controls, form } = setup([
			{ name: "x", value: "", rules: [{ op: ":filled", control: "y", msg: "Y is required." }] },
			{ name: "y", value: "" },
		]);
		expect(validateControl(controls[0]!, form).error).toEqual({ control: "y", message: "Y is required." });
		const disabled = setup([
			{ name: "x", value: "", rules: [{ op: ":filled", control: "y", msg: "Y is required." }] },
			{ name: "y", value: "", disabled: true },
		]);
		expect(validateControl(disabled.controls[0]!, disabled.form).error).toBeUndefined();
	});

	it("never reports a disabled control", () => {
		expect(check("", [{ op: ":filled", msg: "Required." }], [], { disabled: true }).error).toBeUndefined();
	});
});

describe("conditions", () => {
	it("apply their rules when they hold", () => {
		const rules = [{ op: ":equal", arg: "other", rules: [{ op: ":static", arg: false, msg: "Held." }] }];
		expect(message("other", rules)).toBe("Held.");
		expect(message("something", rules)).toBeUndefined();
	});

	it("nest", () => {
		const rules = [
			{
				op: ":filled",
				rules: [
					{ op: ":integer", rules: [{ op: ":min", arg: 10, msg: "At least 10." }] },
					{ op: "~:integer", rules: [{ op: ":minLength", arg: 3, msg: "Three letters." }] },
				],
			},
		];
		expect(message("5", rules)).toBe("At least 10.");
		expect(message("50", rules)).toBeUndefined();
		expect(message("ab", rules)).toBe("Three letters.");
		expect(message("", rules)).toBeUndefined();
	});

	it("test other controls, with their own normalisation applied", () => {
		const rules = [
			{
				op: ":filled",
				control: "newsletter",
				rules: [{ op: ":filled", msg: "E-mail needed." }],
			},
			{
				op: ":min",
				control: "age",
				arg: 18,
				rules: [{ op: ":minLength", arg: 2, msg: "Adults: two letters." }],
			},
		];
		const age = (value: string): Spec => ({ name: "age", value, rules: [{ op: ":float", msg: "" }] });
		expect(message("", rules, [{ name: "newsletter", value: true }, age("")])).toBe("E-mail needed.");
		expect(message("", rules, [{ name: "newsletter", value: false }, age("")])).toBeUndefined();
		expect(message("a", rules, [{ name: "newsletter", value: false }, age("18,5")])).toBe(
			"Adults: two letters.",
		);
		expect(message("a", rules, [{ name: "newsletter", value: false }, age("17,5")])).toBeUndefined();
	});

	it("skip when the control they name is missing", () => {
		expect(message("", [{ op: ":filled", control: "ghost", rules: [{ op: ":filled", msg: "No." }] }])).toBe(
			undefined,
		);
	});

	it("valid holds when the other control passes its own rules", () => {
		const rules = [{ op: ":valid", control: "zip", rules: [{ op: ":filled", msg: "City needed." }] }];
		const zip = (value: string): Spec => ({
			name: "zip",
			value,
			rules: [{ op: ":pattern", arg: "\\d{5}", msg: "" }],
		});
		expect(message("", rules, [zip("12345")])).toBe("City needed.");
		expect(message("", rules, [zip("1234")])).toBeUndefined();
		// Asked about itself while checking itself, the inner question is skipped rather than recursing
		// forever (Nette overflows the stack), so the control counts as valid and the condition holds.
		expect(message("", [{ op: ":valid", rules: [{ op: ":filled", msg: "Loop." }] }])).toBe("Loop.");
	});
});

describe("normalisation travels through the rules", () => {
	it("integer then float on one control", () => {
		expect(
			check("12", [
				{ op: ":integer", msg: "i" },
				{ op: ":float", msg: "f" },
			]),
		).toEqual({
			error: undefined,
			value: 12,
		});
	});

	it("float with a comma and spaces, then numeric bounds", () => {
		const rules = [
			{ op: ":float", msg: "Number." },
			{ op: ":range", arg: [1000, 2000], msg: "Range." },
		];
		expect(check("1 500,25", rules)).toEqual({ error: undefined, value: 1500.25 });
		expect(check("2 500", rules)).toEqual({ error: { control: "x", message: "Range." }, value: 2500 });
		expect(check("1.5.5", rules)).toEqual({ error: { control: "x", message: "Number." }, value: "1.5.5" });
	});

	it("url prefix, for the caller to write back", () => {
		const rules = [
			{ op: ":url", msg: "URL." },
			{ op: ":pattern", arg: "http://.*", msg: "Prefixed for later rules." },
		];
		expect(check("nette.org", rules)).toEqual({ error: undefined, value: "http://nette.org" });
	});

	it("arguments from other controls are normalised by their rules, or raw when those fail", () => {
		const rules = [
			{ op: ":integer", msg: "Number." },
			{ op: ":max", arg: { control: "limit" }, msg: "At most %0." },
		];
		const limit = (value: string): Spec => ({ name: "limit", value, rules: [{ op: ":integer", msg: "" }] });
		// 9 < 10 as numbers, although "9" > "10" as strings.
		expect(message("9", rules, [limit("10")])).toBeUndefined();
		expect(message("11", rules, [limit("10")])).toBe("At most 10.");
		expect(message("9", rules, [{ name: "limit", value: "10" }])).toBeUndefined();
	});

	it("an argument naming the control itself is its travelling value", () => {
		expect(
			message("5", [
				{ op: ":integer", msg: "" },
				{ op: ":equal", arg: { control: "x" }, msg: "No." },
			]),
		).toBe(undefined);
	});

	it("controls referring to each other do not recurse forever", () => {
		const { controls, form } = setup([
			{ name: "a", value: "1", rules: [{ op: ":equal", arg: { control: "b" }, msg: "a≠b" }] },
			{ name: "b", value: "2", rules: [{ op: ":equal", arg: { control: "a" }, msg: "b≠a" }] },
		]);
		expect(validateControl(controls[0]!, form).error?.message).toBe("a≠b");
	});
});

describe("custom validators", () => {
	afterEach(() => {
		delete validators.AppValidators_isEven;
	});

	it("are found by the PHP callable's name and may normalise", () => {
		validators.AppValidators_isEven = (value, _arg, context) => {
			context.value = Number(value);
			return Number(value) % 2 === 0;
		};
		const rules = [{ op: "App\\Validators::isEven", msg: "Even, please." }];
		expect(check("3", rules)).toEqual({ error: { control: "x", message: "Even, please." }, value: 3 });
		expect(check("4", rules)).toEqual({ error: undefined, value: 4 });
	});
});

describe("bad input", () => {
	it("is reported with a message that can be translated", () => {
		const { controls, form } = setup([{ name: "n", value: "", badInput: true, rules: [] }]);
		expect(validateControl(controls[0]!, form).error).toEqual({ control: "n", message: BAD_INPUT_MESSAGE });
		expect(
			validateControl(controls[0]!, form, { badInputMessage: "Zadejte platné číslo." }).error?.message,
		).toBe("Zadejte platné číslo.");
	});

	it("fails every rule but filled when another control's rule tests it", () => {
		const { controls, form } = setup([
			{ name: "x", value: "a", rules: [{ op: ":integer", control: "n", msg: "N must be a number." }] },
			{ name: "n", value: "", badInput: true },
		]);
		expect(validateControl(controls[0]!, form).error).toEqual({
			control: "n",
			message: "N must be a number.",
		});
	});
});

describe("validateForm", () => {
	const specs: Spec[] = [
		{ name: "name", value: "", rules: [{ op: ":filled", msg: "Name." }] },
		{ name: "plain", value: "" },
		{ name: "off", value: "", disabled: true, rules: [{ op: ":filled", msg: "Off." }] },
		{ name: "gone", value: "", hidden: true, rules: [{ op: ":filled", msg: "Gone." }] },
		{ name: "age", value: " 5 ".trim(), rules: [{ op: ":integer", msg: "Age." }] },
		{ name: "email", value: "bad", rules: [{ op: ":email", msg: "E-mail." }] },
		{ name: "n", value: "", badInput: true },
	];

	it("reports the first error of every enabled, visible control in order, with normalised values", () => {
		const { controls, form } = setup(specs);
		const result = validateForm(controls, form);
		expect(result.valid).toBe(false);
		expect(result.errors).toEqual([
			{ control: "name", message: "Name." },
			{ control: "email", message: "E-mail." },
			{ control: "n", message: BAD_INPUT_MESSAGE },
		]);
		expect(Object.fromEntries(result.values)).toEqual({ name: "", age: 5, email: "bad", n: "" });
	});

	it("is valid when nothing fails", () => {
		const { controls, form } = setup([{ name: "a", value: "1,5", rules: [{ op: ":float", msg: "" }] }]);
		expect(validateForm(controls, form)).toEqual({ valid: true, errors: [], values: new Map([["a", 1.5]]) });
	});

	it("validates only the scope of the submitter, and nothing for an empty scope", () => {
		const { controls, form } = setup([
			{ name: "a[x]", value: "", rules: [{ op: ":filled", msg: "a-x" }] },
			{ name: "a[b][y]", value: "", rules: [{ op: ":filled", msg: "a-b-y" }] },
			{ name: "ab[z]", value: "", rules: [{ op: ":filled", msg: "ab-z" }] },
			{ name: "a", value: "", rules: [{ op: ":filled", msg: "a" }] },
			{ name: "c", value: "", rules: [{ op: ":filled", msg: "c" }] },
			{ name: "n", value: "", badInput: true },
		]);
		const messages = (scope?: string[]) =>
			validateForm(controls, form, scope ? { scope } : {}).errors.map((error) => error.message);
		expect(messages()).toEqual(["a-x", "a-b-y", "ab-z", "a", "c", BAD_INPUT_MESSAGE]);
		expect(messages(["a"])).toEqual(["a-x", "a-b-y", "a"]);
		expect(messages(["a-b"])).toEqual(["a-b-y"]);
		expect(messages(["a-b", "c"])).toEqual(["a-b-y", "c"]);
		expect(messages([])).toEqual([]);
	});

	it("submitted conditions follow the submitter", () => {
		const specs: Spec[] = [
			{ name: "save", value: "Save" },
			{
				name: "title",
				value: "",
				rules: [{ op: ":submitted", control: "save", rules: [{ op: ":filled", msg: "Title." }] }],
			},
			{ name: "note", value: "", rules: [{ op: "~:submitted", control: "save", msg: "Only via save." }] },
		];
		const run = (submitter?: string) => {
			const { controls, form } = setup(specs, submitter);
			return validateForm(controls, form).errors.map((error) => error.message);
		};
		expect(run("save")).toEqual(["Title."]);
		expect(run("preview")).toEqual([]);
		expect(run()).toEqual([]);
	});
});

describe("inScope", () => {
	it("matches Nette's container paths", () => {
		expect(inScope("a[x]", ["a"])).toBe(true);
		expect(inScope("a", ["a"])).toBe(true);
		expect(inScope("ab[x]", ["a"])).toBe(false);
		expect(inScope("a[b][c]", ["a-b"])).toBe(true);
		expect(inScope("a[bc]", ["a-b"])).toBe(false);
		expect(inScope("tags[]", ["tags"])).toBe(true);
		expect(inScope("a.b[x]", ["a.b"])).toBe(true);
		expect(inScope("axb[x]", ["a.b"])).toBe(false);
	});
});

describe("toggles", () => {
	it("shows a condition's targets when it holds and hides them otherwise", () => {
		const rules = [{ op: ":equal", arg: "x", rules: [], toggle: { "x-box": true, "not-x": false } }];
		const run = (value: string) => {
			const { controls, form } = setup([{ name: "a", value, rules }]);
			return Object.fromEntries(toggles(controls, form));
		};
		expect(run("x")).toEqual({ "x-box": true, "not-x": false });
		expect(run("y")).toEqual({ "x-box": false, "not-x": true });
	});

	it("ORs the results for a target across all rules and controls", () => {
		const rule = (arg: string) => [{ op: ":equal", arg, rules: [], toggle: { shared: true } }];
		const run = (a: string, b: string) => {
			const { controls, form } = setup([
				{ name: "a", value: a, rules: rule("yes") },
				{ name: "b", value: b, rules: rule("yes") },
				{ name: "c", value: "", rules: [{ op: ":filled", rules: [], toggle: { shared: false } }] },
			]);
			return toggles(controls, form).get("shared");
		};
		expect(run("no", "no")).toBe(true); // c is empty, so its "hide when filled" shows
		const { controls, form } = setup([
			{ name: "a", value: "no", rules: rule("yes") },
			{ name: "b", value: "yes", rules: rule("yes") },
		]);
		expect(toggles(controls, form).get("shared")).toBe(true);
		expect(toggles(controls.slice(0, 1), form).get("shared")).toBe(false);
	});

	it("decides nested targets by the chain of conditions, and targets after a failing rule by false", () => {
		const rules = [
			{ op: ":integer", msg: "Integer." },
			{
				op: ":filled",
				rules: [{ op: ":min", arg: 10, rules: [], toggle: { big: true } }],
				toggle: { filled: true, empty: false },
			},
		];
		const run = (value: string) => {
			const { controls, form } = setup([{ name: "n", value, rules }]);
			return Object.fromEntries(toggles(controls, form));
		};
		expect(run("")).toEqual({ filled: false, empty: true, big: false });
		expect(run("5")).toEqual({ filled: true, empty: false, big: false });
		expect(run("50")).toEqual({ filled: true, empty: false, big: true });
		expect(run("x")).toEqual({ filled: false, empty: true, big: false });
	});

	it("follow conditions on other controls", () => {
		const run = (checked: boolean) => {
			const { controls, form } = setup([
				{ name: "agree", value: checked },
				{
					name: "email",
					value: "",
					rules: [{ op: ":filled", control: "agree", rules: [], toggle: { "#email-box": true } }],
				},
			]);
			return toggles(controls, form).get("#email-box");
		};
		expect(run(true)).toBe(true);
		expect(run(false)).toBe(false);
	});

	it("ignore controls without rules", () => {
		const { controls, form } = setup([{ name: "a", value: "" }]);
		expect(toggles(controls, form).size).toBe(0);
	});
});

describe("toggleSelector", () => {
	it("turns id-like keys into escaped id selectors and leaves selectors alone", () => {
		expect(toggleSelector("box")).toBe("#box");
		expect(toggleSelector("frm-email")).toBe("#frm-email");
		expect(toggleSelector("a.b:c")).toBe("#a\\.b\\:c");
		expect(toggleSelector("#box")).toBe("#box");
		expect(toggleSelector(".hint")).toBe(".hint");
		expect(toggleSelector("div > p")).toBe("div > p");
	});
});
