import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { stringProp } from "../shared/props";
import { ANTISPAM_FIELDS, ANTISPAM_STATE_EVENT, type AntispamState } from "./fields";

/**
 * Solves the form's bot challenge in the background while the person types: the ALTCHA widget (or the
 * configured vendor's) is loaded into the form, its progress is announced in the status line, and the
 * state is kept on the element for the form to read. Typing is never blocked.
 *
 * The ALTCHA widget (~30 KiB gzip, and workers that compute for a while) waits until the person starts
 * on the form, i.e. focus enters it: someone who only reads the page downloads and computes nothing, and
 * the page becomes interactive sooner. A submission needs focus in the form too (the clicked button or
 * the field Enter is pressed in), and the form holds it while the state is "verifying".
 *
 * When the challenge fails (it cannot be fetched, the vendor's script does not load), the form gets the
 * no-script field, as a browser without scripts sends it: the server then takes the submission on the
 * slower path without proof of work instead of refusing a person whose browser could not do the work.
 */
export default {
	connect(element, { props, signal }) {
		const status = part(element, ".antispam__status");
		const container = part(element, ".antispam__challenge");
		const text = (key: string) => stringProp(props, key, "");
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
			status.textContent = text(state === "verifying" ? "checking" : state);
			element.dispatchEvent(new CustomEvent(ANTISPAM_STATE_EVENT, { bubbles: true, detail: state }));
		};
		setState("verifying");

		const vendor = stringProp(props, "vendor", "");
		if (vendor) {
			// The vendor's script renders its widget into this element and fills the token field itself.
			container.className += vendor === "turnstile" ? " cf-turnstile" : " g-recaptcha";
			container.dataset.sitekey = stringProp(props, "siteKey", "");
			const script = document.createElement("script");
			script.src = stringProp(props, "script", "");
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
				if (signal.aborted) return;
				widget = createWidget(
					container,
					stringProp(props, "challengeUrl", ""),
					stringProp(props, "lang", "cs"),
				);
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
		const form = element.closest("form");
		if (!form || form.contains(document.activeElement)) void start();
		else form.addEventListener("focusin", () => void start(), { once: true, signal });
		return () => {
			widget?.remove();
			noScript.remove();
		};
	},
} satisfies ComponentDefinition;
