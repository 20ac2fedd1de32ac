/**
 * Server forms: define a form once (fields, rules, conditions, toggles), render it with <Form>, read and
 * validate a submission with readForm. Rules are judged by src/validation, in the browser and here alike.
 */

export type { ReceivedFile } from "./body";
export { controlId, defineForm, type FormDefinition, type FormOptions } from "./define";
export { Form, FormField, type FormProps } from "./Form";
export type { Field, Fields, FormValues, Option } from "./fields";
export * as field from "./fields";
export { FORM_LIMITS } from "./limits";
export { type FormBody, formRoute } from "./route";
export * as rule from "./rules";
export {
	EMPTY_STATE,
	type FormState,
	readEntries,
	readForm,
	type ShownValue,
	type Submission,
	serverControls,
	validateSubmission,
	withErrors,
} from "./submission";
export type { Lang, Text } from "./text";
