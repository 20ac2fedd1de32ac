/**
 * The validation engine's DOM adapter: form elements read as the `ValidationControl`s and the
 * `ValidationForm` of src/validation/rules.ts, so that the browser gives the server's verdicts. Used by
 * the runtime's form behaviour and by the Nette drop-in (nette.ts) alike.
 */
import {
	type ControlValue,
	parseRules,
	type Rule,
	textValue,
	type ValidationControl,
	type ValidationForm,
} from "../../validation";

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

export interface DomControl extends ValidationControl {
	/** The element carrying the rules: the control itself, or the first item of a list. */
	readonly field: FieldElement;
	/** The elements read: `field` alone, or every item of a radio or checkbox list. */
	readonly elements: readonly FieldElement[];
	/**
	 * What showing a verdict found around the control (its form item and error block, field-state.ts),
	 * kept with its shape: what surrounds a control changes with elements added or removed, which forgets it.
	 */
	readonly around: { item?: HTMLElement | null; block?: HTMLElement | null };
}

export interface DomForm extends ValidationForm {
	control(name: string): DomControl | undefined;
}

export const isField = (element: unknown): element is FieldElement =>
	element instanceof HTMLInputElement ||
	element instanceof HTMLSelectElement ||
	element instanceof HTMLTextAreaElement ||
	element instanceof HTMLButtonElement;

/** Radio items and `name[]` checkboxes sharing a name are one control, named after the group. */
export const isListItem = (element: FieldElement): boolean =>
	element instanceof HTMLInputElement &&
	(element.type === "radio" || (element.type === "checkbox" && element.name.endsWith("[]")));

/**
 * A control as the markup defines it; its value and state are read anew (`read`) for every check. The
 * runtime keeps a form's shapes between submits: a submit then reads 100 controls in a fraction of the time.
 */
export type ControlShape = Pick<
	DomControl,
	"name" | "rules" | "emptyValue" | "field" | "elements" | "around"
>;

/** The fields of a form as controls, in document order, lists grouped at their first item. */
export function shapesOf(form: HTMLFormElement): ControlShape[] {
	const groups = new Map<string, FieldElement[]>();
	const order: FieldElement[][] = [];
	for (const element of form.elements) {
		if (!isField(element)) continue;
		const group = isListItem(element) && element.name ? groups.get(element.name) : undefined;
		if (group) {
			group.push(element);
			continue;
		}
		const elements = [element];
		if (isListItem(element)) groups.set(element.name, elements);
		order.push(elements);
	}
	return order.map(shapeOf);
}

/** The fields of a form as the engine's controls. */
export const controlsOf = (form: HTMLFormElement): DomControl[] => shapesOf(form).map(read);

/** The control a field belongs to: the whole list for a radio or checkbox-list item, else the field alone. */
export function controlOf(field: FieldElement): DomControl {
	const { form } = field;
	return read(shapeOf(isListItem(field) && field.name && form ? fieldsNamed(form, field.name) : [field]));
}

/**
 * The form as the engine sees it, submitted by `submitter` (for `:submitted`). `controls` already read
 * are reused; other names are looked up (and read) only when a rule refers to them.
 */
export function formView(
	form: HTMLFormElement,
	submitter?: Element | null,
	controls: readonly DomControl[] = [],
): DomForm {
	const named = new Map<string, DomControl | undefined>();
	for (const control of controls) named.set(control.name, control);
	return {
		submitter: (submitter as HTMLButtonElement | null | undefined)?.name || null,
		control(name) {
			if (!named.has(name)) {
				const fields = fieldsNamed(form, name);
				named.set(name, fields.length ? read(shapeOf(fields)) : undefined);
			}
			return named.get(name);
		},
	};
}

// Not `elements.namedItem`: it also matches ids.
const fieldsNamed = (form: HTMLFormElement, name: string): FieldElement[] =>
	[...form.elements].filter((element): element is FieldElement => isField(element) && element.name === name);

// Parsed once per element and attribute text: a submit reads every control's rules.
const parsed = new WeakMap<Element, { json: string; rules: Rule[] }>();

function rulesOf(field: FieldElement): Rule[] | undefined {
	const json = field.getAttribute("data-nette-rules");
	if (json === null) return undefined;
	let cached = parsed.get(field);
	if (cached?.json !== json) {
		cached = { json, rules: parseRules(json) };
		parsed.set(field, cached);
	}
	return cached.rules;
}

/** `elements`: one field, or the items of a list (never empty). */
function shapeOf(elements: readonly FieldElement[]): ControlShape {
	const first = elements[0]!;
	return {
		name: first.name,
		rules: rulesOf(first),
		emptyValue: first.getAttribute("data-nette-empty-value") ?? undefined,
		field: first,
		elements,
		around: {},
	};
}

/** The control as it is now: its shape with the value and the state the page shows. */
export function read(shape: ControlShape): DomControl {
	const { field: first, elements } = shape;
	return {
		...shape,
		value: readValue(first, elements),
		// `:disabled` covers a disabled fieldset too: the browser would not send the value. A control that
		// will validate is not disabled: that cached flag spares most controls the selector match.
		disabled: elements.every((element) => !element.willValidate && element.matches(":disabled")),
		// Hidden by a toggle (or a hidden input): `[hidden]` is read from the markup, where checkVisibility()
		// would restyle the page for every submit (three times the whole validation of a 100-control form).
		hidden: elements.every((element) => element.type === "hidden" || !!element.closest("[hidden]")),
		type: first.type,
		// Only an input can have one; the others' validity says false.
		badInput: first.willValidate && first.validity.badInput,
	};
}

/** A control's value as the engine's contract (and Nette's getValue) defines it. */
function readValue(first: FieldElement, elements: readonly FieldElement[]): ControlValue {
	if (first instanceof HTMLSelectElement) {
		if (!first.multiple) return first.selectedIndex < 0 ? null : first.value;
		return Array.from(first.selectedOptions, (option) => option.value);
	}
	if (first instanceof HTMLTextAreaElement) return textValue(first.value, true);
	if (first instanceof HTMLInputElement) {
		// File objects carry name, size and type: they are the engine's FileInfo as they are.
		if (first.type === "file") return [...(first.files ?? [])];
		if (isListItem(first)) {
			const checked = elements.filter((item) => (item as HTMLInputElement).checked).map((item) => item.value);
			return first.type === "radio" ? (checked[0] ?? null) : checked;
		}
		if (first.type === "checkbox") return first.checked;
	}
	return textValue(first.value);
}

let generated = 0;

/** The element's id, given one first if it has none (error blocks and summary links point at fields). */
export function idOf(element: Element): string {
	element.id ||= `field-${++generated}`;
	return element.id;
}

/** A text field whose value a rule normalised to other text (`url` adds a scheme) shows that text. */
export function writeBack(control: DomControl, value: ControlValue | undefined): void {
	const { field } = control;
	// Only text is rewritten to other text; "" is the empty value (`data-nette-empty-value`) mapped, not typed.
	if (typeof value === "string" && value && value !== control.value && field instanceof HTMLInputElement) {
		field.value = value;
	}
}
