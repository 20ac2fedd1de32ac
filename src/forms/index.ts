/**
 * Forms: define a form once (fields, rules, conditions, toggles) and render it with <Form>. The server
 * reads and validates a submission with the same definition (src/server/forms). Rules are judged by
 * src/validation, in the browser and on the server alike.
 */

export { controlId, defineForm, type FormDefinition, type FormOptions } from "./define";
export { Form, FormField, type FormProps } from "./Form";
export type { Field, Fields, FormValues, Option } from "./fields";
export * as field from "./fields";
export { FORM_LIMITS } from "./limits";
export type { Lang, Text } from "./localized-text";
export type { ReceivedFile } from "./received-file";
export * as rule from "./rules";
export { EMPTY_STATE, type FormState, type ShownValue } from "./state";
