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
import { topOf, waitForScrollEnd } from "../helpers/page-runtime";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** A long page with the page behaviours on: the header's `page`, the smooth scroll container, a link. */
const LONG = "/_fixtures/page/smooth";

/** `prepare` runs before navigation (the clock). */
async function openLong(prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
	const { page } = await openWithComponents(browser, LONG, prepare);
	await page.setViewportSize({ width: 1200, height: 800 });
	for (const selector of ["header.site-header", ".scroll-container", "a[data-component='smooth-scroll']"])
		await waitForConnected(page, selector);
	return page;
}

/** The value the page component set on the root, "" if none. */
const headerHeight = (page: Page) =>
	page.evaluate(() => document.documentElement.style.getPropertyValue("--header-height"));
/** The value in effect, set or from the stylesheet (a registered length, so in px). */
const effectiveHeaderHeight = (page: Page) =>
	page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--header-height"));
const heightOf = (page: Page, selector: string) =>
	page.$eval(selector, (header) => header.getBoundingClientRect().height);
const smoothScrolling = (page: Page) =>
	page.evaluate(() => document.documentElement.classList.contains("has-smooth-scroll"));
/** Waits two animation frames: what observers and scroll handlers would do has been done by then. */
const frames = (page: Page) =>
	page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
/** The types of the event listeners on the object `expression` evaluates to, through the DevTools protocol. */
async function listenerTypes(page: Page, expression: string): Promise<string[]> {
	const session = await page.context().newCDPSession(page);
	const { result } = await session.send("Runtime.evaluate", { expression });
	const { listeners } = await session.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
	await session.detach();
	return listeners.map((listener) => listener.type).sort();
}
const instantScroll = (page: Page, top: number) =>
	page.evaluate((top) => scrollTo({ top, behavior: "instant" }), top);

describe("page, inserted later and removed", () => {
	it("publishes the inserted header's height and scrolled state, and takes both back when removed", async () => {
		const page = await openLong();
		await frames(page); // its ResizeObserver's first report
		// A header of the stylesheet's height sets nothing: an inherited property set on the root would
		// restyle every element of the page.
		expect(await headerHeight(page)).toBe("");
		expect(await effectiveHeaderHeight(page)).toBe(`${await heightOf(page, "header.site-header")}px`);
		const html = await serverHtml(page, "header.site-header");
		await removeAndWait(page, "header.site-header", "original");
		expect(await headerHeight(page)).toBe("");
		const before = await globalListenerCount(page);

		const copy = await insertSnippet(page, html);
		const height = await heightOf(page, copy);
		// Its ResizeObserver follows the header's size, taller and back.
		const setMinHeight = (value: string) =>
			page.$eval(
				copy,
				(header, value) => {
					(header as HTMLElement).style.minHeight = value;
				},
				value,
			);
		await setMinHeight(`${height + 40}px`);
		await page.waitForFunction(
			(height) =>
				Number.parseFloat(document.documentElement.style.getPropertyValue("--header-height")) > height + 30,
			height,
		);
		await setMinHeight("");
		await expect.poll(() => effectiveHeaderHeight(page)).toBe(`${height}px`);
		expect(await heightOf(page, copy)).toBe(height);
		await instantScroll(page, 300);
		await page.waitForFunction(
			(copy) => document.querySelector(copy)!.classList.contains("is-scrolled"),
			copy,
		);
		await instantScroll(page, 0);
		await page.waitForFunction(
			(copy) => !document.querySelector(copy)!.classList.contains("is-scrolled"),
			copy,
		);
		await instantScroll(page, 300);
		await page.waitForFunction(
			(copy) => document.querySelector(copy)!.classList.contains("is-scrolled"),
			copy,
		);

		await removeAndWait(page, copy);
		expect(await headerHeight(page)).toBe("");
		const removedScrolled = () =>
			page.evaluate(() =>
				(window as unknown as { removed: Element }).removed.classList.contains("is-scrolled"),
			);
		expect(await removedScrolled()).toBe(false);
		// Neither the scroll listener nor the observer acts any more.
		await instantScroll(page, 0);
		await instantScroll(page, 200);
		await frames(page);
		expect(await removedScrolled()).toBe(false);
		expect(await headerHeight(page)).toBe("");
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});

describe("scroll-container, inserted later and removed", () => {
	it("smooths the wheel with its drawn scrollbar, and gives native scrolling back when removed", async () => {
		const page = await openLong((page) => page.clock.install());
		const html = await serverHtml(page, ".scroll-container");
		await removeAndWait(page, ".scroll-container", "original");
		expect(await smoothScrolling(page)).toBe(false);
		expect(await page.$$eval(".scrollbar", (bars) => bars.length)).toBe(0);
		const before = await globalListenerCount(page);

		// The container holds <main>, so the copy goes to the end of <body>, as innerHTML puts a snippet.
		await page.evaluate((html) => {
			const holder = document.createElement("div");
			holder.id = "snippet--late";
			document.body.append(holder);
			holder.innerHTML = html;
		}, html);
		const copy = "#snippet--late > .scroll-container";
		await waitForConnected(page, copy);
		expect(await smoothScrolling(page)).toBe(true);
		expect(await page.$$eval(".scrollbar", (bars) => bars.length)).toBe(1);
		// Frames on a clock only the test moves: a busy machine's pause before the position is read cannot
		// let the whole easing pass unseen.
		await page.clock.pauseAt(Date.now() + 1000);
		await page.mouse.move(600, 700);
		await page.mouse.wheel(0, 500);
		await page.clock.runFor(100);
		const midway = await page.evaluate(() => scrollY);
		expect(midway).toBeGreaterThan(0);
		expect(midway).toBeLessThan(500);
		await page.clock.runFor(3000);
		expect(await page.evaluate(() => scrollY)).toBeCloseTo(500, 0);
		await page.clock.resume();

		await removeAndWait(page, copy);
		expect(await smoothScrolling(page)).toBe(false);
		expect(await page.$$eval(".scrollbar", (bars) => bars.length)).toBe(0);
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});

describe("smooth-scroll, inserted later and removed", () => {
	it("scrolls an inserted link's target to 20 px from the top, and leaves no listener when removed", async () => {
		const page = await openLong();
		const link = "a[data-component='smooth-scroll']";
		const html = await serverHtml(page, link);
		await removeAndWait(page, link, "original");
		const before = await globalListenerCount(page);

		const copy = await insertSnippet(page, html);
		await page.click(copy);
		await waitForScrollEnd(page);
		expect(Math.abs((await topOf(page, "#far")) - 20)).toBeLessThanOrEqual(1);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("far");
		expect(new URL(page.url()).hash).toBe("#far");

		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		// Its click handler went with it: the removed link is a plain fragment link again.
		expect(await listenerTypes(page, "window.removed")).toEqual([]);
		await page.context().close();
	});
});

describe("gallery states of page, scroll-container and smooth-scroll", () => {
	it("have no axe violations", async () => {
		const { page } = await openWithComponents(browser, "/_components");
		await waitForConnected(page, "#gallery-smooth-scroll a[data-component='smooth-scroll']");
		for (const section of ["#gallery-page", "#gallery-scroll-container", "#gallery-smooth-scroll"])
			expect(await axe(page, section)).toEqual([]);
		await page.context().close();
	});
});
