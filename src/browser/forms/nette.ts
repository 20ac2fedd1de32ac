/**
 * `dist/nette-forms.js`: a drop-in for netteForms.js 3.5.3 built on our engine. A classic script that
 * defines `window.Nette` with Nette's API — and, unless `Nette.noInit` was set before it loaded, starts
 * every form on DOMContentLoaded — so a Nette site swaps the script and keeps its markup, its custom
 * validators and its overrides (every method reaches the others through `window.Nette`, as Nette's
 * `this` does). Where it deliberately differs from Nette is listed in README.md, "Nette Forms
 * compatibility". Nothing here decides a rule: verdicts, messages and toggles come from src/validation.
 */
import {
	type ControlValue,
	validateControl as check,
	validators as engineValidators,
	inScope,
	parseRules,
	toggleSelector,
	toggles,
	type ValidationControl,
	type Validator,
	type ValidatorContext,
} from "../../validation";
import { message } from "../ajax/runtime-texts";
import {
	controlOf,
	controlsOf,
	type DomControl,
	type FieldElement,
	formView,
	isField,
	isListItem,
	read,
	shapesOf,
} from "./dom";
import type { NetteGlobal, NetteValidator } from "./nette-global";

type NetteElement = FieldElement | RadioNodeList;
interface NetteError {
	element: FieldElement;
	message: string;
}

const field = (elem: NetteElement): FieldElement =>
	(elem instanceof RadioNodeList ? elem[0] : elem) as FieldElement;
const formOf = (elem: FieldElement): HTMLFormElement => elem.form ?? document.createElement("form");

// The button a running validateForm was called for: `:submitted` compares it (Nette 3.5.3 never sets it).
let submitter: Element | null = null;

/**
 * The control validateForm has just read: it calls `isDisabled` and `validateControl` with the control's
 * field (through `window.Nette`, which a site may override), and each would read the control again — a
 * radio list by scanning the whole form for its items, most of a valid form's time.
 */
let reached: DomControl | undefined;
const controlFor = (elem: NetteElement): DomControl => {
	const item = field(elem);
	return item === reached?.field ? reached : controlOf(item);
};

/** Nette hands file validators a FileList, ours get File[]: each side gets its own. */
const toNette = (value: ControlValue, control: ValidationControl): unknown =>
	control.type === "file" ? ((control as DomControl).field as HTMLInputElement).files : value;
const toEngine = (value: unknown): ControlValue =>
	value instanceof FileList ? [...value] : (value as ControlValue);

/** A custom (or overriding) Nette validator, as the engine calls validators. */
const fromNette =
	(validator: NetteValidator): Validator =>
	(value, arg, context) => {
		const ref = { value: toNette(value, context.control) };
		const result = validator.call(
			nette.validators,
			(context.control as DomControl).field,
			arg,
			ref.value,
			ref,
		);
		context.value = toEngine(ref.value);
		// Nette skips a rule on null only; any other answer counts by its truthiness.
		return result === null ? null : !!result;
	};

/** One of our validators, callable the way Nette code calls `Nette.validators.x(elem, arg, val, newValue)`. */
const toNetteValidator =
	(validator: Validator): NetteValidator =>
	(elem, arg, val, newValue) => {
		const value = toEngine(val);
		// Nette's validators read the element only for `range` (its type), `submitted` and `valid`, so Nette's
		// own tests and sites call the others with `null`: without one, the control is just the value.
		const control = elem ? controlOf(field(elem as NetteElement)) : undefined;
		const context: ValidatorContext = {
			control: control ?? { name: "", value },
			form: control ? formView(formOf(control.field), submitter) : { control: () => undefined },
			value,
			valid: () => (control ? nette.validateControl(control.field, undefined, true) : null),
		};
		const result = validator(value, arg, context);
		// As Nette's, only a validator that normalised the value (url, integer, float) writes `newValue`.
		if (newValue && context.value !== value) newValue.value = context.value;
		return result;
	};

// Reads give Nette-style functions; writes (a site's custom validators) reach the engine's registry.
const validators = new Proxy(
	Object.fromEntries(Object.entries(engineValidators).map(([name, fn]) => [name, toNetteValidator(fn)])),
	{
		set(target, name, validator) {
			target[name as string] = validator;
			if (typeof name === "string") engineValidators[name] = fromNette(validator);
			return true;
		},
		deleteProperty(target, name) {
			delete target[name as string];
			if (typeof name === "string") delete engineValidators[name];
			return true;
		},
	},
) as Record<string, NetteValidator>;

/**
 * A control as the engine sees it, with the rules and travelling value a Nette caller may pass instead;
 * rules `null` or `undefined` (Nette's `??=`) mean the element's own `data-nette-rules`.
 */
function probe(elem: NetteElement, rules?: unknown, value?: { value: unknown }): DomControl {
	const control = controlFor(elem);
	return {
		...control,
		rules: rules == null ? control.rules : parseRules(rules),
		value: value ? toEngine(value.value) : control.value,
	};
}

/** What `form.elements` holds: all have a validity, which the bad-input check reads before anything else. */
type ListedElement = FieldElement | HTMLFieldSetElement | HTMLObjectElement | HTMLOutputElement;

/**
 * The controls with rules among those `wanted`, in document order, each read only when reached: Nette
 * validates in order and stops at the first error, so a form whose first control fails reads no other.
 * Grouping the lists takes a pass over the whole form (shapesOf), made only once the walk reaches one.
 */
function* ruledControls(form: HTMLFormElement, wanted: (name: string) => boolean): Generator<DomControl> {
	const { elements } = form;
	for (let i = 0; i < elements.length; i++) {
		const element = elements[i]!;
		if (!isField(element)) continue;
		if (isListItem(element)) {
			const shapes = shapesOf(form);
			for (const shape of shapes.slice(shapes.findIndex((each) => each.field === element))) {
				if (shape.rules && wanted(shape.name)) yield read(shape);
			}
			return;
		}
		// The attribute first: a control without rules is not read at all.
		if (element.hasAttribute("data-nette-rules") && wanted(element.name)) {
			const control = controlOf(element);
			if (control.rules) yield control;
		}
	}
}

const webalizeTable: Record<string, string> = {
	á: "a",
	ä: "a",
	č: "c",
	ď: "d",
	é: "e",
	ě: "e",
	í: "i",
	ľ: "l",
	ň: "n",
	ó: "o",
	ô: "o",
	ř: "r",
	š: "s",
	ť: "t",
	ú: "u",
	ů: "u",
	ý: "y",
	ž: "z",
};

const listening = new WeakSet<HTMLFormElement>();
const PROBE = "probe";

const nette = {
	version: "3.5.3",
	formErrors: [] as NetteError[],
	validators,

	getValue(elem: NetteElement): unknown {
		const item = field(elem);
		// Nette reads inputs, selects and text areas only: a <button> has no value for it.
		if (!isField(item) || item instanceof HTMLButtonElement) return null;
		return item.type === "file" ? (item as HTMLInputElement).files : controlOf(item).value;
	},

	getEffectiveValue(elem: NetteElement, filter = false): unknown {
		const control = controlOf(field(elem));
		if (filter) return check(control, formView(formOf(control.field), submitter)).value;
		return control.value === control.emptyValue ? "" : nette.getValue(elem);
	},

	validateRule(elem: NetteElement, op: string, arg: unknown, value?: { value: unknown }): boolean | null {
		const control = controlOf(field(elem));
		const form = formView(formOf(control.field), submitter);
		const current = value ?? { value: check(control, form).value };
		const rule = { op, arg, rules: [] };
		// The engine evaluates single rules inside rule lists: a condition toggling a probe gives the verdict
		// (absent: skipped), a condition's evaluation the value its validator normalised.
		const visible = toggles(
			[{ ...probe(elem, [{ ...rule, toggle: { [PROBE]: true } }], current), emptyValue: undefined }],
			form,
		);
		if (value) value.value = check({ ...probe(elem, [rule], current), emptyValue: undefined }, form).value;
		return visible.has(PROBE) ? !!visible.get(PROBE) : null;
	},

	validateControl(
		elem: NetteElement,
		rules?: unknown,
		onlyCheck = false,
		value?: { value: unknown },
	): boolean {
		const control = probe(elem, rules, value);
		const form = formView(formOf(control.field), submitter);
		const { error, value: normalised } = check(control, form, { badInputMessage: message("badInput") });
		if (value) value.value = normalised;
		if (error && !onlyCheck)
			nette.addError(form.control(error.control)?.field ?? control.field, error.message);
		return !error;
	},

	validateForm(sender: HTMLFormElement | FieldElement, onlyCheck = false): boolean {
		const form = sender instanceof HTMLFormElement ? sender : formOf(sender);
		let scope: string[] | undefined;
		nette.formErrors = [];
		if (sender.getAttribute("formnovalidate") !== null) {
			scope = (JSON.parse(sender.getAttribute("data-nette-validation-scope") ?? "[]") as unknown[]).map(
				String,
			);
			if (!scope.length) {
				nette.showFormErrors?.(form, []);
				return true;
			}
		}
		submitter = sender === form ? null : sender;
		try {
			const wanted = (name: string) => !scope || inScope(name, scope);
			// Nette leaves a bad input to the browser's bubble; we show our own message like any other.
			// Only a lone input can have one: the items of radio and checkbox lists never do. Indexed loops
			// here and in ruledControls: Chromium takes 2.5× as long to iterate the collection with for-of.
			let bad: FieldElement | undefined;
			const elements = form.elements as unknown as ArrayLike<ListedElement>;
			for (let i = 0; i < elements.length; i++) {
				const element = elements[i]!;
				if (element.willValidate && element.validity.badInput && isField(element) && wanted(element.name)) {
					bad = element;
					break;
				}
			}
			if (bad) {
				nette.addError(bad, message("badInput"));
				nette.showFormErrors?.(form, nette.formErrors);
				return false;
			}
			for (const control of ruledControls(form, wanted)) {
				reached = control;
				if (
					!nette.isDisabled(control.field) &&
					!nette.validateControl(control.field, undefined, onlyCheck) &&
					!nette.formErrors.length
				) {
					return false;
				}
			}
		} finally {
			submitter = null;
			reached = undefined;
		}
		const success = !nette.formErrors.length;
		// Absent when the runtime shows the errors (handOver).
		nette.showFormErrors?.(form, nette.formErrors);
		return success;
	},

	isDisabled(elem: NetteElement): boolean {
		return !!controlFor(elem).disabled;
	},

	addError(elem: FieldElement, message: string): void {
		nette.formErrors.push({ element: elem, message });
	},

	showFormErrors(_form: HTMLFormElement, errors: NetteError[]): void {
		const messages: string[] = [];
		let focusElem: FieldElement | undefined;
		for (const error of errors) {
			if (messages.includes(error.message)) continue;
			messages.push(error.message);
			focusElem ??= error.element;
		}
		if (messages.length) nette.showModal(messages.join("\n"), () => focusElem?.focus());
	},

	showModal(message: string, onclose: () => void): void {
		const dialog = document.createElement("dialog");
		if (!dialog.showModal) {
			alert(message);
			onclose();
			return;
		}
		const button = document.createElement("button");
		button.textContent = "OK";
		button.onclick = () => {
			dialog.remove();
			onclose();
		};
		dialog.className = "netteFormsModal";
		// biome-ignore lint/performance/useDomNodeTextContent: innerText shows the line breaks, as Nette's does.
		dialog.innerText = `${message}\n\n`;
		// Nette's rules, in a stylesheet made by script rather than the <style> element Nette inserts: a
		// Content Security Policy without 'unsafe-inline' in style-src blocks that element, not this. Rules,
		// not inline styles: a page's own, more specific `.netteFormsModal` rules still win, as they did.
		// A browser without constructed stylesheets (Safari before 16.4) gets Nette's element.
		if (!("adoptedStyleSheets" in Document.prototype)) {
			const style = document.createElement("style");
			style.textContent = MODAL_STYLES;
			dialog.append(style);
		} else {
			if (!modalStyles) {
				modalStyles = new CSSStyleSheet();
				modalStyles.replaceSync(MODAL_STYLES);
			}
			// Again if the page has set its own list since.
			if (!document.adoptedStyleSheets.includes(modalStyles))
				document.adoptedStyleSheets = [...document.adoptedStyleSheets, modalStyles];
		}
		dialog.append(button);
		document.body.append(dialog);
		dialog.showModal();
	},

	toggleForm(form: HTMLFormElement, event?: Event): void {
		const controls = controlsOf(form);
		const view = formView(form, null, controls);
		// Nette hands each target's toggle the first control whose rules name it.
		const sources = new Map<string, FieldElement>();
		for (const control of controls) {
			for (const key of toggles([control], view).keys())
				if (!sources.has(key)) sources.set(key, control.field);
		}
		for (const [key, visible] of toggles(controls, view)) nette.toggle(key, visible, sources.get(key), event);
		if (!event && !listening.has(form)) {
			listening.add(form);
			form.addEventListener("change", (change) => nette.toggleForm(form, change));
		}
	},

	/** Whether the rules toggle anything; toggleForm applies the toggles of the whole form. */
	toggleControl(elem: NetteElement, rules?: unknown): boolean {
		const control = probe(elem, rules);
		return toggles([control], formView(formOf(control.field), submitter)).size > 0;
	},

	toggle(selector: string, visible: boolean, _srcElement?: Element, _event?: Event): void {
		for (const element of document.querySelectorAll<HTMLElement>(toggleSelector(selector))) {
			element.hidden = !visible;
		}
	},

	compactCheckboxes(form: HTMLFormElement, formData: FormData): void {
		const values: Record<string, string[]> = {};
		for (const elem of form.elements) {
			if (
				elem instanceof HTMLInputElement &&
				elem.type === "checkbox" &&
				elem.name.endsWith("[]") &&
				elem.checked &&
				!elem.disabled
			) {
				formData.delete(elem.name);
				values[elem.name] = [...(values[elem.name] ?? []), elem.value];
			}
		}
		for (const [name, list] of Object.entries(values)) formData.set(name.slice(0, -2), list.join(","));
	},

	initForm(form: HTMLFormElement): void {
		if (form.method === "get" && form.hasAttribute("data-nette-compact")) {
			form.addEventListener("formdata", (event) => nette.compactCheckboxes(form, event.formData));
		}
		if (![...form.elements].some((elem) => elem.getAttribute("data-nette-rules"))) return;
		nette.toggleForm(form);
		// With the runtime on the page validation is its own, whether it has found this form yet or not: a
		// form this set `noValidate` on would look opted out to it (handOver gives back the forms started
		// before it came).
		if (form.noValidate || runtime.runtime) return;
		form.noValidate = true;
		started.add(form);
		form.addEventListener("submit", (event) => {
			if (!runtime.runtime && !nette.validateForm((event.submitter as FieldElement | null) ?? form)) {
				event.stopImmediatePropagation();
				event.preventDefault();
			}
		});
		form.addEventListener("reset", () => setTimeout(() => nette.toggleForm(form)));
	},

	initOnLoad(): void {
		const init = () => {
			if (runtime.runtime) return;
			for (const form of document.forms) nette.initForm(form);
		};
		if (document.readyState !== "loading") init();
		else document.addEventListener("DOMContentLoaded", init);
	},

	webalize(s: string): string {
		const ascii = [...s.toLowerCase()].map((ch) => webalizeTable[ch] ?? ch).join("");
		return ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
	},
};

/** Nette's modal's look (showModal), as netteForms.js 3.5.3 writes it. */
const MODAL_STYLES =
	".netteFormsModal { text-align: center; margin: auto; border: 2px solid black; padding: 1rem } .netteFormsModal button { padding: .1em 2em }";
/** Made the first time the modal shows, and adopted by the document whenever it is not. */
let modalStyles: CSSStyleSheet | undefined;

/** Forms this script took over from the browser, given back when the runtime takes validation over. */
const started = new Set<HTMLFormElement>();
const runtime = nette as typeof nette & NetteGlobal;
const defaultShow = nette.showFormErrors;
/**
 * With the runtime on the page (runtime.js, loaded before or after this script) the runtime validates
 * and shows the errors; this script only provides Nette's API (docs/behaviour.md, "Nette's API").
 */
const handOver = () => {
	runtime.runtime = true;
	if (runtime.showFormErrors === defaultShow) delete (runtime as NetteGlobal).showFormErrors;
	for (const form of started) form.noValidate = false;
	started.clear();
};
const previous = window.Nette;
if (previous?.runtime) {
	// The runtime came first: what the page set on its Nette (validators, overrides) stays.
	const { validators: added, ...rest } = previous;
	Object.assign(nette.validators, added);
	Object.assign(nette, rest);
	handOver();
} else runtime.handOver = handOver;
window.Nette = runtime;
if (!previous?.noInit && !runtime.runtime) nette.initOnLoad();
