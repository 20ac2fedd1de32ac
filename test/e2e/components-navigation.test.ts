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

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const NAV = "#navigation";
const OPENER = "#navigation .navigation-opener";
const PANEL = "#navigation-panel";
/** A long page with the site's layout. */
const LONG_PAGE = "/_fixtures/components-2/modal";

async function openNavigation(path = LONG_PAGE, viewport = PHONE): Promise<Page> {
	const { page } = await openWithComponents(browser, path, async (page) => {
		await page.setViewportSize(viewport);
		await page.emulateMedia({ reducedMotion: "reduce" });
	});
	await waitForConnected(page, NAV);
	await waitForConnected(page, OPENER);
	return page;
}

const expanded = (page: Page) => page.getAttribute(OPENER, "aria-expanded");
const isOpen = (page: Page) => page.$eval(NAV, (nav) => nav.classList.contains("is-open"));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const scrollLocked = (page: Page) =>
	page.evaluate(() => document.documentElement.classList.contains("is-scroll-locked"));
const inertCount = (page: Page) => page.$$eval("[inert]", (elements) => elements.length);

describe("navigation", () => {
	it("below medium: the opener is a button that shows the panel, by Enter and by Space", async () => {
		const page = await openNavigation();
		expect(
			await page.$eval(OPENER, (opener) => [
				opener.getAttribute("role"),
				opener.getAttribute("aria-controls"),
			]),
		).toEqual(["button", "navigation-panel"]);
		expect(await expanded(page)).toBe("false");
		expect(await page.isVisible(`${PANEL} a`)).toBe(false);
		await page.focus(OPENER);
		await page.keyboard.press("Enter");
		expect(await expanded(page)).toBe("true");
		expect(await page.isVisible(`${PANEL} a`)).toBe(true);
		// Focus moves to the first link.
		expect(await focusedText(page)).toBe("Kampaň");
		expect(new URL(page.url()).hash).toBe("");
		await page.focus(OPENER);
		await page.keyboard.press(" ");
		expect(await expanded(page)).toBe("false");
		expect(await isOpen(page)).toBe(false);
		await page.keyboard.press(" ");
		expect(await expanded(page)).toBe("true");
		await page.context().close();
	});

	it("closes on Escape with focus back on the opener, and keeps Tab within itself while open", async () => {
		const page = await openNavigation();
		await page.click(OPENER);
		const visited: string[] = [];
		for (let step = 0; step < 6; step++) {
			await page.keyboard.press("Tab");
			visited.push(await focusedText(page));
		}
		// Registrace, Prodejny, then round to the opener and the links again.
		expect(visited).toEqual(["Registrace", "Prodejny", "Menu", "Kampaň", "Registrace", "Prodejny"]);
		await page.keyboard.press("Shift+Tab");
		await page.keyboard.press("Shift+Tab");
		await page.keyboard.press("Shift+Tab");
		expect(await focusedText(page)).toBe("Menu");
		await page.keyboard.press("Shift+Tab");
		expect(await focusedText(page)).toBe("Prodejny");
		// The rest of the page is inert meanwhile.
		expect(await page.$eval("main", (main) => main.closest("[inert]") !== null)).toBe(true);
		await page.keyboard.press("Escape");
		expect(await isOpen(page)).toBe(false);
		expect(await expanded(page)).toBe("false");
		expect(await focusedText(page)).toBe("Menu");
		expect(await inertCount(page)).toBe(0);
		await page.context().close();
	});

	it("locks the page's scroll while open and gives it back where it was", async () => {
		const page = await openNavigation();
		await page.evaluate(() => scrollTo(0, 700));
		// Focusing the opener in the sticky header must not scroll the page either.
		await page.focus(OPENER);
		await page.keyboard.press("Enter");
		expect(await scrollLocked(page)).toBe(true);
		await page.mouse.move(10, 400);
		await page.mouse.wheel(0, 500);
		await page.waitForTimeout(200);
		expect(await page.evaluate(() => scrollY)).toBe(700);
		await page.focus(OPENER);
		await page.keyboard.press("Enter");
		expect(await scrollLocked(page)).toBe(false);
		expect(await page.evaluate(() => scrollY)).toBe(700);
		await page.context().close();
	});

	it("closes when a link is followed, on a press outside and when the window grows past medium", async () => {
		const page = await openNavigation();
		// The test keeps the page: the link's own click handling is what closes the panel.
		await page.evaluate(() => document.addEventListener("click", (event) => event.preventDefault()));
		await page.click(OPENER);
		await page.click(`${PANEL} a >> text=Prodejny`);
		expect(await isOpen(page)).toBe(false);
		expect(await scrollLocked(page)).toBe(false);

		await page.click(OPENER);
		await page.mouse.click(8, 400);
		expect(await isOpen(page)).toBe(false);
		expect(await inertCount(page)).toBe(0);

		await page.click(OPENER);
		await page.focus(OPENER);
		await page.setViewportSize(DESKTOP);
		await page.waitForFunction(() => !document.querySelector("#navigation")!.classList.contains("is-open"));
		expect(await expanded(page)).toBe("false");
		// Focus on the opener, hidden now, moved to the first link.
		expect(await focusedText(page)).toBe("Kampaň");
		expect(await scrollLocked(page)).toBe(false);
		expect(await inertCount(page)).toBe(0);
		await page.context().close();
	});

	it("at medium and up: a plain horizontal menu, no opener, the current page marked", async () => {
		const page = await openNavigation("/", DESKTOP);
		expect(await page.isVisible(OPENER)).toBe(false);
		const links = await page.$$eval(`${PANEL} .navigation__link`, (links) =>
			links.map((link) => [
				link.textContent,
				link.getBoundingClientRect().top,
				link.getAttribute("aria-current"),
			]),
		);
		expect(links.map(([text]) => text)).toEqual(["Kampaň", "Registrace", "Prodejny"]);
		expect(new Set(links.map(([, top]) => top)).size).toBe(1);
		expect(links.map(([, , current]) => current)).toEqual(["page", null, null]);
		// English pages get English labels; a page below a section marks the section.
		await page.goto(`${origin()}/en`);
		expect(await page.textContent(`${PANEL} a[aria-current=page]`)).toBe("Campaign");
		await page.goto(`${origin()}/_components`);
		expect(await page.textContent("#gallery-navigation-en-panel a[aria-current=true]")).toBe("Stores");
		await page.context().close();
	});

	it("has no axe violations, closed and open on a phone and on a desktop", async () => {
		const page = await openNavigation("/_components");
		expect(await axe(page, "header")).toEqual([]);
		await page.click(OPENER);
		expect(await axe(page, "header")).toEqual([]);
		await page.keyboard.press("Escape");
		await page.setViewportSize(DESKTOP);
		expect(await axe(page, "header")).toEqual([]);
		expect(await axe(page, "#gallery-navigation")).toEqual([]);
		await page.context().close();
	});

	it("is fully usable without JavaScript", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
		const page = await context.newPage();
		await page.goto(`${origin()}/`);
		expect(await page.isVisible(`${PANEL} a`)).toBe(false);
		expect(await page.getAttribute(OPENER, "aria-expanded")).toBe(null);
		await page.click(OPENER);
		expect(await page.isVisible(`${PANEL} a >> text=Registrace`)).toBe(true);
		await page.click(`${PANEL} .navigation__close`);
		await page.waitForSelector(`${PANEL} a`, { state: "hidden" });
		await page.setViewportSize(DESKTOP);
		expect(await page.isVisible(OPENER)).toBe(false);
		expect(await page.isVisible(`${PANEL} a >> text=Registrace`)).toBe(true);
		expect(await page.isVisible(`${PANEL} .navigation__close`)).toBe(false);
		await context.close();
	});

	it("works when inserted later and leaves nothing behind when removed, even while open", async () => {
		const page = await openNavigation();
		const html = await serverHtml(page, NAV);
		await removeAndWait(page, NAV, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await waitForConnected(page, OPENER);
		await page.click(OPENER);
		expect(await isOpen(page)).toBe(true);
		expect(await scrollLocked(page)).toBe(true);
		await removeAndWait(page, copy);
		expect(await scrollLocked(page)).toBe(false);
		expect(await inertCount(page)).toBe(0);
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});
