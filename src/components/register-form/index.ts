import type { ComponentDefinition } from "../../browser/component";
import { ANTISPAM_STATE_EVENT, type AntispamState } from "../antispam/fields";
import { part } from "../shared/dom";
import { parseProps } from "../shared/props";
import { REGISTER_FORM_PROPS } from "./props";

/**
 * The register form's conductor. Validation and sending are the runtime's submit gate's
 * (src/browser/forms/submit.ts); this adds what only this form needs: a guard that holds a submission
 * made while the bot challenge is still being solved, until it is solved or has failed (the antispam
 * component gives up after its own timeout, and then marks the form as sent without scripts: the
 * server decides), and, once the server's answer has replaced the form (its snippet), focus on the
 * first field it refused.
 */
export default {
	connect(element, { props, signal, services }) {
		const form = part<HTMLFormElement>(element, "form");
		const { waiting } = parseProps(REGISTER_FORM_PROPS, props);
		const antispam = element.querySelector<HTMLElement>(".antispam");
		const status = antispam?.querySelector<HTMLElement>(".antispam__status");

		const verifying = () => (antispam?.dataset.state as AntispamState | undefined) === "verifying";

		services.forms.guard(
			form,
			() => {
				if (!verifying()) return;
				if (status) status.textContent = waiting;
				return new Promise<boolean>((resolve) => {
					const done = new AbortController();
					antispam!.addEventListener(
						ANTISPAM_STATE_EVENT,
						() => {
							if (verifying()) return;
							done.abort();
							resolve(true);
						},
						{ signal: AbortSignal.any([signal, done.signal]) },
					);
					// Removed while waiting: the submission is dropped with the form.
					signal.addEventListener("abort", () => resolve(false), { signal: done.signal });
				});
			},
			{ signal },
		);

		// The form's snippet, which stays while the server's answers replace the form in it.
		element
			.closest('[id^="snippet-"]')
			?.addEventListener(
				"snippet:updated",
				(event) =>
					(event.currentTarget as Element).querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
				{ signal },
			);
	},
} satisfies ComponentDefinition;
