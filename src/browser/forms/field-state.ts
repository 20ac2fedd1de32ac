/**
 * What a control shows of its verdict (docs/markup-contract.md, Forms): `has-error` or `is-valid` on its `.form-item`, the
 * message in the item's error block, `aria-invalid` on the control and the block in its
 * `aria-describedby`. Works on markup from any server: a missing error block is created, and Nette's
 * renderer's `<span class="error">` is taken as the block (filled and emptied like ours).
 */
import { type DomControl, idOf } from "./dom";

const INVALID = "has-error";
const VALID = "is-valid";
/**
 * The error block's class; in the kit, `data-error-class` on the form or around it names another (a
 * page's `setErrorClass`, kit.ts, sets it on `<html>`).
 */
const ERROR_CLASS = "form-item__error";

/**
 * A field's `.form-item`; for markup without one, its parent, or its label's parent when a label wraps it
 * (Nette's radio lists, `<label>Name <input></label>`): an error block inside the label would become part
 * of the field's accessible name.
 */
export function itemOf(field: Element): HTMLElement | null {
	return field.closest<HTMLElement>(".form-item") ?? (field.closest("label") ?? field).parentElement;
}

/**
 * Shows a verdict: `null` valid; a message invalid; `undefined` invalid with what the error block
 * already says (the server's message).
 */
export function showVerdict(control: DomControl, error: string | null | undefined): void {
	const invalid = error !== null;
	const { around } = control;
	around.item ??= itemOf(control.field);
	const { item } = around;
	// One class change, not two: each restyles the item.
	if (item && !item.classList.replace(invalid ? VALID : INVALID, invalid ? INVALID : VALID)) {
		item.classList.add(invalid ? INVALID : VALID);
	}
	// In the kit: Nette's renderer writes the server's message into a `<span class="error">` beside the
	// control, and a host may name its own class. The site's markup has ours only.
	around.block ??= item?.querySelector<HTMLElement>(
		__KIT__ ? `.${errorClass(control)},.error` : `.${ERROR_CLASS}`,
	);
	if (item && invalid) {
		// Markup from another server may have no error block: an invalid control gets one, with an id
		// for its aria-describedby.
		if (!around.block) {
			around.block = document.createElement("p");
			around.block.className = __KIT__ ? errorClass(control) : ERROR_CLASS;
			item.append(around.block);
		}
		around.block.id ||= `${idOf(control.field)}-error`;
	}
	const { block } = around;
	if (block && error !== undefined) setText(block, error ?? "");
	for (const field of control.elements) {
		if (!invalid) {
			field.removeAttribute("aria-invalid");
			continue;
		}
		field.setAttribute("aria-invalid", "true");
		const described = field.getAttribute("aria-describedby") ?? "";
		if (block && !` ${described} `.includes(` ${block.id} `)) {
			field.setAttribute("aria-describedby", `${described} ${block.id}`.trim());
		}
	}
}

const errorClass = ({ field }: DomControl) =>
	field.closest<HTMLElement>("[data-error-class]")?.dataset.errorClass || ERROR_CLASS;

/** Shows no verdict, as for a control that is not validated (disabled). */
export function clearVerdict(control: DomControl): void {
	showVerdict(control, null);
	control.around.item?.classList.remove(VALID);
}

/**
 * Only a real change (an equal text written again still restyles the page), into the block's one text
 * node when it has one: editing a text node wakes no page-wide `childList` observer (the component
 * loader's), where replacing it does — a third of the time of showing 100 verdicts. An empty text node
 * still matches `:empty`.
 */
function setText(block: HTMLElement, text: string): void {
	const node = block.firstChild;
	if (node instanceof Text && !node.nextSibling) {
		if (node.data !== text) node.data = text;
	} else if (block.textContent !== text) block.textContent = text;
}
