/**
 * Form validation in the browser (docs/behaviour.md, Validation), the chunk the core's shim (shim.ts) loads once a page has
 * a form with rules. Everything rule-related comes from the engine (src/validation); this module decides
 * when to validate and shows the result:
 * - on submit every visible, enabled control in scope is checked; the messages appear once each in the
 *   form's summary, then (in a task of its own, after they have painted) the first failing field is
 *   focused and its form item scrolled to;
 * - live, a control is checked on change, on blur after it was edited, and as the user types in it
 *   (on keyup, debounced) once it has been left, edited or not; live checks never move focus;
 * - the server's errors (`data-nette-error`: its message, `%value` filled in, or else what the error
 *   block says) stay until the user changes the value;
 * - toggles are applied at start, on change and after a reset.
 * In the kit (`__KIT__`), a page's `window.Nette` takes part (nette-global.ts): the validators it adds
 * are used for ops the engine does not know, and a submit's errors are left in `Nette.formErrors`; a
 * `Nette.showFormErrors` of its own, or a cancelled `forms:invalid` / `forms:valid` event, replaces the
 * runtime's display.
 */
import { ERROR_SCROLL_OFFSET, INPUT_VALIDATION_KEYUP_DEBOUNCE } from "../../constants";
import {
	formatMessage,
	type Rule,
	toggleSelector,
	toggles,
	validateControl,
	validateForm,
	validators,
} from "../../validation";
import type { MessageKey } from "../ajax/runtime-texts";
import type { Scroll } from "../scroll";
import { type DomControl, type FieldElement, formView, isField, read, writeBack } from "./dom";
import { clearVerdict, itemOf, showVerdict } from "./field-state";
import type { NetteError } from "./nette-global";

declare global {
	interface HTMLElementEventMap {
		/** A submit's validation failed; cancel it to show the errors yourself (docs/events.md). */
		"forms:invalid": CustomEvent<NetteError[]>;
		/** A submit's validation passed; cancel it to keep the runtime from clearing its display. */
		"forms:valid": CustomEvent<NetteError[]>;
	}
	interface DocumentEventMap {
		"forms:invalid": CustomEvent<NetteError[]>;
		"forms:valid": CustomEvent<NetteError[]>;
	}
}

import { createShapes } from "./shapes";
import { removeSummary, SUMMARY_LINK, showSummary } from "./summary";

export interface FormValidation {
	/** Starts a form the shim found: applies its toggles and shows the server's errors as live ones. */
	init(form: HTMLFormElement): void;
	/**
	 * Validates a form as submitting it with `submitter` would: states, summary, then focus and scroll.
	 * The submit gate's first step (./submit.ts).
	 */
	validate(form: HTMLFormElement, submitter?: HTMLElement | null): boolean;
}

/**
 * @param forms the forms the shim found, each with whether it is validated (false: its author wrote
 *   `novalidate`; it only gets its toggles)
 */
export function createFormValidation(
	scroll: Scroll,
	forms: WeakMap<HTMLFormElement, boolean>,
	message: (key: MessageKey) => string,
): FormValidation {
	const badInputMessage = message("badInput");
	// The kit's only (the site's pages add no validators): ops the engine does not know are looked up in
	// the page's Nette.validators.
	const adoptValidators = __KIT__ ? netteValidators() : undefined;
	const shapes = createShapes();
	const controlsOf = (form: HTMLFormElement) => shapes.of(form).map(read);
	// Fields edited since they were last left, and fields left once (from then on typing is checked).
	const edited = new WeakSet<Element>();
	const left = new WeakSet<Element>();
	// The value a field had when the server rendered its error: that error stands until the value changes.
	const serverValue = new WeakMap<Element, string>();

	const validatedField = (target: unknown): FieldElement | null =>
		isField(target) && target.form && forms.get(target.form) ? target : null;

	const markValid = (control: DomControl) => {
		const { field } = control;
		if (serverValue.get(field) === JSON.stringify(control.value)) return;
		serverValue.delete(field);
		showVerdict(control, null);
	};

	const focusField = (field: HTMLElement) => {
		// ERROR_SCROLL_OFFSET, -120 px: the page scrolls to 120 px above the item, so the item lands
		// 120 px below the viewport's top (scrollTo's offset is that gap, counted positive).
		scroll.scrollTo(itemOf(field) ?? field, -ERROR_SCROLL_OFFSET);
		field.focus({ preventScroll: true });
	};

	const validateLive = (field: FieldElement, normalise: boolean) => {
		// A field of a validated form; its control is the whole list for a radio or checkbox-list item.
		const view = formView(field.form!);
		const control = view.control(field.name);
		if (!control || control.disabled || !(control.rules || control.badInput)) return;
		adoptValidators?.();
		const { error, value } = validateControl(control, view, { badInputMessage });
		shapes.write(() => {
			if (error) {
				// In the kit, a rule written without a message (Nette always writes one; a host by hand may not)
				// is not a silent failure: it says what a bad input says.
				showVerdict(
					view.control(error.control) ?? control,
					__KIT__ ? error.message || badInputMessage : error.message,
				);
			} else {
				// Not while typing: a scheme appearing in front of what is being typed would get in the way.
				if (normalise) writeBack(control, value);
				markValid(control);
			}
		});
	};
	// Leaving a field by pressing a button must not move the page under the pointer (a message appearing
	// above the button would make the click miss): the check waits until the press is over.
	let pressed = false;
	let afterPress: (() => void) | undefined;
	const validateSoonAsReleased = (field: FieldElement) => {
		if (!pressed) return validateLive(field, true);
		afterPress = () => validateLive(field, true);
	};
	const release = () => {
		pressed = false;
		// After the click the press was for: a timer runs once the click has been dispatched.
		setTimeout(() => {
			afterPress?.();
			afterPress = undefined;
		});
	};
	document.addEventListener("pointerdown", () => {
		pressed = true;
	});
	document.addEventListener("pointerup", release);
	document.addEventListener("pointercancel", release);
	// Not ../debounce: sharing it with the core would split it into a chunk that costs more than these lines.
	let timer: ReturnType<typeof setTimeout> | undefined;

	const showToggled = (key: string, visible: boolean) => {
		for (const element of document.querySelectorAll<HTMLElement>(toggleSelector(key)))
			element.hidden = !visible;
	};
	const toggle = (form: HTMLFormElement) => {
		const controls = controlsOf(form);
		for (const [key, visible] of toggles(controls, formView(form, null, controls))) {
			// In the kit, a page's own Nette.toggle (an animation, say) does it instead, as in Nette: called
			// on Nette, as Nette calls it. The controls it hides are skipped on submit only inside `[hidden]`.
			if (__KIT__ && window.Nette!.toggle) window.Nette!.toggle(key, visible);
			else showToggled(key, visible);
		}
	};

	document.addEventListener("input", (event) => {
		const field = validatedField(event.target);
		if (field) edited.add(field);
	});
	document.addEventListener("change", (event) => {
		const form = isField(event.target) ? event.target.form : null;
		if (!form || !forms.has(form)) return;
		const field = validatedField(event.target);
		if (field) validateSoonAsReleased(field);
		// Last: a page's own Nette.toggle that throws must not cost the field its check.
		toggle(form);
	});
	document.addEventListener("focusout", (event) => {
		const field = validatedField(event.target);
		if (!field) return;
		left.add(field);
		if (edited.delete(field)) validateSoonAsReleased(field);
	});
	document.addEventListener("keyup", (event) => {
		const field = validatedField(event.target);
		// Typing, not a key that only moved focus here (Tab) or the caret.
		if (!field || !left.has(field) || !edited.has(field)) return;
		clearTimeout(timer);
		timer = setTimeout(() => validateLive(field, false), INPUT_VALIDATION_KEYUP_DEBOUNCE);
	});
	// A summary link (ours or the server's) focuses its field and scrolls to it like a failed submit does.
	// Capture phase: before in-page navigation (hash-navigation.ts) handles the link with its own offset.
	document.addEventListener(
		"click",
		(event) => {
			// The target may be the document, which has no closest().
			const link = (event.target as Element).closest?.(SUMMARY_LINK);
			const field = validatedField(link && document.getElementById(link.getAttribute("href")!.slice(1)));
			if (!field) return;
			event.preventDefault();
			focusField(field);
		},
		true,
	);
	document.addEventListener("reset", (event) => {
		const form = event.target as HTMLFormElement;
		// The reset happens after the event: toggle on the values it leaves.
		if (forms.has(form)) setTimeout(() => toggle(form));
	});

	const validate = (form: HTMLFormElement, submitter?: HTMLElement | null): boolean => {
		const scope = submitter?.hasAttribute("formnovalidate")
			? (JSON.parse(submitter.getAttribute("data-nette-validation-scope") ?? "[]") as unknown[]).map(String)
			: undefined;
		const controls = controlsOf(form);
		adoptValidators?.();
		if (__DEV__) for (const control of controls) warnUnknown(control.rules);
		const view = formView(form, submitter, controls);
		const result = validateForm(controls, view, { scope, badInputMessage });
		const failed = new Set(result.errors.map((error) => error.control));
		// An error names a control the engine found through this view.
		const entries = result.errors.map((error) => ({ ...error, control: view.control(error.control)! }));
		const shown = __KIT__ && shownByPage(form, entries, badInputMessage);
		shapes.write(() => {
			for (const [name, value] of result.values) {
				const control = view.control(name);
				if (!control || failed.has(name)) continue;
				writeBack(control, value);
				markValid(control);
			}
			if (shown) return;
			for (const { control, message } of entries) showVerdict(control, message);
			// In the kit, data-error-summary="off" on the form or around it: the inline messages only.
			if (entries.length && !(__KIT__ && form.closest('[data-error-summary="off"]')))
				showSummary(form, entries, message("summary"));
			else removeSummary(form);
		});
		const [first] = entries;
		// In a task of its own, which Chromium runs after the frame that shows the errors (it renders
		// first after input; other browsers may run it before, as before): focus and scroll restyle and
		// lay the page out, and the press would wait for that too.
		if (first) setTimeout(focusField, 0, first.control.field);
		return !first;
	};

	/** Clears the verdicts of controls as they are disabled, and shows the server's errors. */
	const watch = (form: HTMLFormElement) => {
		// No event tells that a control was disabled, by its own attribute or its fieldset's. A disabled
		// control is not validated: it stops showing a verdict, the server's too.
		new MutationObserver(() =>
			shapes.write(() => {
				for (const control of controlsOf(form)) if (control.disabled) clearVerdict(control);
			}),
		).observe(form, { subtree: true, attributeFilter: ["disabled"] });
		shapes.write(() => {
			for (const control of controlsOf(form)) {
				// Beside the rules, on the control or a list's first item.
				const message = control.field.getAttribute("data-nette-error");
				if (message === null) continue;
				serverValue.set(control.field, JSON.stringify(control.value));
				for (const field of control.elements) left.add(field);
				// The server's message with the value filled in; an empty one: what the error block says.
				showVerdict(
					control,
					message ? formatMessage(message, control, undefined, formView(form)) : undefined,
				);
			}
		});
	};

	return {
		init(form) {
			// Last, as on change: a page's own Nette.toggle that throws must not cost the form its setup.
			if (forms.get(form)) watch(form);
			toggle(form);
		},
		validate,
	};
}

/** The kit's: adds the page's Nette.validators that the engine does not have itself, at each validation. */
function netteValidators(): () => void {
	const native = new Set(Object.keys(validators));
	return () => {
		for (const [name, validator] of Object.entries(window.Nette!.validators)) {
			// As the engine calls validators; `this` is Nette.validators, as in Nette.
			if (!native.has(name))
				validators[name] = (value, arg, context) => {
					const ref = { value };
					const result = validator.call(
						window.Nette!.validators,
						(context.control as DomControl).field,
						arg,
						value,
						ref,
					);
					context.value = ref.value as typeof value;
					// Nette skips a rule on null only; any other answer counts by its truthiness.
					return result === null ? null : !!result;
				};
		}
	};
}

/**
 * The kit's: leaves a submit's errors in `Nette.formErrors` and lets the page show them instead of the
 * runtime, by cancelling `forms:invalid` / `forms:valid` or with a `Nette.showFormErrors` of its own.
 * Returns whether the page did. An error of a rule without a message gets `fallback` (the entries are
 * changed in place, so the runtime shows the same text the page gets).
 */
function shownByPage(
	form: HTMLFormElement,
	entries: { control: DomControl; message: string }[],
	fallback: string,
): boolean {
	const nette = window.Nette!;
	// A rule written without a message gets the fallback, as in live validation.
	const errors = entries.map((entry) => {
		entry.message ||= fallback;
		return { element: entry.control.field, message: entry.message };
	});
	nette.formErrors = errors;
	const cancelled = !form.dispatchEvent(
		new CustomEvent(errors.length ? "forms:invalid" : "forms:valid", {
			bubbles: true,
			cancelable: true,
			detail: errors,
		}),
	);
	if (!cancelled) nette.showFormErrors?.(form, errors);
	return cancelled || !!nette.showFormErrors;
}

const warned = new Set<string>();
/** Development builds only: an op neither the engine nor Nette.validators knows is skipped, as in Nette. */
function warnUnknown(rules: readonly Rule[] | undefined): void {
	for (const rule of rules ?? []) {
		if (!validators[rule.op] && !warned.has(rule.op)) {
			warned.add(rule.op);
			console.warn(
				`Unknown validation rule "${rule.op}"${__KIT__ ? `: add it to Nette.validators.${rule.op}` : ""}`,
			);
		}
		warnUnknown(rule.rules);
	}
}
