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

const MULTI = "#gallery-accordion .accordion:not([data-accordion-exclusive])";
const SINGLE = "#gallery-accordion .accordion[data-accordion-exclusive]";

async function openAccordions(hash = "", reducedMotion = false): Promise<Page> {
	const { page } = await openWithComponents(browser, `/_components${hash}`, async (page) => {
		if (reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
	});
	await waitForConnected(page, MULTI);
	await waitForConnected(page, SINGLE);
	return page;
}

const openItems = (page: Page, accordion: string) =>
	page.$$eval(`${accordion} > details`, (items) =>
		(items as HTMLDetailsElement[]).filter((item) => item.open).map((item) => item.id),
	);

describe("accordion", () => {
	it("opens and closes with an animation, by click and by keyboard", async () => {
		const page = await openAccordions();
		const item = page.locator("#faq-where");
		// A click and a look in the same task: on a slow machine the animation could be over before the
		// next round trip. Mid-animation the item is open (opening) or still open (closing).
		const clickAndLook = () =>
			item.evaluate((details) => {
				details.querySelector("summary")!.click();
				return { open: (details as HTMLDetailsElement).open, animations: details.getAnimations().length };
			});
		const settled = () =>
			page.waitForFunction(() => document.querySelector("#faq-where")!.getAnimations().length === 0);
		expect(await clickAndLook()).toEqual({ open: true, animations: 1 });
		await settled();
		expect(await clickAndLook()).toEqual({ open: true, animations: 1 });
		await page.waitForFunction(() => !(document.querySelector("#faq-where") as HTMLDetailsElement).open);
		// The keyboard does the same.
		await page.focus("#faq-where > summary");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => (document.querySelector("#faq-where") as HTMLDetailsElement).open);
		await settled();
		await page.keyboard.press(" ");
		await page.waitForFunction(() => !(document.querySelector("#faq-where") as HTMLDetailsElement).open);
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => (document.querySelector("#faq-where") as HTMLDetailsElement).open);
		expect(await openItems(page, MULTI)).toEqual(["faq-who", "faq-where"]);
		await page.context().close();
	});

	it("does not animate under reduced motion", async () => {
		const page = await openAccordions("", true);
		await page.click("#faq-valid > summary");
		expect(await page.locator("#faq-valid").evaluate((details) => details.getAnimations().length)).toBe(0);
		expect(await openItems(page, MULTI)).toContain("faq-valid");
		await page.context().close();
	});

	it("keeps at most one item open when exclusive", async () => {
		const page = await openAccordions();
		await page.click("#faq-who-single > summary");
		await page.click("#faq-valid-single > summary");
		await page.waitForFunction(
			(selector) =>
				[...document.querySelectorAll(`${selector} > details`)].every((d) => !d.getAnimations().length),
			SINGLE,
		);
		expect(await openItems(page, SINGLE)).toEqual(["faq-valid-single"]);
		// Opened by a script (as find-in-page does), the rule still holds.
		await page.evaluate(() => {
			(document.querySelector("#faq-where-single") as HTMLDetailsElement).open = true;
		});
		await page.waitForFunction(
			() => !(document.querySelector("#faq-valid-single") as HTMLDetailsElement).open,
		);
		expect(await openItems(page, SINGLE)).toEqual(["faq-where-single"]);
		await page.context().close();
	});

	it("opens the item the URL hash points to, at load and on hashchange", async () => {
		const page = await openAccordions("#faq-valid-single");
		expect(await openItems(page, SINGLE)).toEqual(["faq-valid-single"]);
		await page.evaluate(() => {
			location.hash = "#faq-where";
		});
		await page.waitForFunction(() => (document.querySelector("#faq-where") as HTMLDetailsElement).open);
		await page.context().close();
	});

	it("has no axe violations, closed and open", async () => {
		const page = await openAccordions();
		expect(await axe(page, "#gallery-accordion")).toEqual([]);
		await page.click("#faq-who-single > summary");
		await page.click("#faq-where > summary");
		expect(await axe(page, "#gallery-accordion")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later and leaves nothing behind when removed", async () => {
		const page = await openAccordions();
		const html = await serverHtml(page, SINGLE);
		await removeAndWait(page, SINGLE, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		// The native group name is taken over while connected.
		expect(await page.$$eval(`${copy} > details[name]`, (items) => items.length)).toBe(0);
		await page.click("#faq-who-single > summary");
		await page.click("#faq-where-single > summary");
		await page.waitForFunction(() => !(document.querySelector("#faq-who-single") as HTMLDetailsElement).open);
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		// ...and given back on disconnect.
		expect(
			await page.evaluate(() =>
				[...(window as unknown as { removed: Element }).removed.querySelectorAll("details")].every(
					(item) => item.getAttribute("name") === "gallery-faq",
				),
			),
		).toBe(true);
		await page.context().close();
	});
});
