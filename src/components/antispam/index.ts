import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { stringProp } from "../shared/props";
import { ANTISPAM_STATE_EVENT, type AntispamState } from "./fields";
// The widget is ~30 KiB: it is part of this chunk, which only pages with a protected form load. (Not a
// dynamic import: that would pull in Vite's preload helper, which this build does not support.)
import { createWidget } from "./widget";

/**
 * Solves the form's bot challenge in the background while the person types: the ALTCHA widget (or the
 * configured vendor's) is loaded into the form, its progress is announced in the status line, and the
 * state is kept on the element for the form to read. Typing is never blocked.
 */
export default {
	connect(element, { props, signal }) {
		const status = part(element, ".antispam__status");
		const container = part(element, ".antispam__challenge");
		const text = (key: string) => stringProp(props, key, "");
		const setState = (state: AntispamState) => {
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
			document.head.append(script);
			// Its progress is the vendor's to show; the form does not wait for it.
			setState("verified");
			return () => {
				script.remove();
				container.replaceChildren();
			};
		}

		try {
			const widget = createWidget(
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
			return () => widget.remove();
		} catch (error) {
			// Without the challenge the server still accepts a form that was not filled in too fast.
			setState("failed");
			reportError(error);
			return undefined;
		}
	},
} satisfies ComponentDefinition;
