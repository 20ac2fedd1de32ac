/**
 * Nette Forms' validators (nette-forms 3.5.3, netteForms.js), with these deliberate differences:
 * - lengths count Unicode code points, not UTF-16 units: an emoji is one character, as for Nette's PHP
 *   side (`Strings::length`), so browser and a PHP or Node server agree (Nette's JS counts it as two);
 * - `url` prefixes `http://` (docs/behaviour.md, Rules), not `https://`, and recognises an upper-case scheme as a scheme;
 * - `integer` followed by `float` works (Nette calls `.replace` on the number and throws);
 * - `image` accepts gif, png and jpeg only (docs/behaviour.md; Nette 3.5.3 also accepts webp);
 * - `mimeType` expands every `*`, not only the first;
 * - `submitted` compares the adapter's submitter (Nette 3.2.5+ always answers false);
 * - file validators see a value that is not a list as an empty list (Nette throws or counts characters).
 * Everything else, JavaScript's loose comparisons in `min`/`max`/`range` included, is Nette's behaviour.
 * Lumen's own validators (lumen-validators.ts) come after Nette's.
 */

import { lumenValidators } from "./lumen-validators";
import {
	asList,
	type ControlValue,
	type FileInfo,
	type ValidationControl,
	type ValidationForm,
} from "./rules";

export interface ValidatorContext {
	/** The control the rule is evaluated on. */
	readonly control: ValidationControl;
	readonly form: ValidationForm;
	/** The value the following rules of the control see: assign to normalise it. */
	value: ControlValue;
	/** Whether `control` passes its own rules (`null` when asked again while already checking it). */
	valid(): boolean | null;
}

/** Returns whether the value passes; `null` means the rule does not apply and is skipped. */
export type Validator = (value: ControlValue, arg: unknown, context: ValidatorContext) => boolean | null;

// Untyped on purpose: these compare like JavaScript does in netteForms.js (strings by code unit, a string
// and a number as numbers), which is how date and time bounds work.
const ge = (a: unknown, b: unknown): boolean => (a as number) >= (b as number);
const le = (a: unknown, b: unknown): boolean => (a as number) <= (b as number);
const gt = (a: unknown, b: unknown): boolean => (a as number) > (b as number);

// NaN for values without a length (booleans), so every comparison fails as Nette's `undefined` does.
const size = (value: unknown): number =>
	Array.isArray(value)
		? value.length
		: typeof value === "string" || typeof value === "number"
			? [...String(value)].length
			: Number.NaN;

const files = (value: ControlValue): readonly FileInfo[] =>
	Array.isArray(value) ? (value as readonly FileInfo[]) : [];

const isFileList = (value: ControlValue): value is readonly FileInfo[] =>
	Array.isArray(value) && value.some((item) => typeof item === "object");

const text = (value: unknown): string =>
	typeof value === "number" || typeof value === "string" ? `${value}` : "";

const filled: Validator = (value) =>
	value !== "" && value !== false && value !== null && !(Array.isArray(value) && !value.length);

const equal: Validator = (value, arg) => {
	if (arg === undefined) return null;
	const values = asList(value);
	const args = asList(arg);
	const key = (v: unknown) => (v === true ? "1" : text(v));
	return values.length > 0 && values.every((v) => args.some((a) => key(v) === key(a)));
};

const min: Validator = (value, arg) =>
	ge(Number.isFinite(arg) ? Number.parseFloat(String(value)) : value, arg);
const max: Validator = (value, arg) =>
	le(Number.isFinite(arg) ? Number.parseFloat(String(value)) : value, arg);

const length: Validator = (value, arg) => {
	const [lo, hi] = Array.isArray(arg) ? arg : [arg, arg];
	const n = size(value);
	return (lo === null || ge(n, lo)) && (hi === null || le(n, hi));
};

const pattern = (value: ControlValue, arg: unknown, flags: string): boolean | null => {
	if (typeof arg !== "string") return null;
	try {
		let re: RegExp;
		try {
			re = new RegExp(`^(?:${arg})$`, `u${flags}`);
		} catch {
			// A PHP-valid pattern may be invalid in JavaScript's stricter Unicode mode.
			re = new RegExp(`^(?:${arg})$`, flags);
		}
		return isFileList(value) ? value.every((file) => re.test(file.name)) : re.test(String(value));
	} catch {
		return null;
	}
};

const mimeType: Validator = (value, arg) => {
	const re = new RegExp(
		asList(arg)
			.map((type) => `^${String(type).replace(/\W/g, "\\$&").replaceAll("\\*", ".*")}$`)
			.join("|"),
	);
	return files(value).every((file) => !file.type || re.test(file.type));
};

const email =
	/^("([ !#-[\]-~]|\\[ -~])+"|[-a-z0-9!#$%&'*+/=?^_`{|}~]+(\.[-a-z0-9!#$%&'*+/=?^_`{|}~]+)*)@([0-9a-z\u00C0-\u02FF\u0370-\u1EFF]([-0-9a-z\u00C0-\u02FF\u0370-\u1EFF]{0,61}[0-9a-z\u00C0-\u02FF\u0370-\u1EFF])?\.)+[a-z\u00C0-\u02FF\u0370-\u1EFF]([-0-9a-z\u00C0-\u02FF\u0370-\u1EFF]{0,17}[a-z\u00C0-\u02FF\u0370-\u1EFF])?$/i;
const url =
	/^https?:\/\/((([-_0-9a-z\u00C0-\u02FF\u0370-\u1EFF]+\.)*[0-9a-z\u00C0-\u02FF\u0370-\u1EFF]([-0-9a-z\u00C0-\u02FF\u0370-\u1EFF]{0,61}[0-9a-z\u00C0-\u02FF\u0370-\u1EFF])?\.)?[a-z\u00C0-\u02FF\u0370-\u1EFF]([-0-9a-z\u00C0-\u02FF\u0370-\u1EFF]{0,17}[a-z\u00C0-\u02FF\u0370-\u1EFF])?|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[[0-9a-f:]{3,39}\])(:\d{1,5})?(\/\S*)?$/i;

/**
 * The validators by name. Add custom ones under the name `validatorName` gives their PHP callable
 * (`validators.AppValidators_isZip = (value) => ...`).
 */
export const validators: Record<string, Validator> = {
	filled,
	blank: (value, arg, context) => !filled(value, arg, context),
	valid: (_value, _arg, context) => context.valid(),
	equal,
	notEqual: (value, arg, context) => (arg === undefined ? null : !equal(value, arg, context)),
	minLength: (value, arg) => ge(size(value), arg),
	maxLength: (value, arg) => le(size(value), arg),
	length,
	email: (value) => email.test(String(value)),
	url: (value, _arg, context) => {
		let href = String(value);
		if (!/^[a-z\d+.-]+:/i.test(href)) href = `http://${href}`;
		if (!url.test(href)) return false;
		context.value = href;
		return true;
	},
	regexp: (value, arg) => {
		const parts = typeof arg === "string" ? /^\/(.*)\/([imu]*)$/.exec(arg) : undefined;
		if (parts === undefined) return false;
		try {
			// PHP's /u only declares UTF-8 input; JavaScript's u would make the syntax stricter.
			return parts && new RegExp(parts[1] ?? "", parts[2]?.replace("u", "")).test(String(value));
		} catch {
			return null;
		}
	},
	pattern: (value, arg) => pattern(value, arg, ""),
	patternCaseInsensitive: (value, arg) => pattern(value, arg, "i"),
	numeric: (value) => /^[0-9]+$/.test(String(value)),
	integer: (value, _arg, context) => {
		const digits = String(value);
		if (!/^-?[0-9]+$/.test(digits)) return false;
		context.value = Number.parseFloat(digits);
		return true;
	},
	float: (value, _arg, context) => {
		const number = String(value).replace(/ +/g, "").replace(/,/g, ".");
		if (!/^-?[0-9]*\.?[0-9]+$/.test(number)) return false;
		context.value = Number.parseFloat(number);
		return true;
	},
	min,
	max,
	range: (value, arg, context) => {
		if (!Array.isArray(arg)) return null;
		const [lo, hi]: unknown[] = arg;
		if (context.control.type === "time" && gt(lo, hi)) return ge(value, lo) || le(value, hi);
		return (lo === null || !!min(value, lo, context)) && (hi === null || !!max(value, hi, context));
	},
	submitted: (_value, _arg, context) =>
		!!context.form.submitter && context.form.submitter === context.control.name,
	fileSize: (value, arg) => files(value).every((file) => le(file.size, arg)),
	mimeType,
	image: (value, arg, context) => mimeType(value, arg ?? ["image/gif", "image/png", "image/jpeg"], context),
	static: (_value, arg) => (arg === null ? null : !!arg),
	...lumenValidators,
};
