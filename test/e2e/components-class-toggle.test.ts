import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const DISCLOSURE = '[aria-controls="gallery-toggle-panel"]';
const PRESSED = '[aria-controls="gallery-toggle-pressed"]';

async function openToggles(): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components");
	await waitForConnected(page, DISCLOSURE);
	await waitForConnected(page, PRESSED);
	return page;
}

const hasClass = (page: Page, selector: string, name: string) =>
	page.$eval(selector, (element, name) => element.classList.contains(name), name);

describe("class toggle", () => {
	it("toggles the class on its target by click and keyboard, with aria-expanded in sync", async () => {
		const page = await openToggles();
		await page.click(DISCLOSURE);
		expect(await hasClass(page, "#gallery-toggle-panel", "is-active")).toBe(true);
		expect(await page.getAttribute(DISCLOSURE, "aria-expanded")).toBe("true");
		await page.focus(DISCLOSURE);
		await page.keyboard.press("Enter");
		expect(await hasClass(page, "#gallery-toggle-panel", "is-active")).toBe(false);
		expect(await page.getAttribute(DISCLOSURE, "aria-expanded")).toBe("false");
		await page.keyboard.press(" ");
		expect(await page.getAttribute(DISCLOSURE, "aria-expanded")).toBe("true");
		await page.context().close();
	});

	it("starts from the state the server rendered and keeps aria-pressed in sync, also with other scripts", async () => {
		const page = await openToggles();
		expect(await page.getAttribute(PRESSED, "aria-pressed")).toBe("true");
		await page.click(PRESSED);
		expect(await hasClass(page, "#gallery-toggle-pressed", "is-highlighted")).toBe(false);
		expect(await page.getAttribute(PRESSED, "aria-pressed")).toBe("false");
		await page.evaluate(() =>
			document.querySelector("#gallery-toggle-pressed")!.classList.add("is-highlighted"),
		);
		await page.waitForFunction(
			(selector) => document.querySelector(selector)?.ariaPressed === "true",
			PRESSED,
		);
		await page.context().close();
	});

	it("has no axe violations in either state", async () => {
		const page = await openToggles();
		expect(await axe(page, "#gallery-class-toggle")).toEqual([]);
		await page.click(DISCLOSURE);
		await page.click(PRESSED);
		expect(await axe(page, "#gallery-class-toggle")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later and leaves nothing behind when removed", async () => {
		const page = await openToggles();
		const html = await serverHtml(page, DISCLOSURE);
		await removeAndWait(page, DISCLOSURE, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.click(copy);
		expect(await hasClass(page, "#gallery-toggle-panel", "is-active")).toBe(true);
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		// The removed button's listener and its observer of the panel are gone.
		await page.evaluate(() => {
			const removed = (window as unknown as { removed: HTMLElement }).removed;
			removed.click();
			document.querySelector("#gallery-toggle-panel")!.classList.remove("is-active");
		});
		expect(
			await page.evaluate(() => (window as unknown as { removed: HTMLElement }).removed.ariaExpanded),
		).toBe("true");
		await page.context().close();
	});
});
