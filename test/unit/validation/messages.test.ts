import { describe, expect, it } from "vitest";
import type { ValidationControl, ValidationForm } from "../../../src/validation";
import { formatMessage } from "../../../src/validation";

const controls: ValidationControl[] = [
	{ name: "password", value: "secret" },
	{ name: "tags[]", value: ["a", "b"] },
	{ name: "gender", value: null },
];
const form: ValidationForm = { control: (name) => controls.find((control) => control.name === name) };
const control = (value: ValidationControl["value"]): ValidationControl => ({ name: "x", value });

describe("formatMessage", () => {
	it("fills %value with the value as entered", () => {
		expect(formatMessage("'%value' is not valid.", control("abc"), undefined, form)).toBe(
			"'abc' is not valid.",
		);
		expect(formatMessage("%value%value", control(12), undefined, form)).toBe("1212");
	});

	it("joins lists with ', ', names files, prints nothing for nothing", () => {
		expect(formatMessage("[%value]", control(["a", "b"]), undefined, form)).toBe("[a, b]");
		expect(formatMessage("[%value]", control([{ name: "a.png", size: 1, type: "" }]), undefined, form)).toBe(
			"[a.png]",
		);
		expect(formatMessage("[%value]", control(null), undefined, form)).toBe("[]");
		expect(formatMessage("[%value]", control(true), undefined, form)).toBe("[true]");
	});

	it("fills %0, %1, ... with the arguments, a control argument with that control's value", () => {
		expect(formatMessage("Between %0 and %1.", control(""), [1, 10], form)).toBe("Between 1 and 10.");
		expect(formatMessage("At least %0.", control(""), 3, form)).toBe("At least 3.");
		expect(formatMessage("Equal to %0.", control(""), { control: "password" }, form)).toBe(
			"Equal to secret.",
		);
		expect(formatMessage("%0 / %1", control(""), [{ control: "tags[]" }, { control: "gender" }], form)).toBe(
			"a, b / ",
		);
		expect(formatMessage("One of %0.", control(""), [["a", "b"]], form)).toBe("One of a, b.");
		expect(formatMessage("Up to %1.", control(""), [null, 5], form)).toBe("Up to 5.");
		expect(formatMessage("%0", control(""), [{ control: "missing" }], form)).toBe("");
	});

	it("leaves a %N beyond the arguments as typed", () => {
		expect(formatMessage("%0 and %1 and %12", control(""), [7], form)).toBe("7 and %1 and %12");
		expect(formatMessage("%0", control(""), undefined, form)).toBe("%0");
		expect(formatMessage("%0", control(""), [], form)).toBe("%0");
	});

	it("leaves the server's placeholders and plain text alone", () => {
		expect(formatMessage("%label needs 100 %", control("v"), undefined, form)).toBe("%label needs 100 %");
		expect(formatMessage("", control("v"), undefined, form)).toBe("");
	});
});
