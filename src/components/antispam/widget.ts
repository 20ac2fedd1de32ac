/**
 * The ALTCHA widget (~30 KiB gzip), imported by the antispam component only when a form needs it. The
 * "external" build keeps its styles and workers in files of their own, as a strict CSP requires. Its
 * stylesheet is linked by URL: a CSS import here would need Vite's preload helper, which the runtime's
 * build leaves out.
 */
import "altcha/external";
import "altcha/i18n/cs";
import "altcha/i18n/en";
import stylesheet from "altcha/altcha.css?url";
import ShaWorker from "altcha/workers/sha?worker";
import { ANTISPAM_FIELDS } from "./fields";

$altcha.algorithms.set("SHA-256", () => new ShaWorker());

if (!document.querySelector(`link[href="${stylesheet}"]`)) {
	const link = document.createElement("link");
	link.rel = "stylesheet";
	link.href = stylesheet;
	document.head.append(link);
}

export type WidgetState = "verifying" | "verified" | "error" | "expired" | "unverified" | "code";

/**
 * Adds a widget that fetches its challenge and starts solving at once, in one worker: on a phone with
 * two cores a second would leave none to the page, whose taps and keys would wait, and started when the
 * page is idle, one has solved it long before a person has filled in the form.
 */
export function createWidget(container: HTMLElement, challengeUrl: string, lang: string): HTMLElement {
	const widget = document.createElement("altcha-widget");
	widget.setAttribute("challenge", challengeUrl);
	widget.setAttribute("name", ANTISPAM_FIELDS.altcha);
	widget.setAttribute("auto", "onload");
	widget.setAttribute("language", lang);
	widget.setAttribute("workers", "1");
	widget.setAttribute("configuration", JSON.stringify({ minDuration: 0, hideFooter: true, hideLogo: true }));
	container.append(widget);
	return widget;
}
