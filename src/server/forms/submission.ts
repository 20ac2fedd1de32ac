/**
 * The server's side of form validation: a submitted body becomes the controls the engine sees (values
 * prepared exactly as the browser adapter prepares them from the DOM, see src/validation/rules.ts), the
 * engine judges them by the rules that were rendered, and the result is typed values or per-field errors.
 */

import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { type FormDefinition, htmlName } from "../../forms/define";
import type { Field, Fields, FormValues } from "../../forms/fields";
import { FORM_TEXTS } from "../../forms/form-texts";
import { type Lang, type Text, translate } from "../../forms/localized-text";
import type { ReceivedFile } from "../../forms/received-file";
import { INVALID_CHOICE, INVALID_VALUE } from "../../forms/rule-messages";
import { EMPTY_STATE, type FormState, type ShownValue } from "../../forms/state";
import { DEFAULT_LANG } from "../../i18n";
import {
	type ControlValue,
	type FileInfo,
	textValue,
	toggles,
	type ValidationControl,
	type ValidationForm,
	validateForm,
} from "../../validation";
import { type Entries, type Entry, FormBodyError, readMultipart, urlencodedEntries } from "./body";

export type Submission<F extends Fields> =
	| {
			readonly valid: true;
			readonly values: FormValues<F>;
			/** Key of the submit button that sent the form, if any. */
			readonly submitter: string | null;
			readonly state: FormState;
	  }
	| {
			readonly valid: false;
			/**
			 * 200 for values that broke the rules (as Nette answers: its ajax libraries take any other status
			 * as a failure, and Chromium logs a 4xx page as a console error); 400 or 413 for a body the
			 * server would not read (our runtime shows the snippets of such an answer too).
			 */
			readonly status: 200 | 400 | 413;
			readonly state: FormState;
	  };

/** The state with more errors, e.g. from checks only the handler can make (an e-mail already registered). */
export function withErrors(
	state: FormState,
	errors: Readonly<Record<string, string>>,
	formErrors: readonly string[] = [],
): FormState {
	return {
		values: state.values,
		errors: { ...errors, ...state.errors },
		formErrors: [...state.formErrors, ...formErrors],
	};
}

/** Reads, normalises and validates a submitted form (urlencoded or multipart). Never throws for bad input. */
export async function readForm<F extends Fields>(
	request: FastifyRequest,
	form: FormDefinition<F>,
	options: { lang?: Lang } = {},
): Promise<Submission<F>> {
	const lang = options.lang ?? request.lang ?? DEFAULT_LANG;
	const entries = await readEntries(request);
	return entries instanceof FormBodyError
		? refused(entries.statusCode, lang)
		: validateSubmission(form, entries, lang);
}

/** The entries of a submitted body, or why it was refused. */
export async function readEntries(request: FastifyRequest): Promise<Entries | FormBodyError> {
	if (!request.isMultipart()) {
		// No body at all is an empty form; a body another parser made (JSON) is not a form.
		const entries = request.body === undefined ? new Map() : urlencodedEntries(request.body);
		return entries ?? new FormBodyError(400, "The body is not a form");
	}
	try {
		return await readMultipart(request);
	} catch (error) {
		if (!(error instanceof FormBodyError)) throw error;
		request.log.info({ err: error }, "form body refused");
		return error;
	}
}

function refused(status: 400 | 413, lang: Lang): Submission<never> {
	const message = translate(status === 413 ? FORM_TEXTS.tooLarge : FORM_TEXTS.unreadable, lang);
	return { valid: false, status, state: { ...EMPTY_STATE, formErrors: [message] } };
}

/** One field as read from the body. */
interface Read {
	readonly value: ControlValue;
	/** What to render back; undefined for passwords and files. */
	readonly shown?: ShownValue;
	/** A value our markup cannot produce. */
	readonly error?: Text;
	readonly files?: readonly ReceivedFile[];
}

const invalid = (value: ControlValue, error: Text = INVALID_VALUE): Read => ({ value, shown: null, error });

/** The one string sent for a single-valued field: null when nothing was sent, undefined when not one string. */
function one(entries: readonly Entry[]): string | null | undefined {
	if (entries.length === 0) return null;
	const [first] = entries;
	return entries.length === 1 && typeof first === "string" ? first : undefined;
}

function readField(field: Field, entries: readonly Entry[]): Read {
	const sent = one(entries);
	const strings = entries.filter((entry) => typeof entry === "string");
	switch (field.kind) {
		case "input":
		case "number":
		case "textarea":
		case "hidden": {
			if (sent === undefined) return invalid("");
			const value = textValue(sent ?? "", field.kind === "textarea");
			return field.kind === "input" && field.type === "password" ? { value } : { value, shown: value };
		}
		case "checkbox":
			if (sent === undefined) return invalid(false);
			// An unchecked box is not sent; a checked one sends its value ("on" by default).
			return { value: !!sent, shown: !!sent };
		case "radioList":
		case "select": {
			if (sent === null) return { value: null, shown: null };
			const prompt = sent === "" && field.kind === "select" && field.prompt !== undefined;
			return sent !== undefined && (prompt || isOption(field, sent))
				? { value: sent, shown: sent }
				: invalid(null, INVALID_CHOICE);
		}
		case "checkboxList":
		case "multiSelect": {
			if (strings.length !== entries.length || !strings.every((value) => isOption(field, value))) {
				return invalid([], INVALID_CHOICE);
			}
			const value = [...new Set(strings)];
			return { value, shown: value };
		}
		case "file": {
			if (strings.length) return invalid([]);
			// An empty file input still sends a part: no name, no bytes.
			const files = (entries as readonly ReceivedFile[]).filter((file) => file.name !== "" || file.size > 0);
			if (!field.multiple && files.length > 1) return invalid([]);
			return { value: files.map(fileInfo), files };
		}
		case "submit":
			return { value: field.value ?? "" };
	}
}

const isOption = (field: Field, value: unknown): boolean =>
	"options" in field && field.options.some((option) => option.value === value);

const fileInfo = ({ name, size, type }: ReceivedFile): FileInfo => ({ name, size, type });

/** A field as the engine sees it after reading the body. */
interface ServerControl {
	readonly key: string;
	readonly field: Field;
	readonly read: Read;
	readonly control: ValidationControl;
}

/**
 * The controls the engine sees for a submitted body: the server's counterpart of the browser adapter,
 * and the submit button that sent the form (the first one present in the body).
 */
export function serverControls(
	form: FormDefinition,
	entries: Entries,
	lang: Lang,
): { controls: ServerControl[]; submitter: string | null } {
	let submitter: string | null = null;
	const controls = Object.entries(form.fields).map(([key, field]): ServerControl => {
		const name = htmlName(key, field);
		const sent = entries.get(name) ?? [];
		if (field.kind === "submit" && sent.length && submitter === null) submitter = key;
		const read = readField(field, sent);
		// A value our markup cannot produce already has its error: the rules would only add confusion.
		const rules = read.error ? undefined : form.rules(key, lang);
		const control: ValidationControl = {
			name,
			value: read.value,
			...(rules ? { rules } : {}),
			...(field.kind === "input" ? { type: field.type } : {}),
		};
		return { key, field, read, control };
	});
	return { controls, submitter };
}

/** Validates entries read from a body against the form's rules in the given language. */
export function validateSubmission<F extends Fields>(
	form: FormDefinition<F>,
	entries: Entries,
	lang: Lang,
): Submission<F> {
	const { controls, submitter } = serverControls(form, entries, lang);
	const byName = new Map(controls.map(({ control }) => [control.name, control]));
	const submitField = submitter === null ? undefined : form.fields[submitter];
	const engineForm: ValidationForm = {
		control: (name) => byName.get(name),
		submitter: submitField && submitter !== null ? htmlName(submitter, submitField) : null,
	};
	// Fields inside a group a toggle hides are skipped, as the browser skips hidden controls.
	const shown = toggles(
		controls.map(({ control }) => control),
		engineForm,
	);
	const isHidden = ({ field }: ServerControl) =>
		"group" in field && field.group !== undefined && shown.get(field.group) === false;
	const scope = submitField?.kind === "submit" ? submitField.validationScope : undefined;
	const result = validateForm(
		controls.filter((control) => !isHidden(control)).map(({ control }) => control),
		engineForm,
		scope ? { scope } : {},
	);

	const engineErrors = new Map<string, string>();
	for (const { control, message } of result.errors) {
		if (!engineErrors.has(control)) engineErrors.set(control, message);
	}
	const errors: Record<string, string> = {};
	const values: Record<string, ShownValue> = {};
	for (const { key, read, control } of controls) {
		if (read.shown !== undefined) values[key] = read.shown;
		const message = read.error ? translate(read.error, lang) : engineErrors.get(control.name);
		if (message !== undefined) errors[key] = message;
	}
	const state: FormState = { values, errors, formErrors: [] };
	if (Object.keys(errors).length) return { valid: false, status: 200, state };

	const typed: Record<string, unknown> = {};
	for (const entry of controls) {
		if (entry.field.kind === "submit") continue;
		const hidden = isHidden(entry);
		const value = hidden
			? emptyValue(entry.field)
			: (result.values.get(entry.control.name) ?? entry.read.value);
		typed[entry.key] = typedValue(entry.field, value, entry.read, hidden ? [] : (entry.read.files ?? []));
	}
	return { valid: true, values: typed as FormValues<F>, submitter, state };
}

function emptyValue(field: Field): ControlValue {
	switch (field.kind) {
		case "checkbox":
			return false;
		case "checkboxList":
		case "multiSelect":
		case "file":
			return [];
		case "radioList":
		case "select":
			return null;
		default:
			return "";
	}
}

/** The value a handler gets: numbers for number fields, null for nothing chosen, received files. */
function typedValue(field: Field, value: ControlValue, read: Read, files: readonly ReceivedFile[]): unknown {
	switch (field.kind) {
		case "number":
			return typeof value === "number" ? value : null;
		case "radioList":
		case "select":
			return typeof value === "string" && value !== "" ? value : null;
		case "file":
			return field.multiple ? [...files] : (files[0] ?? null);
		case "input":
		case "textarea":
		case "hidden":
			// A rule may have normalised the text (url adds a scheme); a number from a custom rule stays text.
			return typeof value === "string" ? value : read.value;
		default:
			return value;
	}
}
