/**
 * Form validation's part of the runtime core, kept tiny (the rest is the chunk ./index.ts, loaded only
 * where a form has rules). It finds the forms with `data-nette-rules` controls, at start and in HTML
 * inserted later, and takes their validation over from the browser by setting `noValidate`, exactly as
 * netteForms.js's initForm does: a form that already has `novalidate` when found was opted out by its
 * author and only gets its toggles. So servers must not render `novalidate` on forms they want validated.
 * A submission before the chunk is ready is held, and sent again (same submitter) once it is.
 */
import { importModule } from "../lazy-module";
import type { Scroll } from "../scroll";
import type { FormValidation } from "./index";

export interface Forms {
	/** Validates a form as submitting it with `submitter` would (states, summary, then focus and scroll). */
	validate(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<boolean>;
	/** Finds the forms to validate, now and in HTML inserted later. */
	start(): void;
}

/** `validate` works before `start` too (it loads the chunk): a page's own script may call it at once. */
export function createForms(scroll: Scroll): Forms {
	// Found forms, each with whether it is validated (false: opted out, or the chunk failed to load).
	const forms = new WeakMap<HTMLFormElement, boolean>();
	let loading: Promise<FormValidation> | undefined;
	let ready: FormValidation | undefined;

	const load = () =>
		(loading ??= importModule("forms").then(
			(chunk) => (ready = chunk.createFormValidation(scroll, forms)),
			(error) => {
				loading = undefined;
				throw error;
			},
		));

	// Runs on every batch of DOM changes: a page's few forms, not all its elements (a store list's
	// hundreds of options), are what it looks through. form.elements holds controls outside the form
	// that name it (form="…"), as in netteForms.js.
	const find = () => {
		for (const form of document.forms) {
			if (forms.has(form) || ![...form.elements].some((control) => control.hasAttribute("data-nette-rules")))
				continue;
			forms.set(form, !form.noValidate);
			form.noValidate = true;
			void load().then((validation) => validation.init(form));
		}
	};

	const hold = (event: SubmitEvent) => {
		const form = event.target as HTMLFormElement;
		if (ready) return ready.onSubmit(event);
		if (!forms.get(form)) return;
		event.preventDefault();
		event.stopPropagation();
		// Without the chunk the form goes unchecked: the server validates it anyway.
		void load()
			.catch(() => forms.set(form, false))
			.then(() => form.requestSubmit(event.submitter));
	};

	return {
		validate: (form, submitter) => load().then((validation) => validation.validate(form, submitter)),
		start() {
			find();
			new MutationObserver(find).observe(document.documentElement, { childList: true, subtree: true });
			// Capture: before the ajax module (bubble phase) sends the form, and before the form's own listeners.
			document.addEventListener("submit", hold, true);
		},
	};
}
