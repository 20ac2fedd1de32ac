import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("lazy images", () => {
	it("load near the viewport, go is-lazy → is-lazy-loading → is-lazy-loaded, and shift nothing", async () => {
		const { page, requests } = await openPage(browser);
		await page.addInitScript(() => {
			const classes: string[] = [];
			(window as unknown as { farClasses: string[] }).farClasses = classes;
			new MutationObserver(() => {
				const far = document.querySelector("img.far");
				const state = far?.className.replace("far", "").trim();
				if (state && classes.at(-1) !== state) classes.push(state);
			}).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ["class"] });
			(window as unknown as { shifts: number }).shifts = 0;
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries())
					(window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
			}).observe({ type: "layout-shift", buffered: true });
		});
		await page.setViewportSize({ width: 1000, height: 700 });
		await page.goto(`${origin()}/_fixtures/page/lazy`);
		await page.waitForFunction(() =>
			document.querySelector("img:not(.far)")?.classList.contains("is-lazy-loaded"),
		);
		expect(requests.filter((url) => url.includes("image.svg?far"))).toEqual([]);
		expect(await page.$eval("img.far", (image) => image.getBoundingClientRect().height)).toBe(200);

		await page.$eval("img.far", (image) => image.scrollIntoView());
		await page.waitForFunction(() => document.querySelector("img.far")?.classList.contains("is-lazy-loaded"));
		expect(await page.evaluate(() => (window as unknown as { farClasses: string[] }).farClasses)).toEqual([
			"is-lazy",
			"is-lazy-loading",
			"is-lazy-loaded",
		]);
		expect(
			await page.$eval("img.far", (image) => [
				(image as HTMLImageElement).naturalWidth,
				image.getBoundingClientRect().height,
			]),
		).toEqual([400, 200]);
		expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
		await page.context().close();
	});

	it("load when inserted later, as ajax snippets are", async () => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}/_fixtures/page/lazy`);
		await page.evaluate(() => {
			document
				.querySelector("h1")!
				.insertAdjacentHTML(
					"afterend",
					'<p><img class="late" data-src="/_fixtures/page/image.svg?late" width="400" height="200" alt="Late"></p>',
				);
		});
		await page.waitForFunction(() =>
			document.querySelector("img.late")?.classList.contains("is-lazy-loaded"),
		);
		await page.context().close();
	});

	it("show through <noscript> without JavaScript", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/_fixtures/page/lazy`);
		await page.waitForFunction(() => {
			const image = document.querySelector<HTMLImageElement>("noscript + img, img[src*='image.svg?near']");
			return image?.complete && image.naturalWidth === 400;
		});
		const visible = await page.$$eval("img", (images) =>
			images.map((image) => [
				image.dataset.src ?? image.getAttribute("src"),
				getComputedStyle(image).display,
			]),
		);
		expect(visible).toEqual([
			["/_fixtures/page/image.svg?near", "none"],
			["/_fixtures/page/image.svg?near", "inline"],
			["/_fixtures/page/image.svg?far", "none"],
			["/_fixtures/page/image.svg?far", "inline"],
		]);
		await context.close();
	});
});
