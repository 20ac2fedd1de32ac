import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, origin } from "../helpers/browser";
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

const LANGUAGE = ".dropdown:has(#gallery-dropdown-language)";
const SORT = ".dropdown:has(#gallery-dropdown-sort)";

async function openDropdowns(): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components");
	await waitForConnected(page, LANGUAGE);
	await waitForConnected(page, SORT);
	return page;
}

const isOpen = (page: Page, dropdown: string) =>
	page.$eval(dropdown, (details) => (details as HTMLDetailsElement).open);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe("dropdown", () => {
	it("names its menu and keeps aria-expanded in sync", async () => {
		const page = await openDropdowns();
		const button = `${SORT} > summary`;
		expect(await page.getAttribute(button, "aria-controls")).toBe("gallery-dropdown-sort");
		expect(await page.getAttribute(button, "aria-expanded")).toBe("false");
		await page.click(button);
		await page.waitForFunction((button) => document.querySelector(button)?.ariaExpanded === "true", button);
		await page.click(button);
		await page.waitForFunction((button) => document.querySelector(button)?.ariaExpanded === "false", button);
		await page.context().close();
	});

	it("moves through the items with arrow keys, Home and End; Escape closes and returns focus", async () => {
		const page = await openDropdowns();
		await page.focus(`${SORT} > summary`);
		await page.keyboard.press("ArrowDown");
		expect(await isOpen(page, SORT)).toBe(true);
		expect(await focusedText(page)).toBe("Podle města");
		await page.keyboard.press("ArrowDown");
		expect(await focusedText(page)).toBe("Podle názvu");
		await page.keyboard.press("End");
		expect(await focusedText(page)).toBe("Nejdéle otevřené");
		await page.keyboard.press("ArrowDown");
		expect(await focusedText(page)).toBe("Podle města");
		await page.keyboard.press("ArrowUp");
		expect(await focusedText(page)).toBe("Nejdéle otevřené");
		await page.keyboard.press("Home");
		expect(await focusedText(page)).toBe("Podle města");
		await page.keyboard.press("Escape");
		expect(await isOpen(page, SORT)).toBe(false);
		expect(await focusedText(page)).toBe("Řadit prodejny");
		// ArrowUp opens at the last item; Enter and Space toggle as on any button.
		await page.keyboard.press("ArrowUp");
		expect(await focusedText(page)).toBe("Nejdéle otevřené");
		await page.keyboard.press("Escape");
		await page.keyboard.press("Enter");
		expect(await isOpen(page, SORT)).toBe(true);
		await page.context().close();
	});

	it("closes on a click outside and when focus leaves it", async () => {
		const page = await openDropdowns();
		await page.click(`${LANGUAGE} > summary`);
		expect(await isOpen(page, LANGUAGE)).toBe(true);
		await page.click("h1");
		expect(await isOpen(page, LANGUAGE)).toBe(false);

		await page.focus(`${LANGUAGE} > summary`);
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("Tab");
		await page.keyboard.press("Tab");
		expect(await isOpen(page, LANGUAGE)).toBe(false);
		await page.context().close();
	});

	it("has no axe violations, closed and open", async () => {
		const page = await openDropdowns();
		expect(await axe(page, "#gallery-dropdown")).toEqual([]);
		await page.click(`${LANGUAGE} > summary`);
		expect(await axe(page, "#gallery-dropdown")).toEqual([]);
		await page.click(`${SORT} > summary`);
		expect(await isOpen(page, LANGUAGE)).toBe(false);
		expect(await axe(page, "#gallery-dropdown")).toEqual([]);
		await page.context().close();
	});

	it("opens without JavaScript (details) and its select variant is a native select", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/_components`);
		await page.click(`${LANGUAGE} > summary`);
		expect(await page.isVisible("#gallery-dropdown-language a >> nth=1")).toBe(true);
		await page.selectOption("#gallery-dropdown-region", "plzensky");
		expect(await page.inputValue("#gallery-dropdown-region")).toBe("plzensky");
		await context.close();
	});

	it("works when inserted later and leaves nothing behind when removed, even when open", async () => {
		const page = await openDropdowns();
		const html = await serverHtml(page, SORT);
		await removeAndWait(page, SORT, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.focus(`${copy} > summary`);
		await page.keyboard.press("ArrowDown");
		expect(await focusedText(page)).toBe("Podle města");
		// Open: the outside-click listener on document exists and must go with the component.
		expect(await globalListenerCount(page)).toBeGreaterThan(before);
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});
