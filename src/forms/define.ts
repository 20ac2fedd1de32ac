/**
 * A form defined once: its fields, and from them the `data-nette-rules` of each control in each language.
 * The same exported rules are rendered into the markup and parsed back (src/validation's parseRules) to
 * validate a submission, so the browser and the server judge by identical rules.
 */

import { parseRules, type Rule } from "../validation";
import type { Field, Fields } from "./fields";
import { FORM_LIMITS } from "./limits";
import { type Lang, translate } from "./localized-text";
import { DEFAULT_MESSAGES, formatServerMessage, INVALID_VALUE } from "./rule-messages";
import * as rule from "./rules";
import { isCondition, isFieldRef, type RuleItem } from "./rules";

export interface FormDefinition<F extends Fields = Fields> {
	/** Part of every control's id (`frm-<name>-<key>`), so two forms on a page do not clash. */
	readonly name: string;
	readonly fields: F;
	/** The exported `data-nette-rules` of a field (undefined when it has none), by language. */
	rulesJson(key: string, lang: Lang): string | undefined;
	/** The same rules parsed back, as the server validates a submission by them (undefined when none). */
	rules(key: string, lang: Lang): readonly Rule[] | undefined;
	/** A file field makes the form multipart/form-data: only then does its route read files (formRoute). */
	readonly multipart: boolean;
	/** The largest body its route reads, in bytes (FormOptions.bodyLimit). */
	readonly bodyLimit: number;
}

export interface FormOptions {
	/** The form's name (FormDefinition.name). */
	readonly name: string;
	/**
	 * The largest body the form's route reads (formRoute), in bytes: what the fields can hold,
	 * percent-encoded, with room for what the route reads besides them. A larger body is refused with
	 * 413 before it is read. At most, and by default, FORM_LIMITS.bodySize.
	 */
	readonly bodyLimit?: number;
}

/** Nette's JSON: a rule `{op, msg, arg?}`, a condition `{op, rules, control, toggle?, arg?}`. */
export type NetteRule =
	| { op: string; msg: string; arg?: unknown }
	| { op: string; rules: NetteRule[]; control: string; toggle?: Record<string, boolean>; arg?: unknown };

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Lists submit as `name[]`, like Nette's checkbox lists, multi-selects and multiple uploads. */
export function htmlName(key: string, field: Field): string {
	const list =
		field.kind === "checkboxList" ||
		field.kind === "multiSelect" ||
		(field.kind === "file" && field.multiple);
	return list ? `${key}[]` : key;
}

export const controlId = (form: string, key: string): string => `frm-${form}-${key}`;

/** The rules a field carries, in Nette's order: `filled` from `required`, the kind's own rule, the rest. */
export function fieldRules(field: Field): RuleItem[] {
	if (field.kind === "hidden" || field.kind === "submit") return [];
	const required = field.required ? [rule.filled(field.required === true ? undefined : field.required)] : [];
	return [...required, ...kindRules(field), ...(field.rules ?? [])];
}

function kindRules(field: Field): RuleItem[] {
	switch (field.kind) {
		case "input":
			return field.type === "email" ? [rule.email()] : field.type === "url" ? [rule.url()] : [];
		case "number":
			return [field.type === "integer" ? rule.integer() : rule.float()];
		case "file": {
			const size = rule.fileSize(field.maxSize ?? FORM_LIMITS.fileSize);
			return field.multiple ? [size, rule.maxLength(FORM_LIMITS.files)] : [size];
		}
		default:
			return [];
	}
}

/**
 * Defines a form, by its name alone or with options. Mistakes in the definition (a rule naming a field
 * that does not exist, a file limit above what the server accepts) throw here, when the module loads,
 * not when a user submits.
 */
export function defineForm<const F extends Fields>(form: string | FormOptions, fields: F): FormDefinition<F> {
	const { name, bodyLimit = FORM_LIMITS.bodySize } = typeof form === "string" ? { name: form } : form;
	if (!KEY.test(name)) throw new TypeError(`Form name "${name}" must be a plain identifier`);
	if (!Number.isSafeInteger(bodyLimit) || bodyLimit < 1 || bodyLimit > FORM_LIMITS.bodySize) {
		throw new TypeError(`Form "${name}": bodyLimit must be 1 to ${FORM_LIMITS.bodySize} bytes`);
	}
	for (const [key, field] of Object.entries(fields)) check(fields, key, field);
	checkGroups(fields);
	// Made once per field and language: a form serves many requests.
	const cache = new Map<string, { json: string; rules: readonly Rule[] } | undefined>();
	const exported = (key: string, lang: Lang) => {
		const id = `${lang} ${key}`;
		if (!cache.has(id)) {
			const field = fields[key];
			const rules = field ? exportRules(fields, key, field, fieldRules(field), lang) : [];
			const json = JSON.stringify(rules);
			cache.set(id, rules.length ? { json, rules: parseRules(json) } : undefined);
		}
		return cache.get(id);
	};
	return {
		name,
		fields,
		rulesJson: (key, lang) => exported(key, lang)?.json,
		rules: (key, lang) => exported(key, lang)?.rules,
		multipart: Object.values(fields).some((field) => field.kind === "file"),
		bodyLimit,
	};
}

function check(fields: Fields, key: string, field: Field): void {
	const known = (other: string, what: string) => {
		if (!Object.hasOwn(fields, other))
			throw new TypeError(`Field "${key}": ${what} "${other}" does not exist`);
	};
	if (!KEY.test(key)) throw new TypeError(`Field key "${key}" must be a plain identifier`);
	if (field.kind === "file" && (field.maxSize ?? 0) > FORM_LIMITS.fileSize) {
		throw new TypeError(
			`Field "${key}": maxSize is above the server's limit of ${FORM_LIMITS.fileSize} bytes`,
		);
	}
	if (field.kind === "submit") for (const scoped of field.validationScope ?? []) known(scoped, "scope field");
	const visit = (items: readonly RuleItem[]) => {
		for (const item of items) {
			const args: unknown[] = Array.isArray(item.arg) ? item.arg : [item.arg];
			for (const arg of args) if (isFieldRef(arg)) known(arg.field, "rule argument");
			if (isCondition(item)) {
				if (item.on !== undefined) known(item.on, "condition on");
				visit(item.rules);
			}
		}
	};
	visit(fieldRules(field));
}

/** A group is one element around its fields: they must follow one another. */
function checkGroups(fields: Fields): void {
	const closed = new Set<string>();
	let current: string | undefined;
	for (const [key, field] of Object.entries(fields)) {
		// Buttons are rendered together after the fields, outside any group.
		if (field.kind === "submit") continue;
		const group = "group" in field ? field.group : undefined;
		if (group === current) continue;
		if (current !== undefined) closed.add(current);
		if (group !== undefined && closed.has(group)) {
			throw new TypeError(`Field "${key}": the fields of group "${group}" must follow one another`);
		}
		current = group;
	}
}

function exportRules(
	fields: Fields,
	key: string,
	field: Field,
	items: readonly RuleItem[],
	lang: Lang,
): NetteRule[] {
	const label = "label" in field ? translate(field.label, lang) : key;
	const name = (other: string) => htmlName(other, fields[other] as Field);
	const exportArg = (arg: unknown) => (isFieldRef(arg) ? { control: name(arg.field) } : arg);
	const result: NetteRule[] = [];
	for (const item of items) {
		// Nette's own validators are `:name`; a custom one is its PHP callable (`Lumen\Validators::ean13`).
		const op = `${item.neg ? "~" : ""}${item.op.includes("::") ? "" : ":"}${item.op}`;
		// Nette omits an argument that is null; a list's items are exported one by one.
		const arg =
			item.arg === undefined || item.arg === null
				? {}
				: { arg: Array.isArray(item.arg) ? item.arg.map(exportArg) : exportArg(item.arg) };
		if (isCondition(item)) {
			const rules = exportRules(fields, key, field, item.rules, lang);
			// A condition with neither rules nor toggles does nothing: Nette leaves it out.
			if (!rules.length && !item.toggle) continue;
			result.push({
				op,
				rules,
				control: name(item.on ?? key),
				...(item.toggle ? { toggle: { ...item.toggle } } : {}),
				...arg,
			});
		} else {
			const message = translate(item.msg ?? DEFAULT_MESSAGES[item.op] ?? INVALID_VALUE, lang);
			result.push({ op, msg: formatServerMessage(message, item.arg, label, key), ...arg });
		}
	}
	return result;
}
