/**
 * The rule format (`data-nette-rules`, exactly as Nette Forms emits it) and the adapter contract through
 * which the engine sees a form. The engine never touches the DOM: the browser runtime builds these objects
 * from form elements, the server from the parsed request, and both get the same verdicts.
 *
 * Values a `ValidationControl` must carry (Nette's `getValue`, so that browser and server agree):
 * - text-like `<input>` (text, email, number, date, hidden, ...): the string, trimmed (`textValue(raw)`)
 * - `<textarea>`: the string with line breaks as `\n`, not trimmed (`textValue(raw, true)`)
 * - checkbox: `true`/`false`; checkbox list (`name[]`): the checked values as `string[]`
 * - radio list: the checked value, or `null`; it is one control named after the group
 * - `<select>`: the selected value or `null`; `<select multiple>`: the selected values as `string[]`
 * - file input: `FileInfo[]` (empty when nothing was chosen)
 * - submit button: its value string (it only has to be found by `control(name)` for `:submitted`)
 */

export interface FileInfo {
	readonly name: string;
	readonly size: number;
	readonly type: string;
}

/** What a control holds; numbers only appear after `integer`/`float` normalised a value. */
export type ControlValue = string | number | boolean | null | readonly string[] | readonly FileInfo[];

export interface ValidationControl {
	/** The HTML name (`email`, `tags[]`, `address[city]`): rules and `{control}` arguments refer to it. */
	readonly name: string;
	readonly value: ControlValue;
	/** Parsed `data-nette-rules`; radio and checkbox lists carry them on their first item only. */
	readonly rules?: readonly Rule[];
	/** `data-nette-empty-value`: a value equal to it counts as empty (a typed-in placeholder). */
	readonly emptyValue?: string;
	/** Disabled (for a radio list: every item disabled). Its failing rules are never reported. */
	readonly disabled?: boolean;
	/** Not rendered or inside a hidden part of the form: `validateForm` skips it. */
	readonly hidden?: boolean;
	/** The input type; only `time` matters (a `range` whose min is above its max wraps past midnight). */
	readonly type?: string;
	/** The browser could not parse what was typed (`validity.badInput`, e.g. letters in a number input). */
	readonly badInput?: boolean;
}

export interface ValidationForm {
	/** Any control of the form by HTML name, submit buttons included; `undefined` when there is none. */
	control(name: string): ValidationControl | undefined;
	/** Name of the button that submitted the form (`SubmitEvent.submitter`), if any. */
	readonly submitter?: string | null;
}

/** A parsed rule; a rule with `rules` is a condition. */
export interface Rule {
	/** The validator name: leading `:` and `~` stripped, `\` removed, `::` turned into `_`. */
	readonly op: string;
	readonly neg: boolean;
	readonly msg?: string;
	/** Any JSON; `{control: name}` (alone or inside an array) stands for the value of that control. */
	readonly arg?: unknown;
	/** Evaluate the rule on this control instead of the one carrying it. */
	readonly control?: string;
	readonly rules?: readonly Rule[];
	/** Selector or id → whether the target is shown when the condition holds. */
	readonly toggle?: Readonly<Record<string, boolean>>;
}

export interface ControlRef {
	readonly control: string;
}

export const isControlRef = (arg: unknown): arg is ControlRef => {
	const control = typeof arg === "object" && arg !== null && (arg as { control?: unknown }).control;
	return typeof control === "string" && control !== "";
};

/** A value as a list: a list as it is, anything else as the one item of one. */
export const asList = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [value]);

/** The key of a validator in `validators` for an op or a PHP callable (`App\Check::zip` → `AppCheck_zip`). */
export const validatorName = (op: string): string =>
	(op.startsWith(":") ? op.slice(1) : op).replace("::", "_").replaceAll("\\", "");

/**
 * A control's value the way Nette reads it: single-line text trimmed (and stripped of line breaks as the
 * browser does), multi-line text with `\r\n` normalised to `\n` and otherwise untouched.
 */
export const textValue = (raw: string, multiline = false): string =>
	multiline ? raw.replace(/\r\n?/g, "\n") : raw.replace(/[\r\n]/g, "").trim();

/**
 * Checks `data-nette-rules` (the attribute text, or the value already parsed) and returns typed rules.
 * This is a trust boundary: anything malformed throws a TypeError naming the offending path; unknown keys
 * are ignored, `null` means no rules.
 */
export function parseRules(json: unknown): Rule[] {
	let data = json;
	if (typeof json === "string") {
		try {
			data = JSON.parse(json);
		} catch (error) {
			throw new TypeError(`data-nette-rules is not valid JSON: ${(error as Error).message}`);
		}
	}
	return data === null ? [] : list(data, "data-nette-rules");
}

function list(data: unknown, path: string): Rule[] {
	if (!Array.isArray(data)) fail(path, "an array");
	return data.map((item, i) => rule(item, `${path}[${i}]`));
}

function rule(data: unknown, path: string): Rule {
	if (typeof data !== "object" || data === null || Array.isArray(data)) fail(path, "an object");
	const { op, msg, arg, control, rules, toggle } = data as Record<string, unknown>;
	if (typeof op !== "string") fail(`${path}.op`, "a string");
	const neg = op.startsWith("~");
	const name = validatorName(neg ? op.slice(1) : op);
	if (!name) fail(`${path}.op`, "a validator name");
	const result: { -readonly [K in keyof Rule]: Rule[K] } = { op: name, neg };
	if (msg != null) result.msg = typeof msg === "string" ? msg : fail(`${path}.msg`, "a string");
	if (arg !== undefined) result.arg = arg;
	if (control != null)
		result.control = typeof control === "string" ? control : fail(`${path}.control`, "a string");
	if (rules != null) result.rules = list(rules, `${path}.rules`);
	if (toggle != null) {
		if (typeof toggle !== "object" || Array.isArray(toggle)) fail(`${path}.toggle`, "an object");
		for (const [key, show] of Object.entries(toggle)) {
			if (typeof show !== "boolean") fail(`${path}.toggle[${JSON.stringify(key)}]`, "a boolean");
		}
		result.toggle = toggle as Record<string, boolean>;
	}
	return result;
}

function fail(path: string, expected: string): never {
	throw new TypeError(`${path} must be ${expected}`);
}
