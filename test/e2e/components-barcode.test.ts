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

const FIRST = "#gallery-barcode .barcode:first-of-type";

declare global {
	interface Window {
		wakeLog: string[];
	}
}

/** A Wake Lock API that records requests and releases (headless Chromium refuses the real one). */
async function openBarcodes(): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", (page) =>
		page.addInitScript(() => {
			window.wakeLog = [];
			const request = async (type: string) => {
				window.wakeLog.push(`request:${type}`);
				const sentinel = Object.assign(new EventTarget(), {
					type,
					released: false,
					async release() {
						if (sentinel.released) return;
						sentinel.released = true;
						window.wakeLog.push("release");
					},
				});
				return sentinel;
			};
			Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
		}),
	);
	await waitForConnected(page, ".barcode");
	return page;
}

const wakeLog = (page: Page) => page.evaluate(() => window.wakeLog);
const dialogOpen = (page: Page) =>
	page.$eval(`${FIRST} dialog`, (dialog) => (dialog as HTMLDialogElement).open);

describe("barcode", () => {
	it("is a server-rendered SVG with the code printed below", async () => {
		const { page } = await openWithComponents(browser, "/_components");
		const html = await serverHtml(page, FIRST);
		expect(html).toMatch(/<div class="barcode__image" role="img" aria-label="Čárový kód"><svg [^>]*viewBox/);
		expect(html).toContain('<figcaption class="barcode__code">LUMEN-4F7K-92QX</figcaption>');
		await page.context().close();
	});

	it("enlarges on click, keeps the screen awake, and Escape closes it and returns focus", async () => {
		const page = await openBarcodes();
		await page.click(`${FIRST} .barcode__image`);
		expect(await dialogOpen(page)).toBe(true);
		expect(await page.evaluate(() => document.activeElement?.className)).toContain("barcode__close");
		await page.waitForFunction(() => window.wakeLog.length === 1);
		expect(
			await page.$eval(`${FIRST} .barcode__dialog-image`, (image) => image.querySelector("svg") !== null),
		).toBe(true);
		await page.keyboard.press("Escape");
		expect(await dialogOpen(page)).toBe(false);
		await page.waitForFunction(() => document.activeElement?.classList.contains("barcode__enlarge"));
		expect(await wakeLog(page)).toEqual(["request:screen", "release"]);
		await page.context().close();
	});

	it("opens with Enter on its button and closes with the close button or a tap beside the code", async () => {
		const page = await openBarcodes();
		await page.focus(`${FIRST} .barcode__enlarge`);
		await page.keyboard.press("Enter");
		expect(await dialogOpen(page)).toBe(true);
		await page.keyboard.press("Enter");
		expect(await dialogOpen(page)).toBe(false);
		expect(await page.evaluate(() => document.activeElement?.classList.contains("barcode__enlarge"))).toBe(
			true,
		);

		await page.keyboard.press("Enter");
		await page.mouse.click(5, 5);
		expect(await dialogOpen(page)).toBe(false);
		await page.waitForFunction(() => window.wakeLog.filter((entry) => entry === "release").length === 2);
		await page.context().close();
	});

	it("has no axe violations, shown and enlarged", async () => {
		const page = await openBarcodes();
		expect(await axe(page, "#gallery-barcode")).toEqual([]);
		await page.click(`${FIRST} .barcode__enlarge`);
		expect(await axe(page, "#gallery-barcode")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later, and releases the wake lock and its listeners when removed", async () => {
		const page = await openBarcodes();
		const html = await serverHtml(page, FIRST);
		await removeAndWait(page, FIRST, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.click(`${copy} .barcode__enlarge`);
		await page.waitForFunction(() => window.wakeLog.at(-1) === "request:screen");
		await removeAndWait(page, copy);
		await page.waitForFunction(() => window.wakeLog.at(-1) === "release");
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});
