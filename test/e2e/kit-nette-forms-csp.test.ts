/**
 * The kit's nette-forms.js alone (no runtime.js) on a page of another server whose Content Security
 * Policy has `style-src 'self'` and no 'unsafe-inline' (the stand-in's, kit-support.ts): Nette's modal
 * for a submit's errors must style itself without a violation, as netteForms.js 3.5.3 does not (it
 * inserts a `<style>` element, which such a policy blocks), and look and behave as the original's does on
 * a page without the policy.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage } from "../helpers/browser";
import { html, type KitServer, netteRules, startKitServer } from "./kit-support";

declare global {
	interface Window {
		/** The page's securitypolicyviolation events, as "directive element#id". */
		violations?: string[];
	}
}

/** netteForms.js 3.5.3, served by the stand-in as a host's script. */
const ORIGINAL = readFileSync("node_modules/nette-forms/src/assets/netteForms.js", "utf8");
const SCRIPTS = { original: "/host/netteForms.js", ours: "/kit/nette-forms.js" };
type Script = keyof typeof SCRIPTS;

/** A page's own look for Nette's modal, more specific than Nette's rules, as a site writes it. */
const OWN_STYLES = "body > .netteFormsModal { border-width: 5px }";

let browser: Browser;
let server: KitServer;

beforeAll(async () => {
	browser = await connectBrowser();
	server = await startKitServer({ "netteForms.js": ORIGINAL, "own.css": OWN_STYLES });
	// ?script=original|ours, ?csp=off for a page without the policy, ?own for the page's own styles.
	server.route("/", ({ url, nonce }) =>
		html(
			`<!DOCTYPE html>
<html lang="cs">
<head>
<meta charset="utf-8">
<title>Nette</title>
<script src="${SCRIPTS[url.searchParams.get("script") as Script]}" nonce="${nonce}"></script>
${url.searchParams.has("own") ? '<link rel="stylesheet" href="/host/own.css">' : ""}
</head>
<body>
<form id="f" action="/sent" method="post">
	<label>Jméno <input name="name" ${netteRules([{ op: ":filled", msg: "Vyplňte jméno." }])}></label>
	<label>E-mail <input name="email" ${netteRules([{ op: ":filled", msg: "Vyplňte e-mail." }])}></label>
	<button name="send">Odeslat</button>
</form>
</body>
</html>`,
			{ csp: url.searchParams.get("csp") !== "off" },
		),
	);
});
afterAll(async () => {
	await browser.close();
	await server.stop();
});

/**
 * Submits the empty form and reads Nette's modal: its text, its box and the styles Nette gives it. Under
 * the policy, then, a `<style>` element of the test's own (#sentinel), which the policy blocks: the
 * browser reports violations in order, so once the sentinel's is in, any the modal caused is in too.
 */
async function openModal(script: Script, csp: boolean, own = false, oldBrowser = false) {
	const { page, messages } = await openPage(browser);
	// A browser without constructed stylesheets (Safari before 16.4).
	if (oldBrowser)
		await page.addInitScript(() => {
			delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
		});
	await page.addInitScript(() => {
		window.violations = [];
		document.addEventListener("securitypolicyviolation", (event) => {
			const target = event.target as Element;
			window.violations!.push(
				`${event.effectiveDirective} ${target.nodeName.toLowerCase()}${target.id ? `#${target.id}` : ""}`,
			);
		});
	});
	await page.goto(`${server.origin}/?script=${script}${csp ? "" : "&csp=off"}${own ? "&own" : ""}`);
	await page.click("[name=send]");
	const dialog = page.locator("dialog.netteFormsModal");
	await dialog.waitFor();
	const modal = await dialog.evaluate((element) => {
		const box = element.getBoundingClientRect();
		const style = getComputedStyle(element);
		const button = getComputedStyle(element.querySelector("button")!);
		return {
			modal: element.matches(":modal"),
			// innerText: the line breaks between the messages, as the user sees them.
			// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is compared.
			text: (element as HTMLElement).innerText.trim(),
			box: [box.x, box.y, box.width, box.height].map(Math.round),
			dialog: ["text-align", "margin", "border", "padding"].map((name) => style.getPropertyValue(name)),
			button: button.getPropertyValue("padding"),
		};
	});
	let violations: string[] = [];
	let cspMessages: string[] = [];
	if (csp) {
		await page.evaluate(() => {
			const sentinel = document.createElement("style");
			sentinel.id = "sentinel";
			sentinel.textContent = "#sentinel { color: red }";
			document.head.append(sentinel);
		});
		await expect
			.poll(() => page.evaluate(() => window.violations))
			.toContain("style-src-elem style#sentinel");
		const all = await page.evaluate(() => window.violations!);
		violations = all.filter((text) => !text.endsWith("#sentinel"));
		// The console reports each, in the same order: the sentinel's comes last.
		const reported = () => messages.filter((text) => text.includes("Content Security Policy"));
		await expect.poll(() => reported().length).toBeGreaterThanOrEqual(all.length);
		cspMessages = reported().slice(0, -1);
	}
	await page.click("dialog.netteFormsModal button");
	const closed = (await dialog.count()) === 0;
	const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
	await page.context().close();
	return { ...modal, violations, cspMessages, closed, focused };
}

describe("nette-forms.js under a CSP with style-src 'self'", () => {
	it("is the premise: netteForms.js 3.5.3's modal violates the policy with its <style> element", async () => {
		const original = await openModal("original", true);
		expect(original.violations).toEqual(["style-src-elem style"]);
		expect(original.cspMessages).toHaveLength(1);
	});

	it("shows Nette's modal without a violation, looking and behaving as the original's without the policy", async () => {
		const ours = await openModal("ours", true);
		expect(ours.violations).toEqual([]);
		expect(ours.cspMessages).toEqual([]);
		expect(ours).toMatchObject({ modal: true, closed: true, focused: "name" });
		expect(ours.text).toMatch(/^Vyplňte jméno\.\nVyplňte e-mail\.\s+OK$/);
		const original = await openModal("original", false);
		expect(original.dialog).toEqual(["center", expect.any(String), "2px solid rgb(0, 0, 0)", "16px"]);
		expect(ours).toEqual(original);
	});

	it("lets the page's own, more specific rules restyle the modal, as the original's do", async () => {
		const [ours, original] = [await openModal("ours", true, true), await openModal("original", false, true)];
		expect(original.dialog[2]).toBe("5px solid rgb(0, 0, 0)");
		expect(ours.dialog).toEqual(original.dialog);
		expect(ours.violations).toEqual([]);
	});

	it("inserts Nette's own <style> where the browser has no constructed stylesheets, looking the same", async () => {
		const [ours, original] = [
			await openModal("ours", false, false, true),
			await openModal("original", false),
		];
		expect(ours).toEqual(original);
	});
});
