/**
 * Types of `nette-forms.js`, the classic-script drop-in for netteForms.js 3.5.3 (README.md, "Nette
 * Forms"): it defines the global `Nette`. Import a type from this module (`import type { NetteForms }
 * from "@lumen/runtime/nette-forms"`) to get the global declared as well.
 */

/** An element of a form as Nette's API takes it. */
export type FormElement = (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement) & {
	form: HTMLFormElement;
};

export type FormElementValue = string | string[] | boolean | FileList | number | null;

/** A validator: `newValue.value` is where it may leave a normalised value. */
export type Validator = (
	elem: FormElement,
	arg: unknown,
	value: unknown,
	newValue?: { value: unknown },
) => boolean | null | undefined;

/** One rule of `data-nette-rules` (JSON). */
export interface Rule {
	op: string;
	neg?: boolean;
	msg: string;
	arg?: unknown;
	rules?: Rule[];
	condition?: boolean;
	control?: string;
	toggle?: Record<string, boolean>;
}

export interface FormError {
	element: FormElement;
	message: string;
}

export interface NetteForms {
	readonly version: string;
	/** Set before the script runs: forms are not started on DOMContentLoaded. */
	noInit?: boolean;
	formErrors: FormError[];
	validators: Record<string, Validator>;
	getValue(elem: FormElement | RadioNodeList): FormElementValue;
	getEffectiveValue(elem: FormElement | RadioNodeList, filter?: boolean): FormElementValue;
	validateControl(
		elem: FormElement | RadioNodeList,
		rules?: Rule[] | null,
		onlyCheck?: boolean,
		value?: { value: unknown },
		emptyOptional?: boolean,
	): boolean;
	validateForm(sender: HTMLFormElement | FormElement, onlyCheck?: boolean): boolean;
	validateRule(
		elem: FormElement | RadioNodeList,
		op: string,
		arg: unknown,
		value?: { value: unknown },
	): boolean | null;
	isDisabled(elem: FormElement | RadioNodeList): boolean;
	addError(elem: FormElement, message: string): void;
	/**
	 * Shows a submit's errors (Nette's modal). Beside the runtime the page's own or none: there the runtime
	 * shows the errors, and nette-forms.js removes its own display.
	 */
	showFormErrors?(form: HTMLFormElement, errors: FormError[]): void;
	showModal(message: string, onclose: () => void): void;
	toggleForm(form: HTMLFormElement, event?: Event): void;
	toggleControl(
		elem: FormElement | RadioNodeList,
		rules?: Rule[] | null,
		success?: boolean | null,
		firsttime?: boolean,
		value?: { value: unknown },
		emptyOptional?: boolean,
	): boolean;
	toggle(selector: string, visible: boolean, srcElement?: Element, event?: Event): void;
	compactCheckboxes(form: HTMLFormElement, formData: FormData): void;
	initForm(form: HTMLFormElement): void;
	initOnLoad(): void;
	webalize(s: string): string;
}

declare global {
	/**
	 * The type of the global `Nette`, which runtime.d.ts declares too (what the runtime alone provides):
	 * the two merge, so a page with both scripts may import from both. The members both declare are
	 * restated here as NetteForms has them, so that they win over the runtime's looser ones.
	 */
	interface NetteGlobal extends NetteForms {
		noInit?: boolean;
		formErrors: FormError[];
		validators: Record<string, Validator>;
		showFormErrors?(form: HTMLFormElement, errors: FormError[]): void;
		toggle(selector: string, visible: boolean, srcElement?: Element, event?: Event): void;
	}
	var Nette: NetteGlobal;
	interface Window {
		Nette: NetteGlobal;
	}
}
