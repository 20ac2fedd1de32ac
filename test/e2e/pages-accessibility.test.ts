import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin, tabTo, waitForRuntime } from "../helpers/browser";
import { recordConnectedComponents, waitForSettled } from "../helpers/components";
import { seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

/**
 * Opens a page for a keyboard journey once every component on it has connected: before their chunks
 * arrive, Enter follows an opener's link and Alt+ArrowDown does nothing, as without JavaScript, and on
 * a busy machine the chunks came after the first key.
 */
async function openForKeyboard(page: Page, url: string): Promise<void> {
	await recordConnectedComponents(page);
	await page.goto(url);
	await waitForRuntime(page);
	await waitForSettled(page);
}

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
	// Opened in a browser that did not register (no signup cookie): the page without the address and buttons.
	["/register/sent", "cs", 200],
	["/en/register/sent", "en", 200],
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

describe("error pages", () => {
	it.each([
		["cs", ""],
		["en", "/en"],
	])("a refused cross-site form (403) and a server error (500) pass axe (%s)", async (lang, prefix) => {
		const { page } = await openPage(browser);
		// Another site's form, posting to this one.
		await page.setContent(
			`<form method="post" action="${origin()}${prefix}/register"><input name="name" value="x"><button>Send</button></form>`,
		);
		const [refused] = await Promise.all([page.waitForNavigation(), page.click("button")]);
		expect(refused?.status()).toBe(403);
		const server = await openPage(browser);
		const failed = await server.page.goto(`${origin()}${prefix}/_fixtures/ajax/throw`);
		expect(failed?.status()).toBe(500);
		for (const shown of [page, server.page]) {
			expect(await shown.getAttribute("html", "lang")).toBe(lang);
			expect(await shown.locator("h1").count()).toBe(1);
			expect(await shown.content()).not.toContain("secret internals");
			expect(await axe(shown)).toEqual([]);
			await shown.context().close();
		}
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

	it("an issued voucher is copied and shown at the till with the keyboard alone; axe finds nothing in either", async () => {
		const link = await voucherLink({});
		const { page, messages } = await openPage(browser);
		await page
			.context()
			.grantPermissions(["clipboard-read", "clipboard-write"], { origin: staff.server.origin });
		await openForKeyboard(page, staff.url(`/en${link}`));
		const code = await page.locator(".voucher__code").textContent();
		await tabTo(page, ".voucher__copy");
		await page.keyboard.press("Enter");
		await expect.poll(() => page.locator(".voucher__feedback").textContent()).not.toBe("");
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

		await tabTo(page, ".voucher__till-opener");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDialogElement>(".voucher__till")?.open);
		expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("voucher-till");
		expect(await page.locator(".voucher__till-code").textContent()).toBe(code);
		// Everything fits: no scrolling body to stop at on the way round the dialog.
		expect(await page.getAttribute("#voucher-till .modal__body", "tabindex")).toBe(null);
		expect(await axe(page)).toEqual([]);
		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>(".voucher__till")?.open);
		expect(
			await page.evaluate(() => document.activeElement?.classList.contains("voucher__till-opener")),
		).toBe(true);
		expect(await axe(page)).toEqual([]);
		expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
		await page.context().close();
	});

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

describe("the home page on a phone, with the keyboard alone", () => {
	const OPENER = "#navigation .navigation-opener";

	it("opens and closes the menu, moves the carousel and opens a question; axe finds nothing in each state", async () => {
		const { page, messages } = await openPage(browser);
		await page.setViewportSize({ width: 375, height: 740 });
		await page.goto(`${origin()}/en`);
		// Connected: the opener has become a button, the carousel is ready.
		await page.waitForFunction((opener) => document.querySelector(opener)?.role === "button", OPENER);
		await page.waitForSelector(".carousel.is-ready");

		await tabTo(page, OPENER);
		await page.keyboard.press("Enter");
		await expect.poll(() => page.getAttribute(OPENER, "aria-expanded")).toBe("true");
		expect(await page.evaluate(() => document.activeElement?.closest("#navigation-panel") !== null)).toBe(
			true,
		);
		expect(await axe(page, "header")).toEqual([]);
		await page.keyboard.press("Escape");
		await expect.poll(() => page.getAttribute(OPENER, "aria-expanded")).toBe("false");
		expect(await page.evaluate((opener) => document.activeElement?.matches(opener), OPENER)).toBe(true);

		await tabTo(page, ".carousel__track");
		await page.keyboard.press("ArrowRight");
		await expect.poll(() => page.locator(".carousel__status").textContent()).toBe("Benefit 2 of 5");
		await page.keyboard.press("End");
		await expect.poll(() => page.locator(".carousel__status").textContent()).toBe("Benefit 5 of 5");
		expect(await axe(page, ".carousel")).toEqual([]);

		await tabTo(page, "#faq-who summary");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>("#faq-who")?.open);
		// Revealed on scroll: judged once it has finished showing, as the reader sees it.
		await page.waitForFunction(() =>
			[...document.querySelectorAll("#faq-who, #faq-who *")].every(
				(element) => element.getAnimations().length === 0,
			),
		);
		expect(await axe(page, "#faq-who")).toEqual([]);
		expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
		await page.context().close();
	});
});

describe("registration with the keyboard alone", () => {
	it("reads the terms in a dialog and picks a date in the calendar; axe finds nothing with either open", async () => {
		const { page, messages } = await openPage(browser);
		await openForKeyboard(page, `${origin()}/en/register`);

		await tabTo(page, ".register-form__terms-link .modal-opener");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDialogElement>("#terms-modal")?.open);
		// Loaded from /terms: the dialog shows the whole terms, with the focus inside it.
		await expect.poll(() => page.locator("#terms-modal .modal__body").textContent()).toContain("150 CZK");
		expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("terms-modal");
		expect(await axe(page)).toEqual([]);
		// The terms are longer than the screen: Tab reaches them and the arrow keys scroll them.
		await page.keyboard.press("Tab");
		await page.keyboard.press("Tab");
		expect(await page.evaluate(() => document.activeElement?.className)).toBe("modal__body");
		expect(await page.getAttribute("#terms-modal .modal__body", "role")).toBe("region");
		expect(await page.getAttribute("#terms-modal .modal__body", "aria-labelledby")).toBe("terms-modal-title");
		await page.keyboard.press("PageDown");
		await expect
			.poll(() => page.$eval("#terms-modal .modal__body", (body) => body.scrollTop))
			.toBeGreaterThan(0);
		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.querySelector<HTMLDialogElement>("#terms-modal")?.open);
		expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
			"terms-modal",
		);

		await tabTo(page, "#frm-register-birthDate");
		await page.keyboard.press("Alt+ArrowDown");
		await page.waitForFunction(() => document.activeElement?.classList.contains("rdp-day_button"));
		expect(await axe(page)).toEqual([]);
		await page.keyboard.press("Enter");
		await expect.poll(() => page.inputValue("#frm-register-birthDate")).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-register-birthDate");
		expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
		await page.context().close();
	});
});

describe("store finder with the keyboard alone", () => {
	it("filters by a typed town, loads more stores and reaches the new ones", async () => {
		const { page, messages } = await openPage(browser);
		await openForKeyboard(page, `${origin()}/en/stores`);
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
