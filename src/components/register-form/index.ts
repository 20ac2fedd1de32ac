import type { ComponentDefinition } from "../../browser/component";
import { ANTISPAM_STATE_EVENT, type AntispamState } from "../antispam/fields";
import { part } from "../shared/dom";
import { numberProp, stringProp } from "../shared/props";

/**
 * The register form's conductor. Validation is the runtime's (services.forms) and sending is the ajax
 * runtime's; this adds what only this form needs: a submission made while the bot challenge is still
 * being solved waits for it (at most `maxWaitMs`, then goes anyway: the server decides), and after the
 * server answered with errors, focus goes to the first field it refused.
 */
export default {
	connect(element, { props, signal }) {
		const form = part<HTMLFormElement>(element, "form");
		const antispam = element.querySelector<HTMLElement>(".antispam");
		const status = antispam?.querySelector<HTMLElement>(".antispam__status");
		const maxWaitMs = numberProp(props, "maxWaitMs", 10_000);
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
				const send = () => {
					waiting = false;
					clearTimeout(timer);
					antispam?.removeEventListener(ANTISPAM_STATE_EVENT, onState);
					if (!signal.aborted) form.requestSubmit(event.submitter);
				};
				const onState = () => {
					if (state() !== "verifying") send();
				};
				const timer = setTimeout(send, maxWaitMs);
				antispam?.addEventListener(ANTISPAM_STATE_EVENT, onState, { signal });
			},
			{ signal },
		);

		// The server's answer replaced the form: errors next to the fields, focus on the first of them.
		form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
	},
} satisfies ComponentDefinition;
