/**
 * Validation on markup another server rendered (Nette's default renderer: a table, no `.form-item`, no
 * error blocks, fields wrapped in their labels): errors go next to the field, never into its label.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const PAGE = `<!doctype html><html lang="en" data-base-path=""><head><meta charset="utf-8"><title>Plain</title>
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body><main>
<form action="/_plain/sink" method="post" id="frm-plain"><table>
<tr><th>Name</th><td><label>Your name <input type="text" name="name" required
	data-nette-rules='[{"op":":filled","msg":"Enter your name."}]'></label></td></tr>
<tr><th>Size</th><td><label><input type="radio" name="size" value="s"
	data-nette-rules='[{"op":":filled","msg":"Choose a size."}]'>Small</label><br>
	<label><input type="radio" name="size" value="l">Large</label></td></tr>
<tr><td colspan="2"><input type="submit" name="send" value="Send"></td></tr>
</table></form></main></body></html>`;

describe("a form rendered by another server", () => {
	it("shows errors beside fields wrapped in labels, outside the label, so their names stay theirs", async () => {
		const { page, messages } = await openPage(browser);
		await page.route(`${origin()}/_plain/form`, (route) =>
			route.fulfill({ contentType: "text/html; charset=utf-8", body: PAGE }),
		);
		await page.goto(`${origin()}/_plain/form`);
		await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#frm-plain")?.noValidate);
		await page.click("input[name=send]");
		await page.waitForSelector(".form-summary");
		await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
		const placed = await page.evaluate(() =>
			[...document.querySelectorAll(".form-item__error")].map((block) => ({
				text: block.textContent,
				inLabel: !!block.closest("label"),
				item: block.parentElement?.tagName,
				itemClass: block.parentElement?.className,
			})),
		);
		expect(placed).toEqual([
			{ text: "Enter your name.", inLabel: false, item: "TD", itemClass: "has-error" },
			{ text: "Choose a size.", inLabel: false, item: "TD", itemClass: "has-error" },
		]);
		// Each field is named by its label alone and described by its error.
		const name = page.getByRole("textbox", { name: "Your name", exact: true });
		expect(await name.getAttribute("aria-invalid")).toBe("true");
		const small = page.getByRole("radio", { name: "Small", exact: true });
		expect(await small.count()).toBe(1);
		expect(
			await small.evaluate(
				(radio) => document.getElementById(radio.getAttribute("aria-describedby")!)?.textContent,
			),
		).toBe("Choose a size.");
		expect(messages).toEqual([]);
		await page.context().close();
	});

	it("takes over forms whose rules sit on controls outside them (form=…), and forms inserted later", async () => {
		const { page, messages } = await openPage(browser);
		const body = `<!doctype html><html lang="en" data-base-path=""><head><meta charset="utf-8"><title>Outside</title>
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body><main>
<form action="/_plain/sink" method="post" id="frm-outside"><input type="submit" name="send" value="Send"></form>
<label>Code <input type="text" name="code" form="frm-outside"
	data-nette-rules='[{"op":":filled","msg":"Enter the code."}]'></label>
<form action="/_plain/sink" method="get" id="frm-search"><input type="search" name="q"></form>
</main></body></html>`;
		await page.route(`${origin()}/_plain/outside`, (route) =>
			route.fulfill({ contentType: "text/html; charset=utf-8", body }),
		);
		await page.goto(`${origin()}/_plain/outside`);
		await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#frm-outside")?.noValidate);
		await page.click("input[name=send]");
		await page.waitForSelector(".form-summary");
		await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");

		await page.evaluate(() =>
			document
				.querySelector("main")!
				.insertAdjacentHTML(
					"beforeend",
					`<form id="frm-late"><input name="late" data-nette-rules='[{"op":":filled","msg":"Late."}]'></form>`,
				),
		);
		await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#frm-late")?.noValidate);
		// A form without rules is the browser's, as before.
		expect(
			await page.evaluate(() => document.querySelector<HTMLFormElement>("#frm-search")!.noValidate),
		).toBe(false);
		expect(messages).toEqual([]);
		await page.context().close();
	});

	it("validates a form for a page's own script that asks before the runtime has started", async () => {
		const { page, messages } = await openPage(browser);
		// A module script runs before DOMContentLoaded, so before the runtime's start; a page that paints
		// nothing (opacity 0) holds the start back for 500 ms, on a clock that stands still until the test
		// moves it: however long the validation chunk takes to arrive, it arrives before the start.
		await page.clock.install();
		await page.clock.pauseAt(Date.now() + 1000);
		const body = `<!doctype html><html lang="en" data-base-path=""><head><meta charset="utf-8"><title>Early</title>
<style>body { opacity: 0 }</style>
<script>document.addEventListener("runtime:start", () => { window.started = true; });</script>
<script type="module" src="/assets/frontend/js/runtime.js"></script>
<script type="module">
import { services } from "/assets/frontend/js/runtime.js";
window.early = { started: window.started === true };
services.forms.validate(document.getElementById("frm-early")).then(
	(valid) => { Object.assign(window.early, { valid, startedBefore: window.started === true }); },
	(error) => { window.early.error = String(error); },
);
</script></head><body><main>
<form action="/_plain/sink" method="post" id="frm-early"><div class="form-item"><label for="early-name">Name</label>
<input id="early-name" name="name" data-nette-rules='[{"op":":filled","msg":"Enter your name."}]'></div>
<button name="send">Send</button></form></main></body></html>`;
		await page.route(`${origin()}/_plain/early`, (route) =>
			route.fulfill({ contentType: "text/html; charset=utf-8", body }),
		);
		await page.goto(`${origin()}/_plain/early`);
		// The chunk is imported in a task of its own (a timer): well before the 500 ms.
		await page.clock.runFor(1);
		await page.waitForFunction(() => "valid" in window.early || "error" in window.early);
		expect(await page.evaluate(() => window.early)).toEqual({
			started: false,
			valid: false,
			startedBefore: false,
		});
		await page.clock.resume();
		await page.waitForFunction(() => window.started === true);
		expect(await page.locator(".form-summary").textContent()).toContain("Enter your name.");
		expect(messages).toEqual([]);
		await page.context().close();
	});

	it("shows the server's message from data-nette-error, %value filled in, until the value changes", async () => {
		const { page, messages } = await openPage(browser);
		const body = `<!doctype html><html lang="en" data-base-path=""><head><meta charset="utf-8"><title>Server</title>
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body><main>
<form action="/_plain/sink" method="post" id="frm-server"><table>
<tr><th>Nickname</th><td><input type="text" name="nickname" value="jana" aria-label="Nickname"
	data-nette-rules='[{"op":":filled","msg":"Enter a nickname."}]' data-nette-error="“%value” is taken."></td></tr>
<tr><th>Size</th><td><label><input type="radio" name="size" value="s" checked
	data-nette-rules='[{"op":":filled","msg":"Choose a size."}]' data-nette-error="Size %value is sold out."> Small</label>
	<label><input type="radio" name="size" value="l"> Large</label></td></tr>
<tr><th>Code</th><td class="form-item"><input type="text" name="code" value="1" aria-label="Code"
	data-nette-rules='[{"op":":filled","msg":"Enter the code."}]' data-nette-error="">
	<p class="form-item__error">Said by the error block.</p></td></tr>
</table></form></main></body></html>`;
		await page.route(`${origin()}/_plain/server`, (route) =>
			route.fulfill({ contentType: "text/html; charset=utf-8", body }),
		);
		await page.goto(`${origin()}/_plain/server`);
		await page.waitForFunction(() => document.querySelector<HTMLFormElement>("#frm-server")?.noValidate);
		const shown = () =>
			page.evaluate(() =>
				[...document.querySelectorAll("#frm-server td")].map((item) => ({
					text: item.querySelector(".form-item__error")?.textContent ?? null,
					invalid: item.classList.contains("has-error"),
				})),
			);
		const refused = [
			{ text: "“jana” is taken.", invalid: true },
			{ text: "Size s is sold out.", invalid: true },
			{ text: "Said by the error block.", invalid: true },
		];
		await page.waitForFunction(() => document.querySelector("#frm-server .has-error"));
		expect(await shown()).toEqual(refused);
		const nickname = page.getByRole("textbox", { name: "Nickname", exact: true });
		expect(
			await nickname.evaluate(
				(field) => document.getElementById(field.getAttribute("aria-describedby")!)?.textContent,
			),
		).toBe("“jana” is taken.");
		// Left unchanged, it stays; changed, it goes.
		await nickname.focus();
		await page.keyboard.press("Tab");
		expect(await shown()).toEqual(refused);
		await nickname.fill("jana2");
		await page.keyboard.press("Tab");
		expect((await shown())[0]).toEqual({ text: "", invalid: false });
		expect(messages).toEqual([]);
		await page.context().close();
	});
});

declare global {
	interface Window {
		started?: boolean;
		early: { started: boolean; valid?: boolean; startedBefore?: boolean; error?: string };
	}
}
