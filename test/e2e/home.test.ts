import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("home page", () => {
	it.each([
		["/", "cs", "Poukázka 150 Kč na péči Lumen", "Časté otázky"],
		["/en", "en", "A 150 CZK voucher for Lumen skincare", "Frequently asked questions"],
	])(
		"%s tells the campaign in its language, with no React and nothing for axe",
		async (path, lang, title, faq) => {
			const { page, messages, requests } = await openPage(browser);
			await page.goto(`${origin()}${path}`);
			expect(await page.getAttribute("html", "lang")).toBe(lang);
			expect(await page.locator("h1").textContent()).toBe(title);
			expect(await page.locator("#faq-title").textContent()).toBe(faq);
			expect(await page.locator(".steps__item").count()).toBe(3);
			expect(await page.locator(".advantage").count()).toBe(5);
			await page.waitForSelector(".carousel.is-ready, .carousel [aria-live]");
			await page.waitForLoadState("networkidle");
			expect(requests.filter((url) => /react/i.test(url))).toEqual([]);
			// Scroll through the page so that every part that reveals itself on scroll is shown to axe, and
			// let the reveals finish: contrast is judged on what the reader ends up seeing.
			await page.evaluate(async () => {
				for (let y = 0; y < document.body.scrollHeight; y += 400) {
					scrollTo(0, y);
					await new Promise((resolve) => setTimeout(resolve, 50));
				}
			});
			await page.waitForFunction(() =>
				[...document.querySelectorAll(".intersection-group > *")].every(
					(child) => child.getAnimations().length === 0 && getComputedStyle(child).opacity === "1",
				),
			);
			expect(await axe(page)).toEqual([]);
			expect(
				messages.filter((message) => message.startsWith("error") || message.startsWith("pageerror")),
			).toEqual([]);
			await page.context().close();
		},
	);

	it("answers questions with the keyboard alone, one at a time", async () => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}/`);
		const first = page.locator("#faq-who summary");
		await first.focus();
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>("#faq-who")?.open);
		expect(await page.locator("#faq-who").textContent()).toContain("alespoň 18 let");
		await page.keyboard.press("Tab");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>("#faq-how-many")?.open);
		await page.waitForFunction(() => !document.querySelector<HTMLDetailsElement>("#faq-who")?.open);
		await page.context().close();
	});

	it("takes the visitor to registration and to the steps", async () => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}/en`);
		await waitForRuntime(page);
		expect(await page.getAttribute(".hero .button--primary", "href")).toBe("/en/register");
		await page.click(".hero a[href='#steps']");
		await page.waitForFunction(() => location.hash === "#steps");
		await page.waitForFunction(() => {
			const top = document.querySelector("#steps")?.getBoundingClientRect().top ?? 999;
			return Math.abs(top - 20) < 80;
		});
		await page.context().close();
	});
});
