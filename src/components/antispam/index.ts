import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { parseProps } from "../shared/props";
import { whenIdle } from "../shared/schedule";
import { ANTISPAM_FIELDS, ANTISPAM_STATE_EVENT, type AntispamState } from "./fields";
import { ANTISPAM_PROPS } from "./props";

/**
 * Solves the form's bot challenge in the background while the person types: the ALTCHA widget (or the
 * configured vendor's) is loaded into the form, its progress is announced in the status line, and the
 * state is kept on the element for the form to read. Typing is never blocked.
 *
 * The ALTCHA widget (~30 KiB gzip, and workers that compute for a while) starts when the page is idle
 * (2 s after connecting at the latest), not when focus enters the form: its module, its first render
 * and its stylesheet (which restyles the whole page) are long tasks on a slow phone, and inside the
 * first tap or key they would delay what that shows. Each runs in an idle period of its own. A
 * submission made before the widget has solved its challenge is held by the form's guard while the
 * state is "verifying" (register-form, docs/events.md "The submit pipeline"), and sent once it is
 * solved or has failed.
 *
 * When the challenge fails (it cannot be fetched, the vendor's script does not load), the form gets the
 * no-script field, as a browser without scripts sends it: the server then takes the submission on the
 * slower path without proof of work instead of refusing a person whose browser could not do the work.
 */
export default {
	connect(element, { props, signal }) {
		const status = part(element, ".antispam__status");
		const container = part(element, ".antispam__challenge");
		const options = parseProps(ANTISPAM_PROPS, props);
		const noScript = Object.assign(document.createElement("input"), {
			type: "hidden",
			name: ANTISPAM_FIELDS.noScript,
			value: "1",
		});
		const setState = (state: AntispamState) => {
			// Before the event: a submission held for the check goes as soon as it is dispatched.
			if (state === "failed") element.append(noScript);
			else noScript.remove();
			element.dataset.state = state;
			status.textContent = options[state === "verifying" ? "checking" : state];
			element.dispatchEvent(new CustomEvent(ANTISPAM_STATE_EVENT, { bubbles: true, detail: state }));
		};
		setState("verifying");

		const { vendor } = options;
		if (vendor) {
			// The vendor's script renders its widget into this element and fills the token field itself.
			container.className += vendor === "turnstile" ? " cf-turnstile" : " g-recaptcha";
			container.dataset.sitekey = options.siteKey;
			const script = document.createElement("script");
			script.src = options.script;
			script.async = true;
			script.addEventListener("error", () => setState("failed"), { signal });
			document.head.append(script);
			// Its progress is the vendor's to show; the form does not wait for it.
			setState("verified");
			return () => {
				script.remove();
				container.replaceChildren();
				noScript.remove();
			};
		}

		let widget: HTMLElement | undefined;
		const start = async () => {
			try {
				const { createWidget } = await import("./widget");
				// The widget's first render in another idle period than the module's evaluation.
				await new Promise<void>((resolve) => whenIdle(resolve, signal));
				widget = createWidget(container, options.challengeUrl, options.lang);
				widget.addEventListener(
					"statechange",
					(event) => {
						const state = (event as CustomEvent<{ state?: string }>).detail?.state;
						if (state === "verified") setState("verified");
						else if (state === "error") setState("failed");
						// An expired challenge: the widget fetches a new one and solves it again.
						else if (state === "verifying" || state === "expired") setState("verifying");
					},
					{ signal },
				);
			} catch (error) {
				// Without the challenge the server still accepts a form that was not filled in too fast.
				setState("failed");
				reportError(error);
			}
		};
		whenIdle(() => void start(), signal);
		return () => {
			widget?.remove();
			noScript.remove();
		};
	},
} satisfies ComponentDefinition;
