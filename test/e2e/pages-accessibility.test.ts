import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";
import { seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

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

describe("voucher page", () => {
	let staff: StaffServer;
	beforeAll(async () => {
		staff = await startStaffServer();
	});
	afterAll(() => staff.stop());

	/** A voucher page's link, for a voucher made straight in the database. */
	async function voucherLink(options: { validUntil?: string; redeemedAt?: string }): Promise<string> {
		const code = await seedVoucher(staff.database.db, { validUntil: options.validUntil });
		const token = randomBytes(32).toString("base64url");
		await staff.database.db
			.updateTable("vouchers")
			.set({ token, redeemed_at: options.redeemedAt ?? null })
			.where("code", "=", code)
			.execute();
		return `/voucher/${token}`;
	}

	it.each([
		["redeemed", { redeemedAt: "2025-05-02T10:15:00.000Z" }],
		["expired", { validUntil: "2024-01-31" }],
	] as const)("passes axe once %s, in both languages", async (state, options) => {
		const link = await voucherLink(options);
		for (const prefix of ["", "/en"]) {
			const { page } = await openPage(browser);
			const response = await page.goto(staff.url(`${prefix}${link}`));
			expect(response?.status()).toBe(200);
			expect(await page.locator(`.voucher--${state}`).count()).toBe(1);
			// Nothing to show at a till any more.
			expect(await page.locator(".voucher__till-barcode").count()).toBe(0);
			expect(await axe(page)).toEqual([]);
			await page.context().close();
		}
	});
});

describe("store finder with the keyboard alone", () => {
	/** Presses Tab until the element matching `selector` has focus (at most `limit` times). */
	async function tabTo(page: Page, selector: string, limit = 30): Promise<void> {
		for (let presses = 0; presses < limit; presses++) {
			await page.keyboard.press("Tab");
			if (await page.evaluate((wanted) => document.activeElement?.matches(wanted), selector)) return;
		}
		throw new Error(`${selector} never got the focus`);
	}

	it("filters by a typed town, loads more stores and reaches the new ones", async () => {
		const { page, messages } = await openPage(browser);
		await page.goto(`${origin()}/en/stores`);
		await waitForRuntime(page);
		await tabTo(page, "#frm-stores-q");
		await page.keyboard.type("Praha");
		await page.waitForFunction(() => location.search === "?region=&q=Praha");
		const cards = page.locator(".store-card");
		await expect.poll(() => page.locator(".stores__count").textContent()).toMatch(/^\d+ stores? found$/);
		const found = Number(/\d+/.exec((await page.locator(".stores__count").textContent()) ?? "")?.[0]);
		expect(found).toBeGreaterThan(20);
		expect(await cards.count()).toBe(20);
		await tabTo(page, "#stores-more");
		await page.keyboard.press("Enter");
		await expect.poll(() => cards.count()).toBe(Math.min(40, found));
		// The focus stays on "load more" (pressed again, it loads the next stores); the new ones are just
		// before it.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("stores-more");
		await page.keyboard.press("Shift+Tab");
		expect(
			await page.evaluate(
				() => document.activeElement?.closest(".store-card") === document.querySelectorAll(".store-card")[39],
			),
		).toBe(true);
		expect(await axe(page)).toEqual([]);
		expect(messages).toEqual([]);
		await page.context().close();
	});
});
