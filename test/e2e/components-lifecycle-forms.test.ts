import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import { axe } from "../helpers/axe";
import { connectBrowser } from "../helpers/browser";
import {
	globalListenerCount,
	insertSnippet,
	openWithComponents,
	removeAndWait,
	serverHtml,
	waitForConnected,
} from "../helpers/components";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const TEXTS = MESSAGES.cs.register.antispam;
const SOLVING = "#gallery-antispam-solving .antispam";
const REGISTER = "#gallery-register-form [data-component='register-form']";

async function openGallery(...selectors: string[]): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", (page) =>
		page.emulateMedia({ reducedMotion: "reduce" }),
	);
	for (const selector of selectors) await waitForConnected(page, selector);
	return page;
}

const waitForState = (page: Page, selector: string, state: string) =>
	page.waitForFunction(
		({ selector, state }) => document.querySelector<HTMLElement>(selector)?.dataset.state === state,
		{ selector, state },
	);

/** The types of the event listeners on the object `expression` evaluates to, through the DevTools protocol. */
async function listenerTypes(page: Page, expression: string): Promise<string[]> {
	const session = await page.context().newCDPSession(page);
	const { result } = await session.send("Runtime.evaluate", { expression });
	const { listeners } = await session.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
	await session.detach();
	return listeners.map((listener) => listener.type).sort();
}

describe("antispam", () => {
	it("shows its gallery state solved, with no axe violations", async () => {
		const page = await openGallery(SOLVING);
		await waitForState(page, SOLVING, "verified");
		expect(await page.textContent(`${SOLVING} .antispam__status`)).toBe(TEXTS.verified);
		// The solution is in the form's field for the server to check.
		expect(
			await page.$eval(`${SOLVING} input[name=altcha]`, (input) => (input as HTMLInputElement).value),
		).not.toBe("");
		expect(await axe(page, "#gallery-antispam")).toEqual([]);
		await page.context().close();
	});

	it("shows the failed state when its challenge cannot be had, with no axe violations", async () => {
		const page = await openGallery(SOLVING);
		const html = await serverHtml(page, SOLVING);
		await removeAndWait(page, SOLVING, "original");
		await page.route(
			(url) => url.pathname.endsWith("/register/challenge"),
			(route) => route.fulfill({ status: 503, body: "" }),
		);
		const copy = await insertSnippet(page, html);
		await waitForState(page, copy, "failed");
		expect(await page.textContent(`${copy} .antispam__status`)).toBe(TEXTS.failed);
		expect(await axe(page, "#snippet--late")).toEqual([]);
		await page.context().close();
	});

	it("solves its challenge when inserted later, and leaves nothing behind when removed", async () => {
		const page = await openGallery(SOLVING);
		const html = await serverHtml(page, SOLVING);
		await removeAndWait(page, SOLVING, "original");
		const before = await globalListenerCount(page);
		const widgets = await page.$$eval("altcha-widget", (found) => found.length);

		const copy = await insertSnippet(page, html);
		await expect.poll(() => page.$$eval(`${copy} altcha-widget`, (found) => found.length)).toBe(1);
		await waitForState(page, copy, "verified");
		expect(await page.textContent(`${copy} .antispam__status`)).toBe(TEXTS.verified);

		await removeAndWait(page, copy);
		expect(
			await page.evaluate(
				() => (window as unknown as { removed: Element }).removed.querySelectorAll("altcha-widget").length,
			),
		).toBe(0);
		expect(await page.$$eval("altcha-widget", (found) => found.length)).toBe(widgets);
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});

describe("register-form", () => {
	/** Fills the form validly, so that only the bot check could hold a submission back. */
	async function fill(page: Page, form: string): Promise<void> {
		await page.fill(`${form} [name=name]`, "Jana Nováková");
		await page.fill(`${form} [name=email]`, "jana@example.com");
		await page.fill(`${form} [name=birthDate]`, "1990-05-24");
		await page.selectOption(`${form} [name=store]`, "1");
		await page.check(`${form} [name=terms]`);
	}

	/**
	 * Counts the form's requests to the server from now on, answering each with an empty payload (so
	 * nothing is registered); resolves `sent(n)` once n have been answered.
	 */
	async function countSends(page: Page) {
		const bodies: string[] = [];
		await page.route(
			(url) => url.pathname.endsWith("/register"),
			(route) => {
				if (route.request().method() !== "POST") return route.continue();
				bodies.push(route.request().postData() ?? "");
				return route.fulfill({ contentType: "application/json", body: "{}" });
			},
		);
		return bodies;
	}

	it("has no axe violations in its gallery state", async () => {
		const page = await openGallery(REGISTER);
		// The challenge is fetched and solved once the page is idle.
		await waitForState(page, `${REGISTER} .antispam`, "verified");
		expect(await axe(page, "#gallery-register-form")).toEqual([]);
		await page.context().close();
	});

	it("starts the bot check when the page is idle, without focus, and holds a submission made before it ends", async () => {
		// The challenge's answer waits until the form has been sent.
		let answer = () => {};
		const answered = new Promise<void>((resolve) => {
			answer = resolve;
		});
		const { page } = await openWithComponents(browser, "/_components", (page) =>
			page.route("**/register/challenge*", async (route) => {
				await answered;
				await route.continue();
			}),
		);
		await waitForConnected(page, REGISTER);
		// Nobody has focused the form: the widget is there, fetching its challenge.
		await page.waitForSelector(`${REGISTER} altcha-widget`, { state: "attached", timeout: 10_000 });
		expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
		expect(await page.getAttribute(`${REGISTER} .antispam`, "data-state")).toBe("verifying");

		const sent = await countSends(page);
		await fill(page, REGISTER);
		await page.click(`${REGISTER} [type=submit]`);
		// Held by the form's guard: the status says so, nothing is sent.
		await page.waitForFunction(
			({ selector, text }) => document.querySelector(selector)?.textContent === text,
			{ selector: `${REGISTER} .antispam__status`, text: TEXTS.waiting },
		);
		expect(sent).toEqual([]);
		answer();
		await waitForState(page, `${REGISTER} .antispam`, "verified");
		// Sent once the check has ended, the solution in it.
		await expect.poll(() => sent.length).toBe(1);
		expect(new URLSearchParams(sent[0]).get("altcha")).toBeTruthy();
		await page.context().close();
	});

	it("holds a submission until the bot check ends when inserted later, and cleans up when removed", async () => {
		const page = await openGallery(REGISTER);
		const html = await serverHtml(page, REGISTER);
		await removeAndWait(page, REGISTER, "original");
		const sent = await countSends(page);
		const before = await globalListenerCount(page);

		const copy = await insertSnippet(page, html);
		const antispam = `${copy} .antispam`;
		await fill(page, copy);
		await waitForState(page, antispam, "verified");
		// The challenge is being solved again (as after it expired): a submission waits for it.
		await page.$eval(antispam, (element) => {
			(element as HTMLElement).dataset.state = "verifying";
		});
		await page.click(`${copy} [type=submit]`);
		expect(await page.textContent(`${antispam} .antispam__status`)).toBe(TEXTS.waiting);
		// A second press while waiting does not queue another submission.
		await page.click(`${copy} [type=submit]`);
		expect(sent).toEqual([]);
		const answered = page.waitForResponse((response) => response.url().endsWith("/register"));
		await page.$eval(antispam, (element) => {
			(element as HTMLElement).dataset.state = "verified";
			element.dispatchEvent(new CustomEvent("antispam:state", { bubbles: true, detail: "verified" }));
		});
		// ...and goes, once, when the check has ended.
		await answered;
		await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
		expect(sent.length).toBe(1);

		// Removed while a submission waits: the check's listener goes with it.
		await page.$eval(antispam, (element) => {
			(element as HTMLElement).dataset.state = "verifying";
		});
		await page.click(`${copy} [type=submit]`);
		expect(await page.textContent(`${antispam} .antispam__status`)).toBe(TEXTS.waiting);
		await page.evaluate(() => {
			(window as unknown as { form: Element }).form = document.querySelector(
				"#snippet--late form.register-form",
			)!;
		});
		// One submit listener on the form, the ALTCHA widget's: the component adds none, it guards the form
		// through the runtime's submit gate (whose listeners are on document).
		expect((await listenerTypes(page, "window.form")).filter((type) => type === "submit")).toEqual([
			"submit",
		]);
		await removeAndWait(page, copy);
		// No submit listener stays on the removed form: the widget's went with it.
		expect(await listenerTypes(page, "window.form")).not.toContain("submit");
		expect(await listenerTypes(page, "window.removed.querySelector('.antispam')")).not.toContain(
			"antispam:state",
		);
		expect(await globalListenerCount(page)).toBe(before);
		expect(sent.length).toBe(1);
		await page.context().close();
	});
});

describe("the whole gallery", () => {
	it("has no axe violations with the antispam and register-form galleries in it", async () => {
		const page = await openGallery(SOLVING, REGISTER);
		await page.focus(`${REGISTER} [name=name]`);
		await waitForState(page, SOLVING, "verified");
		await waitForState(page, `${REGISTER} .antispam`, "verified");
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});
});
