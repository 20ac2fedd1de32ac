import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Pages whose own suites do not already run axe on them. */
describe.each([
	["/no-such-page", "cs", 404],
	["/en/no-such-page", "en", 404],
	["/terms", "cs", 200],
	["/en/terms", "en", 200],
	["/register/again", "cs", 200],
	["/en/register/again", "en", 200],
])("%s", (path, lang, status) => {
	it(`answers ${status} in ${lang} and passes axe`, async () => {
		const { page } = await openPage(browser);
		const response = await page.goto(`${origin()}${path}`);
		expect(response?.status()).toBe(status);
		expect(await page.getAttribute("html", "lang")).toBe(lang);
		expect(await page.locator("h1").count()).toBe(1);
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});
});

describe("staff sign-in", () => {
	it.each(["/staff/login", "/en/staff/login"])("%s refuses wrong credentials accessibly", async (path) => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}${path}`);
		await page.fill("#frm-staffLogin-email", "nobody@lumen.example");
		await page.fill("#frm-staffLogin-password", "not the password");
		await page.locator("#frm-staffLogin-password").press("Enter");
		await page.waitForSelector("[role=alert]");
		expect(await page.locator("#frm-staffLogin-email").inputValue()).toBe("nobody@lumen.example");
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});
});

describe("small screens", () => {
	it("no public page is wider than a 320 px screen, in either language", async () => {
		const sitemap = await (await fetch(`${origin()}/sitemap.xml`)).text();
		const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
		expect(paths.length).toBeGreaterThanOrEqual(8);
		const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
		const page = await context.newPage();
		for (const path of paths) {
			await page.goto(`${origin()}${path}`);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			// Negative when the scrollbar gutter is reserved; positive is a page that scrolls sideways.
			expect(overflow, path).toBeLessThanOrEqual(0);
		}
		await context.close();
	});
});
