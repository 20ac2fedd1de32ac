/**
 * Runs the real netteForms.js (nette-forms 3.5.3) in Node against a fake DOM just large enough for its
 * validators, validateControl, validateForm and toggleForm, and builds the same form for our engine, so
 * the two can be compared verdict by verdict.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ControlValue, FileInfo, ValidationControl, ValidationForm } from "../../../src/validation";
import { parseRules, textValue } from "../../../src/validation";

const source = readFileSync(createRequire(import.meta.url).resolve("nette-forms"), "utf8");

class FakeFileList {
	[index: number]: FileInfo;
	readonly length: number;
	constructor(files: readonly FileInfo[]) {
		files.forEach((file, i) => {
			this[i] = file;
		});
		this.length = files.length;
	}
}

class FakeElement {
	name = "";
	type = "";
	value = "";
	checked = false;
	disabled = false;
	multiple = false;
	willValidate = true;
	validity = { badInput: false };
	selectedOptions: { value: string }[] = [];
	files: FakeFileList | null = null;
	form: FakeForm | null = null;
	attributes: Record<string, string> = {};
	getAttribute(name: string): string | null {
		return this.attributes[name] ?? null;
	}
	addEventListener(): void {}
	focus(): void {}
	reportValidity(): void {}
}
class HTMLInputElement extends FakeElement {}
class HTMLSelectElement extends FakeElement {}
class HTMLTextAreaElement extends FakeElement {}
class RadioNodeList extends Array<FakeElement> {}

interface FakeForm {
	elements: FakeElement[] & { namedItem(name: string): FakeElement | RadioNodeList | null };
	noValidate: boolean;
	addEventListener(): void;
	getAttribute(name: string): string | null;
}

export type NetteValidator = (
	elem: unknown,
	arg: unknown,
	value: unknown,
	newValue: { value: unknown },
) => unknown;

export interface Nette {
	validators: Record<string, NetteValidator>;
	formErrors: { element: FakeElement; message: string }[];
	validateControl(elem: FakeElement): boolean;
	validateForm(sender: FakeElement | FakeForm): boolean;
	toggleForm(form: FakeForm): void;
	toggle: (selector: string, visible: boolean) => void;
	showFormErrors: (form: FakeForm, errors: unknown[]) => void;
}

/** A fresh instance of the real netteForms.js. */
export function loadNette(): Nette {
	const module = { exports: {} as Nette };
	const factory = new Function(
		"module",
		"exports",
		"FileList",
		"HTMLInputElement",
		"HTMLSelectElement",
		"HTMLTextAreaElement",
		"RadioNodeList",
		source,
	);
	factory(
		module,
		module.exports,
		FakeFileList,
		HTMLInputElement,
		HTMLSelectElement,
		HTMLTextAreaElement,
		RadioNodeList,
	);
	return module.exports;
}

/** What Nette's validators receive for a value (file lists are FileList objects there). */
export const toNette = (value: ControlValue): unknown =>
	Array.isArray(value) && value.some((item) => typeof item === "object")
		? new FakeFileList(value as FileInfo[])
		: value;

/** A tiny element for calling Nette's validators directly. */
export function fakeElement(type = "text"): unknown {
	return Object.assign(new HTMLInputElement(), { type });
}

interface Common {
	name: string;
	rules?: unknown[];
	disabled?: boolean;
	emptyValue?: string;
	badInput?: boolean;
}

export type ControlSpec = Common &
	(
		| { kind: "text"; value: string; type?: string }
		| { kind: "textarea"; value: string }
		| { kind: "checkbox"; checked: boolean }
		| { kind: "checklist"; options: string[]; checked: string[] }
		| { kind: "radio"; options: string[]; checked: string | null }
		| { kind: "select"; multiple?: boolean; options: string[]; selected: string[] }
		| { kind: "file"; files: FileInfo[] }
		| { kind: "submit"; value: string; formnovalidate?: boolean; scope?: string[] }
	);

export interface Twin {
	nette: Nette;
	netteForm: FakeForm;
	/** The element carrying the rules (first item of a list) per name. */
	elements: Map<string, FakeElement>;
	controls: ValidationControl[];
	form: ValidationForm;
	/** Our form as submitted by the named button. */
	submittedBy(name: string): ValidationForm;
}

/** Builds the same form for Nette (fake DOM) and for our engine (adapter). */
export function twin(specs: ControlSpec[]): Twin {
	const nette = loadNette();
	const list: FakeElement[] = [];
	const netteForm: FakeForm = {
		elements: Object.assign(list, {
			namedItem(name: string) {
				const found = list.filter((element) => element.name === name);
				return found.length > 1 ? RadioNodeList.from(found) : (found[0] ?? null);
			},
		}),
		noValidate: false,
		addEventListener() {},
		getAttribute: () => null,
	};
	const elements = new Map<string, FakeElement>();
	const controls: ValidationControl[] = [];
	for (const spec of specs) {
		const items = netteElements(spec);
		items.forEach((item, i) => {
			item.name = spec.name;
			item.form = netteForm;
			item.disabled = !!spec.disabled;
			item.validity.badInput = !!spec.badInput;
			if (i === 0 && spec.rules) item.attributes["data-nette-rules"] = JSON.stringify(spec.rules);
			if (spec.emptyValue !== undefined) item.attributes["data-nette-empty-value"] = spec.emptyValue;
			list.push(item);
		});
		elements.set(spec.name, items[0]!);
		controls.push({
			name: spec.name,
			value: ourValue(spec),
			...(spec.rules && { rules: parseRules(spec.rules) }),
			...(spec.emptyValue !== undefined && { emptyValue: spec.emptyValue }),
			...(spec.disabled && { disabled: true }),
			...(spec.badInput && { badInput: true }),
			...(spec.kind === "text" && spec.type && { type: spec.type }),
		});
	}
	const byName = (submitter: string | null): ValidationForm => ({
		control: (name) => controls.find((control) => control.name === name),
		submitter,
	});
	return { nette, netteForm, elements, controls, form: byName(null), submittedBy: byName };
}

function netteElements(spec: ControlSpec): FakeElement[] {
	const input = (props: Partial<FakeElement>) => Object.assign(new HTMLInputElement(), props);
	switch (spec.kind) {
		case "text":
			return [input({ type: spec.type ?? "text", value: spec.value })];
		case "textarea":
			return [Object.assign(new HTMLTextAreaElement(), { type: "textarea", value: spec.value })];
		case "checkbox":
			return [input({ type: "checkbox", checked: spec.checked, value: "on" })];
		case "checklist":
			return spec.options.map((value) =>
				input({ type: "checkbox", value, checked: spec.checked.includes(value) }),
			);
		case "radio":
			return spec.options.map((value) => input({ type: "radio", value, checked: spec.checked === value }));
		case "select":
			return [
				Object.assign(new HTMLSelectElement(), {
					type: spec.multiple ? "select-multiple" : "select-one",
					multiple: !!spec.multiple,
					selectedOptions: spec.selected.map((value) => ({ value })),
				}),
			];
		case "file":
			return [input({ type: "file", files: new FakeFileList(spec.files) })];
		case "submit": {
			const button = input({ type: "submit", value: spec.value });
			if (spec.formnovalidate) button.attributes.formnovalidate = "";
			if (spec.scope) button.attributes["data-nette-validation-scope"] = JSON.stringify(spec.scope);
			return [button];
		}
	}
}

function ourValue(spec: ControlSpec): ControlValue {
	switch (spec.kind) {
		case "text":
		case "submit":
			return textValue(spec.value);
		case "textarea":
			return textValue(spec.value, true);
		case "checkbox":
			return spec.checked;
		case "checklist":
			return spec.options.filter((value) => spec.checked.includes(value));
		case "radio":
			return spec.checked;
		case "select":
			return spec.multiple ? spec.selected : (spec.selected[0] ?? null);
		case "file":
			return spec.files;
	}
}
