/**
 * The isomorphic, Nette-compatible validation engine: `parseRules` reads `data-nette-rules`, adapters
 * describe the form (see rules.ts for the values they must pass), `validateForm`/`validateControl` give
 * the errors and normalised values, `toggles` what to show. No DOM, no globals, no dependencies.
 */

export { EAN13, ean13CheckDigit, isEan13 } from "./ean13";
export {
	BAD_INPUT_MESSAGE,
	type ControlResult,
	type FormResult,
	inScope,
	toggleSelector,
	toggles,
	type ValidateOptions,
	type ValidationError,
	validateControl,
	validateForm,
} from "./evaluate";
export { formatMessage } from "./format-message";
export {
	asList,
	type ControlRef,
	type ControlValue,
	type FileInfo,
	isControlRef,
	parseRules,
	type Rule,
	textValue,
	type ValidationControl,
	type ValidationForm,
	validatorName,
} from "./rules";
export { type Validator, type ValidatorContext, validators } from "./validators";
