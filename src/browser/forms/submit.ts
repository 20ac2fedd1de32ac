/**
 * The submit gate: the one order every submission of a page goes through once the runtime has started
 * (docs/events.md, "The submit pipeline"):
 *
 *   press or submit → validate → guards → the form's own submit listeners → send (ajax or the browser's)
 *
 * A form the gate checks (one with validation, or with a guard) is checked when a submit button is
 * pressed, before the browser prepares a submission (in Chromium that reads every field for autofill, a
 * select's hundreds of options too: an invalid form shows its errors without that), or, for a
 * submission without a press (`requestSubmit()`, Enter in a form without a button), at its submit
 * event, in the capture phase. The press or the event is cancelled; once validation and every guard
 * have let the submission go (at once, or after holding it: the validation chunk loading, a guard
 * waiting for the bot check), the gate submits the form itself with the same submitter, and that
 * submit event goes through unchecked. So a submission is validated once and sent once, whatever held
 * it. Ajax forms are sent in the bubble phase, after the form's own listeners, which may still cancel.
 */
import type { Ajax } from "../ajax/ajax";

export interface Submission {
	readonly form: HTMLFormElement;
	/** The button that submits it, as `SubmitEvent.submitter`. */
	readonly submitter: HTMLElement | null;
}

/**
 * A step between validation and sending, registered by a component with `services.forms.guard`. It
 * answers `false` (or a promise of it, or a rejected one) to stop the submission; a promise holds the
 * submission until it settles; anything else lets it go.
 */
export type SubmitGuard = (submission: Submission) => unknown;

export interface SubmitGate {
	/** Adds a guard to the form's submissions until `signal` aborts. */
	guard(form: HTMLFormElement, guard: SubmitGuard, options: { signal: AbortSignal }): void;
	start(): void;
}

/**
 * @param validates whether the runtime validates the form
 * @param validate the validation step: the verdict, or its promise while the validation chunk loads
 */
export function createSubmitGate(
	validates: (form: HTMLFormElement) => boolean | undefined,
	validate: (form: HTMLFormElement, submitter: HTMLElement | null) => boolean | Promise<boolean>,
	ajax: Ajax,
): SubmitGate {
	// Each guard with its form, in the order they were added (a page has a few).
	const guards = new Set<readonly [HTMLFormElement, SubmitGuard]>();
	// Forms with a submission on its way through the steps: another press or submission meanwhile is
	// dropped (a second click on the send button while the bot check ends), the first one goes.
	const held = new WeakSet<HTMLFormElement>();
	// The form the gate is submitting itself: set only while its submit event is dispatched.
	let passing: HTMLFormElement | undefined;

	const passes = async (submission: Submission) => {
		const { form } = submission;
		if (validates(form) && !(await validate(form, submission.submitter))) return false;
		for (const [guarded, guard] of [...guards]) {
			if (guarded === form && (await guard(submission)) === false) return false;
		}
		return true;
	};

	/** Takes a press or submission of a form the gate checks over from the browser; false when it does not. */
	const check = (event: Event, form: HTMLFormElement, submitter: HTMLElement | null) => {
		if (
			form === passing ||
			event.defaultPrevented ||
			!(validates(form) || [...guards].some(([guarded]) => guarded === form))
		)
			return false;
		event.preventDefault();
		if (held.has(form)) return true;
		held.add(form);
		void passes({ form, submitter })
			.catch(() => false)
			.then((go) => {
				held.delete(form);
				passing = form;
				try {
					if (go) form.requestSubmit(submitter);
				} finally {
					passing = undefined;
				}
			});
		return true;
	};

	return {
		guard(form, guard, { signal }) {
			const entry = [form, guard] as const;
			guards.add(entry);
			signal.addEventListener("abort", () => guards.delete(entry));
		},
		start() {
			// Bubble phase: a press something else took (prevented) is not a submission.
			document.addEventListener("click", (event) => {
				// The target may be the document, which has no closest().
				const button = (event.target as Element).closest?.<HTMLButtonElement>("button, input");
				// Not an image button: requestSubmit would lose the coordinates of its click.
				if (button?.form && button.type === "submit") check(event, button.form, button);
			});
			// Capture phase: before the form's own listeners, which see only what goes on.
			document.addEventListener(
				"submit",
				(event) => check(event, event.target as HTMLFormElement, event.submitter) && event.stopPropagation(),
				true,
			);
			document.addEventListener("submit", (event) => {
				const form = event.target as HTMLFormElement;
				// As in Naja, a submit button with class `ajax` sends its form by ajax too.
				if (event.defaultPrevented || (!form.matches(".ajax") && !event.submitter?.matches(".ajax"))) return;
				event.preventDefault();
				ajax.submit(form, event.submitter);
			});
		},
	};
}
