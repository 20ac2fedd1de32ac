import type { ComponentDefinition } from "../../browser/component";
import { ANTISPAM_STATE_EVENT, type AntispamState } from "../antispam/fields";
import { part } from "../shared/dom";
import { stringProp } from "../shared/props";

/**
 * The register form's conductor. Validation is the runtime's (services.forms) and sending is the ajax
 * runtime's; this adds what only this form needs: a submission made while the bot challenge is still
 * being solved waits for it, until it is solved or has failed (the antispam component gives up after
 * its own timeout, and then marks the form as sent without scripts: the server decides), and after the
 * server answered with errors, focus goes to the first field it refused.
 *
 * A press on the send button is validated before the browser starts a submission: an invalid form then
 * shows its errors without one. Preparing a submission is not free in Chromium, whose autofill reads
 * every field first, the store select's hundreds of options too: on a slow phone that alone held the
 * errors back by tens of milliseconds. A valid form is submitted as the press would have (and validated
 * again on the way, as any submission is).
 */
export default {
	connect(element, { props, signal, services }) {
		const form = part<HTMLFormElement>(element, "form");
		const antispam = element.querySelector<HTMLElement>(".antispam");
		const status = antispam?.querySelector<HTMLElement>(".antispam__status");
		let waiting = false;

		const state = () => antispam?.dataset.state as AntispamState | undefined;

		form.addEventListener(
			"submit",
			(event) => {
				if (state() !== "verifying") return;
				event.preventDefault();
				event.stopPropagation();
				if (waiting) return;
				waiting = true;
				if (status) status.textContent = stringProp(props, "waiting", "");
				const onState = () => {
					if (state() === "verifying") return;
					waiting = false;
					antispam?.removeEventListener(ANTISPAM_STATE_EVENT, onState);
					if (!signal.aborted) form.requestSubmit(event.submitter);
				};
				antispam?.addEventListener(ANTISPAM_STATE_EVENT, onState, { signal });
			},
			{ signal },
		);

		form.addEventListener(
			"click",
			(event) => {
				const submitter = (event.target as Element).closest("button, input");
				if (
					event.defaultPrevented ||
					!(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) ||
					submitter.type !== "submit" ||
					submitter.form !== form ||
					submitter.formNoValidate ||
					// Not taken over by the runtime yet: the browser's submission, held by the runtime.
					!form.noValidate
				)
					return;
				event.preventDefault();
				// Without the validation chunk the server validates the submission.
				void services.forms
					.validate(form, submitter)
					.catch(() => true)
					.then((valid) => {
						if (valid && !signal.aborted) form.requestSubmit(submitter);
					});
			},
			{ signal },
		);

		// The server's answer replaced the form: errors next to the fields, focus on the first of them.
		form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
	},
} satisfies ComponentDefinition;
