/**
 * Rule evaluation as netteForms.js 3.5.3 does it (validateControl, validateForm, toggleControl):
 * - a control is "optional" while empty: its rules other than `filled` are skipped, its conditions are
 *   still evaluated, and inside a `blank` condition emptiness is no longer a reason to skip;
 * - one value travels through the rules and validators may normalise it (`integer`, `float`, `url`);
 * - a control used by a rule or as an argument is seen with its own rules' normalisation applied;
 * - an unknown op or a validator answering `null` skips the rule; the first failing rule is reported,
 *   unless the failing control is disabled.
 * Differences: a `{control}` argument naming a missing control skips the rule (Nette throws); `valid`
 * asked again for a control it is already checking skips the rule (Nette recurses forever); a scope
 * entry is matched literally (Nette builds an unescaped regular expression from it); a bad input is
 * reported with its own message, and outside the validation scope it does not block (Nette blocks).
 */

import { formatMessage } from "./format-message";
import {
	asList,
	type ControlValue,
	isControlRef,
	type Rule,
	type ValidationControl,
	type ValidationForm,
} from "./rules";
import { type ValidatorContext, validators } from "./validators";

export interface ValidationError {
	/** Name of the control that failed (a rule may test a control other than the one carrying it). */
	readonly control: string;
	readonly message: string;
}

export interface ControlResult {
	readonly error?: ValidationError;
	/** The value after normalisation (e.g. a number after `float`, a prefixed URL after `url`). */
	readonly value: ControlValue;
}

export interface FormResult {
	readonly valid: boolean;
	/** At most one per validated control, in the order of the controls. */
	readonly errors: ValidationError[];
	/** Normalised values of the validated controls. */
	readonly values: Map<string, ControlValue>;
}

export interface ValidateOptions {
	/**
	 * `data-nette-validation-scope` of the submitter: only controls inside one of these containers are
	 * validated; an empty list validates nothing (a `formnovalidate` button without a scope).
	 */
	readonly scope?: readonly string[];
	/** Reported for a control with `badInput`. */
	readonly badInputMessage?: string;
}

export const BAD_INPUT_MESSAGE = "Please enter a valid value.";

interface Ref {
	value: ControlValue;
}

interface Run {
	readonly form: ValidationForm;
	/** Controls whose normalised value is being computed (Nette's #preventFiltering). */
	readonly filtering: Set<string>;
	/** Controls `valid` is checking. */
	readonly checking: Set<string>;
}

const run = (form: ValidationForm): Run => ({ form, filtering: new Set(), checking: new Set() });

// Nette maps both "nothing selected" (null) and the empty value to "".
const effective = (control: ValidationControl): ControlValue =>
	control.value === null || control.value === control.emptyValue ? "" : control.value;

function filtered(r: Run, control: ValidationControl): ControlValue {
	if (r.filtering.has(control.name)) return effective(control);
	r.filtering.add(control.name);
	try {
		return start(r, control).value;
	} finally {
		r.filtering.delete(control.name);
	}
}

function start(r: Run, control: ValidationControl): ControlResult {
	const ref = { value: effective(control) };
	const error = check(r, control, control.rules ?? [], ref, !test(r, control, "filled", undefined, ref));
	return { error, value: ref.value };
}

/** One rule on `control`; `ref` is the travelling value when `control` is the one being validated. */
function test(r: Run, control: ValidationControl, op: string, arg: unknown, ref?: Ref): boolean | null {
	if (control.badInput) return op === "filled";
	const validator = Object.hasOwn(validators, op) ? validators[op] : undefined;
	if (!validator) return null;
	const own = ref ?? { value: filtered(r, control) };
	// Arguments naming controls stand for their values (a submit checks hundreds of rules: no copies
	// of the arguments unless one names a control).
	let args = arg;
	if (isControlRef(arg) || (Array.isArray(arg) && arg.some(isControlRef))) {
		let missing = false;
		const values = asList(arg).map((a: unknown) => {
			if (!isControlRef(a)) return a;
			if (a.control === control.name) return own.value;
			const other = r.form.control(a.control);
			if (!other) missing = true;
			return other && filtered(r, other);
		});
		if (missing) return null;
		args = Array.isArray(arg) ? values : values[0];
	}
	const context: ValidatorContext = {
		control,
		form: r.form,
		value: own.value,
		valid() {
			if (r.checking.has(control.name)) return null;
			r.checking.add(control.name);
			try {
				return !start(r, control).error;
			} finally {
				r.checking.delete(control.name);
			}
		},
	};
	const result = validator(own.value, args, context);
	own.value = context.value;
	return result;
}

function check(
	r: Run,
	control: ValidationControl,
	rules: readonly Rule[],
	ref: Ref,
	optional: boolean,
): ValidationError | undefined {
	for (const rule of rules) {
		const target = rule.control ? r.form.control(rule.control) : control;
		if (!target || (optional && !rule.rules && rule.op !== "filled")) continue;
		let ok = test(r, target, rule.op, rule.arg, target.name === control.name ? ref : undefined);
		if (ok === null) continue;
		if (rule.neg) ok = !ok;
		if (rule.rules) {
			const error = ok
				? check(r, control, rule.rules, ref, rule.op === "blank" ? false : optional)
				: undefined;
			if (error) return error;
		} else if (!ok && !target.disabled) {
			return { control: target.name, message: formatMessage(rule.msg ?? "", target, rule.arg, r.form) };
		}
	}
	return undefined;
}

/** Validates one control against its rules: the first error, and the value normalised by the rules. */
export const validateControl = (
	control: ValidationControl,
	form: ValidationForm,
	options: ValidateOptions = {},
): ControlResult => validateIn(run(form), control, options);

// One run serves a whole form: its sets are empty again after each control.
function validateIn(r: Run, control: ValidationControl, options: ValidateOptions): ControlResult {
	if (control.badInput && !control.disabled) {
		return {
			error: { control: control.name, message: options.badInputMessage ?? BAD_INPUT_MESSAGE },
			value: effective(control),
		};
	}
	return start(r, control);
}

/**
 * Validates the controls of a form (the caller lists them, in document order): those with rules or a bad
 * input, neither disabled nor hidden, inside the scope when one is given.
 */
export function validateForm(
	controls: Iterable<ValidationControl>,
	form: ValidationForm,
	options: ValidateOptions = {},
): FormResult {
	const errors: ValidationError[] = [];
	const values = new Map<string, ControlValue>();
	const r = run(form);
	for (const control of controls) {
		if (control.disabled || control.hidden || !(control.rules || control.badInput)) continue;
		if (options.scope && !inScope(control.name, options.scope)) continue;
		const result = validateIn(r, control, options);
		values.set(control.name, result.value);
		if (result.error) errors.push(result.error);
	}
	return { valid: !errors.length, errors, values };
}

/**
 * Whether a control belongs to a validation scope. Like Nette, `address[city]` is the path
 * `address-city-` and belongs to the scopes `address` and `address-city`, not to `addr`.
 */
export function inScope(name: string, scope: readonly string[]): boolean {
	const path = name.replace(/]\[|\[|]|$/g, "-");
	return scope.some((prefix) => path.startsWith(`${prefix}-`));
}

/**
 * Visibility of every toggle target of the controls' rules, OR-ed across all rules that name it (Nette's
 * toggleForm). Keys are as in the rules; `toggleSelector` turns one into a CSS selector.
 */
export function toggles(controls: Iterable<ValidationControl>, form: ValidationForm): Map<string, boolean> {
	const result = new Map<string, boolean>();
	const r = run(form);
	for (const control of controls) {
		if (!control.rules) continue;
		const ref = { value: effective(control) };
		toggle(r, control, control.rules, null, ref, !test(r, control, "filled", undefined, ref), result);
	}
	return result;
}

// Nette's toggleControl: once a rule fails, the rules after it count as failed without being evaluated,
// so a toggle inside a condition that did not hold is decided by its `false` side.
function toggle(
	r: Run,
	control: ValidationControl,
	rules: readonly Rule[],
	success: boolean | null,
	ref: Ref,
	optional: boolean,
	result: Map<string, boolean>,
): boolean {
	let has = false;
	for (const rule of rules) {
		const target = rule.control ? r.form.control(rule.control) : control;
		if (!target || (optional && !rule.rules && rule.op !== "filled")) continue;
		let current = success;
		if (success !== false) {
			current = test(r, target, rule.op, rule.arg, target.name === control.name ? ref : undefined);
			if (current === null) continue;
			if (rule.neg) current = !current;
			if (!rule.rules) success = current;
		}
		const inner =
			rule.rules &&
			toggle(r, control, rule.rules, current, ref, rule.op === "blank" ? false : optional, result);
		if (inner || rule.toggle) {
			has = true;
			for (const [key, show] of Object.entries(rule.toggle ?? {})) {
				result.set(key, !!result.get(key) || (show ? !!current : !current));
			}
		}
	}
	return has;
}

/** A toggle key as a CSS selector: an id-like key means `#id` (with `.` and `:` escaped), else as is. */
export const toggleSelector = (key: string): string =>
	/^\w[\w.:-]*$/.test(key) ? `#${key.replace(/[.:]/g, "\\$&")}` : key;
