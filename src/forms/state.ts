/** A value as a control shows it: text, a checkbox's state, chosen options, or nothing chosen. */
export type ShownValue = string | boolean | readonly string[] | null;

/** What a form is rendered with after a submission: the user's values and the errors. */
export interface FormState {
	/** By field key; passwords and files are never rendered back (a browser cannot prefill a file). */
	readonly values: Readonly<Record<string, ShownValue>>;
	/** Field key → message. */
	readonly errors: Readonly<Record<string, string>>;
	/** Messages about the form as a whole. */
	readonly formErrors: readonly string[];
}

export const EMPTY_STATE: FormState = { values: {}, errors: {}, formErrors: [] };
