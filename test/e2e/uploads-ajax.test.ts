/**
 * The ajax runtime encodes a form as the browser would: multipart only where the form (or its button)
 * asks for it, which our forms do only with a file field. Every other route refuses multipart (415), so
 * a form without files sent as multipart would never arrive.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** What the echo endpoint received, as the page shows it. */
async function echoed(
	page: Page,
): Promise<{ method: string; contentType: string | null; fields: string[][] }> {
	await page.waitForFunction(() => document.querySelector("#echo")?.textContent !== "none");
	return JSON.parse((await page.locator("#echo").textContent()) ?? "");
}

async function open(): Promise<Page> {
	const { page } = await openPage(browser);
	await page.goto(`${origin()}/_fixtures/ajax`);
	await page.waitForFunction(() => window.probeLog?.includes("connect:listener"));
	return page;
}

it("POSTs a form without enctype urlencoded", async () => {
	const page = await open();
	await page.click("#slow-submit");
	expect(await echoed(page)).toMatchObject({
		method: "POST",
		contentType: "application/x-www-form-urlencoded",
		fields: [["slow", "1"]],
	});
	await page.context().close();
});

it("POSTs multipart when the submit button asks for it (formenctype)", async () => {
	const page = await open();
	await page.evaluate(() => {
		const button = document.querySelector<HTMLButtonElement>("#slow-submit")!;
		button.setAttribute("formenctype", "multipart/form-data");
		button.setAttribute("formaction", "/_fixtures/ajax/echo");
	});
	await page.click("#slow-submit");
	expect(await echoed(page)).toMatchObject({ method: "POST", contentType: "multipart/form-data" });
	await page.context().close();
});
