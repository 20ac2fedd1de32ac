/**
 * The fields a form is made of, one factory per kind, named after Nette's `add*` methods. A field knows
 * its markup and which value it yields; its rules are plain data (rules.ts).
 */

import type { Text } from "./localized-text";
import type { ReceivedFile } from "./received-file";
import type { RuleItem } from "./rules";

export interface Option {
	readonly value: string;
	readonly label: Text;
	/** select and multiSelect: consecutive options of the same group are rendered in an <optgroup>. */
	readonly group?: Text;
}

interface Common {
	readonly label: Text;
	/** A hint below the control, referenced by aria-describedby. */
	readonly description?: Text;
	/** Adds the `filled` rule before all others (Nette's setRequired): true for the default message. */
	readonly required?: boolean | Text;
	readonly rules?: readonly RuleItem[];
	/**
	 * Id of the element wrapping this field and its neighbours of the same group: a toggle target.
	 * While a toggle hides it, the browser skips its fields and so does the server.
	 */
	readonly group?: string;
}

interface Autocomplete {
	/** The HTML autocomplete token (`email`, `given-name`, `bday`, ...). */
	readonly autocomplete?: string;
}

/** What an on-screen keyboard offers for a typed field. */
interface Keyboard {
	/** `inputmode`; by default the type's own (`email`, `url`, `tel`, `numeric`, `decimal`). */
	readonly inputMode?: "none" | "text" | "decimal" | "numeric" | "tel" | "search" | "email" | "url";
	/** `enterkeyhint`: what the keyboard's Enter key says. */
	readonly enterKeyHint?: "enter" | "done" | "go" | "next" | "previous" | "search" | "send";
}

export interface InputField extends Common, Autocomplete, Keyboard {
	readonly kind: "input";
	/** email and url add their rule the way Nette's addEmail does; password values are never rendered back. */
	readonly type: "text" | "email" | "tel" | "url" | "search" | "password" | "date";
	/** A button that empties the field (shown by the text-input component); `true` for the default label. */
	readonly clearable?: boolean | Text;
}

/**
 * A number typed as text (inputmode numeric or decimal): a native number input drops what it cannot parse
 * without telling the server, and refuses a decimal comma in most locales, which `float` accepts.
 */
export interface NumberField extends Common, Autocomplete, Keyboard {
	readonly kind: "number";
	readonly type: "integer" | "float";
}

export interface TextareaField extends Common, Autocomplete {
	readonly kind: "textarea";
	readonly rows?: number;
}

export interface CheckboxField extends Common {
	readonly kind: "checkbox";
}

export interface ChoiceField extends Common, Autocomplete {
	readonly kind: "radioList" | "checkboxList" | "select" | "multiSelect";
	readonly options: readonly Option[];
	/** select only: a first option with the value "" (nothing chosen). */
	readonly prompt?: Text;
}

export interface FileField extends Common {
	readonly kind: "file";
	readonly multiple: boolean;
	/** The `accept` attribute (a hint for the file picker; the rules decide). */
	readonly accept?: string;
	/** Largest file in bytes, at most FORM_LIMITS.fileSize (the default). */
	readonly maxSize?: number;
}

export interface HiddenField {
	readonly kind: "hidden";
}

export interface SubmitField {
	readonly kind: "submit";
	readonly label: Text;
	/** Sent as the button's value. */
	readonly value?: string;
	/** Validate only these fields (keys); `[]` validates nothing (formnovalidate). */
	readonly validationScope?: readonly string[];
}

export type Field =
	| InputField
	| NumberField
	| TextareaField
	| CheckboxField
	| ChoiceField
	| FileField
	| HiddenField
	| SubmitField;

export type Fields = Readonly<Record<string, Field>>;

/** The typed value a field yields after a valid submission. */
export type ValueOf<F extends Field> = F extends NumberField
	? number | null
	: F extends CheckboxField
		? boolean
		: F extends ChoiceField
			? F["kind"] extends "checkboxList" | "multiSelect"
				? string[]
				: string | null
			: F extends FileField
				? F["multiple"] extends true
					? ReceivedFile[]
					: ReceivedFile | null
				: string;

/** The values of a valid submission, by field key (submit buttons excluded: see `submitter`). */
export type FormValues<F extends Fields> = {
	-readonly [K in keyof F as F[K] extends SubmitField ? never : K]: ValueOf<F[K]>;
};

type Options<F> = Omit<F, "kind" | "type">;

const input =
	(type: InputField["type"]) =>
	(options: Options<InputField>): InputField => ({ kind: "input", type, ...options });

export const text = input("text");
export const email = input("email");
export const tel = input("tel");
export const url = input("url");
export const search = input("search");
export const password = input("password");
/** A native date input: the value is yyyy-mm-dd; `min`/`max` rules with such strings bound it. */
export const date = input("date");
export const integer = (options: Options<NumberField>): NumberField => ({
	kind: "number",
	type: "integer",
	...options,
});
export const float = (options: Options<NumberField>): NumberField => ({
	kind: "number",
	type: "float",
	...options,
});
export const textarea = (options: Options<TextareaField>): TextareaField => ({
	kind: "textarea",
	...options,
});
export const checkbox = (options: Options<CheckboxField>): CheckboxField => ({
	kind: "checkbox",
	...options,
});
export const radioList = (options: Omit<Options<ChoiceField>, "prompt">): ChoiceField => ({
	kind: "radioList",
	...options,
});
export const checkboxList = (options: Omit<Options<ChoiceField>, "prompt">) =>
	({ kind: "checkboxList", ...options }) as const satisfies ChoiceField;
export const select = (options: Options<ChoiceField>): ChoiceField => ({ kind: "select", ...options });
export const multiSelect = (options: Omit<Options<ChoiceField>, "prompt">) =>
	({ kind: "multiSelect", ...options }) as const satisfies ChoiceField;
export const file = (options: Omit<Options<FileField>, "multiple">) =>
	({ kind: "file", multiple: false, ...options }) as const satisfies FileField;
export const files = (options: Omit<Options<FileField>, "multiple">) =>
	({ kind: "file", multiple: true, ...options }) as const satisfies FileField;
export const hidden = (): HiddenField => ({ kind: "hidden" });
export const submit = (options: Options<SubmitField>): SubmitField => ({ kind: "submit", ...options });
