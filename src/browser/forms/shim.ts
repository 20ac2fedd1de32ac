/**
 * Form validation's part of the runtime core, kept tiny (the rest is the chunk ./index.ts, loaded only
 * where a form has rules). It finds the forms with `data-nette-rules` controls, at start and in HTML
 * inserted later, and takes their validation over from the browser by setting `noValidate`, exactly as
 * netteForms.js's initForm does: a form that already has `novalidate` when found was opted out by its
 * author and only gets its toggles. So servers must not render `novalidate` on forms they want validated.
 * Validation is the first step of the submit gate (./submit.ts); a submission made before the chunk is
 * ready is held there until it is. Forms with `data-autosubmit` found here load the autosubmit module.
 */
import type { Ajax } from "../ajax/ajax";
import { message } from "../ajax/runtime-texts";
import { importModule } from "../lazy-module";
import type { Scroll } from "../scroll";
import type { FormValidation } from "./index";
import { claimNette } from "./nette-global";
import { createSubmitGate, type SubmitGuard } from "./submit";

export type { Submission, SubmitGuard } from "./submit";

export interface Forms {
	/** Validates a form as submitting it with `submitter` would (states, summary, then focus and scroll). */
	validate(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<boolean>;
	/**
	 * Adds a step to the form's submissions, after validation and before sending, until `signal` aborts
	 * (with the component's signal: until it disconnects). See SubmitGuard for what it answers.
	 */
	guard(form: HTMLFormElement, guard: SubmitGuard, options: { signal: AbortSignal }): void;
	/** Finds the forms to validate, now and in HTML inserted later, and opens the submit gate. */
	start(): void;
}

/** `validate` works before `start` too (it loads the chunk): a page's own script may call it at once. */
export function createForms(scroll: Scroll, ajax: Ajax): Forms {
	// Before the page's own module scripts run, and before dist/nette-forms.js starts any form. The kit's
	// only: the site's pages have no Nette scripts.
	if (__KIT__) claimNette();
	// Found forms, each with whether it is validated (false: opted out, or the chunk failed to load).
	const forms = new WeakMap<HTMLFormElement, boolean>();
	let loading: Promise<FormValidation> | undefined;
	let ready: FormValidation | undefined;

	const load = () =>
		(loading ??= importModule("forms").then(
			(chunk) => (ready = chunk.createFormValidation(scroll, forms, message)),
			(error) => {
				loading = undefined;
				throw error;
			},
		));

	// Runs on every batch of DOM changes: a page's few forms, not all its elements (a store list's
	// hundreds of options), are what it looks through. form.elements holds controls outside the form
	// that name it (form="…"), as in netteForms.js.
	let autosubmit: Promise<void> | undefined;
	const find = () => {
		for (const form of document.forms) {
			// Few pages have a form that submits itself: its module comes with the first (retried on the next
			// change of the page if it failed).
			if (!autosubmit && form.hasAttribute("data-autosubmit")) {
				autosubmit = importModule("autosubmit").then(
					(module) => module.startAutosubmit(),
					() => {
						autosubmit = undefined;
					},
				);
			}
			if (forms.has(form) || ![...form.elements].some((control) => control.hasAttribute("data-nette-rules")))
				continue;
			forms.set(form, !form.noValidate);
			form.noValidate = true;
			void load().then((validation) => validation.init(form));
		}
	};

	const gate = createSubmitGate(
		(form) => forms.get(form),
		(form, submitter) =>
			ready?.validate(form, submitter) ??
			load().then(
				(validation) => validation.validate(form, submitter),
				// Without the chunk the form goes unchecked: the server validates it anyway.
				() => {
					forms.set(form, false);
					return true;
				},
			),
		ajax,
	);

	return {
		validate: (form, submitter) => load().then((validation) => validation.validate(form, submitter)),
		guard: gate.guard,
		start() {
			find();
			new MutationObserver(find).observe(document.documentElement, { childList: true, subtree: true });
			gate.start();
		},
	};
}
