/**
 * Rules and conditions of a form definition, named after Nette's `Form::*` constants. They hold field
 * keys, not HTML names: the export (export.ts) turns them into `data-nette-rules` once the form knows its
 * fields. Every validator they name lives in src/validation; nothing here decides whether a value passes.
 */

import { EAN13 } from "../validation";
import type { Text } from "./localized-text";

/** Another field of the same form as a rule argument (`$form['password']` in Nette). */
export interface FieldRef {
	readonly field: string;
}

export const ref = (field: string): FieldRef => ({ field });

export const isFieldRef = (arg: unknown): arg is FieldRef =>
	typeof arg === "object" && arg !== null && typeof (arg as { field?: unknown }).field === "string";

export interface Rule {
	/** The validator name in src/validation (`filled`, `email`, ...). */
	readonly op: string;
	readonly neg: boolean;
	/** Any JSON, with `FieldRef`s (alone or inside an array) for other fields' values. */
	readonly arg?: unknown;
	/** Without a message the default message of the op is used (rule-messages.ts). */
	readonly msg?: Text;
}

export interface Condition {
	readonly op: string;
	readonly neg: boolean;
	readonly arg?: unknown;
	/** The key of the field the condition tests; the field carrying it when absent. */
	readonly on?: string;
	readonly rules: readonly RuleItem[];
	/** Element id (or CSS selector) → shown while the condition holds (`true`) or while it does not. */
	readonly toggle?: Readonly<Record<string, boolean>>;
}

export type RuleItem = Rule | Condition;

export const isCondition = (item: RuleItem): item is Condition => "rules" in item;

const rule = (op: string, arg: unknown, msg: Text | undefined): Rule => ({
	op,
	neg: false,
	...(arg === undefined ? {} : { arg }),
	...(msg === undefined ? {} : { msg }),
});

type Bound = number | string | FieldRef;

export const filled = (msg?: Text) => rule("filled", undefined, msg);
export const blank = (msg?: Text) => rule("blank", undefined, msg);
export const email = (msg?: Text) => rule("email", undefined, msg);
export const url = (msg?: Text) => rule("url", undefined, msg);
export const integer = (msg?: Text) => rule("integer", undefined, msg);
export const float = (msg?: Text) => rule("float", undefined, msg);
export const numeric = (msg?: Text) => rule("numeric", undefined, msg);
export const minLength = (length: number, msg?: Text) => rule("minLength", length, msg);
export const maxLength = (length: number, msg?: Text) => rule("maxLength", length, msg);
/** An exact length, or a range with `null` for an open end. */
export const length = (length: number | readonly [number | null, number | null], msg?: Text) =>
	rule("length", length, msg);
/** A regular expression the whole value must match (JavaScript and PCRE syntax alike). */
export const pattern = (regexp: string, msg?: Text) => rule("pattern", regexp, msg);
export const patternCaseInsensitive = (regexp: string, msg?: Text) =>
	rule("patternCaseInsensitive", regexp, msg);
/** Numbers compare as numbers; strings (dates as yyyy-mm-dd) as strings. */
export const min = (bound: Bound, msg?: Text) => rule("min", bound, msg);
export const max = (bound: Bound, msg?: Text) => rule("max", bound, msg);
export const range = (lo: Bound | null, hi: Bound | null, msg?: Text) => rule("range", [lo, hi], msg);
/** Equal to a value, to one of several values, or to another field's value. */
export const equal = (value: unknown, msg?: Text) => rule("equal", value, msg);
export const notEqual = (value: unknown, msg?: Text) => rule("notEqual", value, msg);
export const fileSize = (bytes: number, msg?: Text) => rule("fileSize", bytes, msg);
/** MIME types, `*` allowed (`image/*`). */
export const mimeType = (types: string | readonly string[], msg?: Text) => rule("mimeType", types, msg);
/** GIF, PNG or JPEG. */
export const image = (msg?: Text) => rule("image", undefined, msg);
/** The form was sent by this button (for conditions on a submit button). */
export const submitted = (msg?: Text) => rule("submitted", undefined, msg);
/** The field passes its own rules (for conditions on another field). */
export const valid = (msg?: Text) => rule("valid", undefined, msg);

/** An EAN-13 number: 13 digits with a matching check digit (our `Lumen\Validators::ean13`). */
export const ean13 = (msg?: Text) => rule(EAN13, undefined, msg);

/** The rule with its verdict negated (Nette's `~`). */
export const not = (test: Rule): Rule => ({ ...test, neg: !test.neg });

interface Then {
	readonly rules?: readonly RuleItem[];
	/** An element id to show while the condition holds, or ids (selectors) → shown when it holds. */
	readonly toggle?: string | Readonly<Record<string, boolean>>;
}

const condition = (test: Rule, then: Then, on?: string): Condition => ({
	op: test.op,
	neg: test.neg,
	...(test.arg === undefined ? {} : { arg: test.arg }),
	...(on === undefined ? {} : { on }),
	rules: then.rules ?? [],
	...(then.toggle === undefined
		? {}
		: { toggle: typeof then.toggle === "string" ? { [then.toggle]: true } : then.toggle }),
});

/** Rules that apply while this field passes `test` (Nette's addCondition); `test`'s message is unused. */
export const when = (test: Rule, then: Then): Condition => condition(test, then);

/** Rules that apply while another field passes `test` (Nette's addConditionOn). */
export const whenOn = (field: string, test: Rule, then: Then): Condition => condition(test, then, field);
