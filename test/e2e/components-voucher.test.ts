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

const ISSUED = "#gallery-voucher .voucher--issued[aria-labelledby=gallery-voucher-issued-title]";
const TILL = "#gallery-voucher-issued-till";
const TILL_OPENER = "a[aria-controls=gallery-voucher-issued-till]";
const CODE = "LUMEN-4F7K-92QX";

declare global {
	interface Window {
		/** Screen wake locks taken and released, counted by the stub below. */
		wakeLocks?: { requested: number; released: number };
	}
}

/** The gallery with the issued voucher, its modal and its opener connected; `prepare` as in openWithComponents. */
async function openVouchers(prepare?: (page: Page) => Promise<void>): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", async (page) => {
		await page.emulateMedia({ reducedMotion: "reduce" });
		// A Wake Lock API that counts: headless Chromium refuses the real one.
		await page.addInitScript(() => {
			const counts = { requested: 0, released: 0 };
			window.wakeLocks = counts;
			Object.defineProperty(Navigator.prototype, "wakeLock", {
				get: () => ({
					request: async () => {
						counts.requested++;
						const sentinel = Object.assign(new EventTarget(), {
							released: false,
							release: async () => {
								if (!sentinel.released) counts.released++;
								sentinel.released = true;
							},
						});
						return sentinel;
					},
				}),
			});
		});
		await prepare?.(page);
	});
	for (const selector of [ISSUED, TILL, TILL_OPENER]) await waitForConnected(page, selector);
	return page;
}

const feedback = (page: Page) => page.textContent(`${ISSUED} .voucher__feedback`);
const tillOpen = (page: Page) => page.$eval(TILL, (dialog) => (dialog as HTMLDialogElement).open);

describe("voucher", () => {
	it("shows each state with its dates, in Czech and in English", async () => {
		const { page } = await openWithComponents(browser, "/_components");
		const card = (id: string) =>
			page.$eval(`[aria-labelledby=gallery-voucher-${id}-title]`, (card) => ({
				status: card.querySelector(".voucher__status")!.textContent,
				when: card.querySelector(".voucher__when")!.textContent,
				barcode: card.querySelector(".barcode") !== null,
				copy: card.querySelector(".voucher__copy") !== null,
				till: card.querySelector(".modal-opener") !== null,
			}));
		expect(await card("issued")).toEqual({
			status: "Platná",
			when: "Platí do 21. 1. 2027",
			barcode: true,
			copy: true,
			till: true,
		});
		expect(await card("redeemed")).toEqual({
			status: "Uplatněná",
			when: "Uplatněna 3. 12. 2026 v 14:05",
			barcode: false,
			copy: false,
			till: false,
		});
		expect(await card("expired")).toEqual({
			status: "Propadlá",
			when: "Platila do 14. 3. 2026",
			barcode: false,
			copy: false,
			till: false,
		});
		expect(await card("en")).toMatchObject({ status: "Valid", when: "Valid until Jan 21, 2027" });
		expect(await page.getAttribute("[aria-labelledby=gallery-voucher-issued-title] time", "datetime")).toBe(
			"2027-01-21",
		);
		await page.context().close();
	});

	it("copies the code by click and by keyboard, and says so politely", async () => {
		const page = await openVouchers((page) =>
			page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() }),
		);
		expect(await page.getAttribute(`${ISSUED} .voucher__feedback`, "role")).toBe("status");
		await page.click(`${ISSUED} .voucher__copy`);
		await page.waitForFunction(
			(selector) => document.querySelector(selector)!.textContent !== "",
			`${ISSUED} .voucher__feedback`,
		);
		expect(await feedback(page)).toBe("Kód je zkopírovaný.");
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
		await page.focus(`${ISSUED} .voucher__copy`);
		for (const key of ["Enter", " "]) {
			await page.evaluate(() => navigator.clipboard.writeText(""));
			await page.keyboard.press(key);
			await page.waitForFunction(() => navigator.clipboard.readText().then((text) => text !== ""));
			expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
		}
		await page.context().close();
	});

	it("selects the code when it cannot copy it, and says so", async () => {
		const page = await openVouchers(async (page) => {
			await page.addInitScript(() => {
				Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
				document.execCommand = () => false;
			});
		});
		await page.click(`${ISSUED} .voucher__copy`);
		await page.waitForFunction(
			(selector) => document.querySelector(selector)!.textContent !== "",
			`${ISSUED} .voucher__feedback`,
		);
		expect(await feedback(page)).toBe("Kód je označený, zkopírujte ho prosím ručně.");
		expect(await page.evaluate(() => getSelection()?.toString())).toBe(CODE);
		await page.context().close();
	});

	it("shows the barcode large at the till, keeps the screen awake meanwhile and gives focus back", async () => {
		const page = await openVouchers();
		await page.focus(TILL_OPENER);
		await page.keyboard.press("Enter");
		expect(await tillOpen(page)).toBe(true);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("gallery-voucher-issued-till-title");
		const till = await page.$eval(TILL, (dialog) => ({
			size: [dialog.clientWidth, dialog.clientHeight],
			viewport: [document.documentElement.clientWidth, innerHeight],
			bars: dialog.querySelector(".voucher__till-barcode svg")!.getBoundingClientRect().width,
			code: dialog.querySelector(".voucher__till-code")!.textContent,
			codeSize: Number.parseFloat(getComputedStyle(dialog.querySelector(".voucher__till-code")!).fontSize),
		}));
		expect(till.size[1]).toBe(till.viewport[1]);
		expect(till.bars).toBeGreaterThan(600);
		expect(till.code).toBe(CODE);
		expect(till.codeSize).toBeGreaterThanOrEqual(28);
		expect(await page.evaluate(() => window.wakeLocks)).toEqual({ requested: 1, released: 0 });
		await page.keyboard.press("Escape");
		expect(await tillOpen(page)).toBe(false);
		expect(await page.evaluate(() => window.wakeLocks)).toEqual({ requested: 1, released: 1 });
		expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
			"gallery-voucher-issued-till",
		);
		await page.context().close();
	});

	it("has no axe violations in any state, nor with the till view open", async () => {
		const page = await openVouchers();
		expect(await axe(page, "#gallery-voucher")).toEqual([]);
		await page.click(TILL_OPENER);
		expect(await axe(page, TILL)).toEqual([]);
		await page.context().close();
	});

	it("without JavaScript: the code shows, and 'show at till' leads to the barcode", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/_components`);
		expect(await page.textContent(`${ISSUED} .voucher__code`)).toBe(CODE);
		expect(await page.isVisible(`${ISSUED} .voucher__copy`)).toBe(false);
		expect(await page.getAttribute(TILL_OPENER, "href")).toBe("#gallery-voucher-issued-barcode");
		expect(await page.isVisible("#gallery-voucher-issued-barcode svg")).toBe(true);
		await context.close();
	});

	it("works when inserted later and leaves nothing behind when removed, even with the till view open", async () => {
		const page = await openVouchers((page) =>
			page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() }),
		);
		const html = await serverHtml(page, ISSUED);
		await removeAndWait(page, ISSUED, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await waitForConnected(page, TILL);
		await waitForConnected(page, TILL_OPENER);
		await page.click(`${copy} .voucher__copy`);
		await page.waitForFunction(() => navigator.clipboard.readText().then((text) => text !== ""));
		await page.click(TILL_OPENER);
		expect(await tillOpen(page)).toBe(true);
		expect(await page.$eval(`${TILL} .voucher__till-barcode`, (image) => image.children.length)).toBe(1);
		await removeAndWait(page, copy);
		expect(await page.evaluate(() => window.wakeLocks)).toEqual({ requested: 1, released: 1 });
		expect(await page.evaluate(() => document.documentElement.classList.contains("is-scroll-locked"))).toBe(
			false,
		);
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});
