/**
 * The staff area in Chromium: a cashier signs in and redeems a voucher with the keyboard alone, a second
 * redemption is refused with its reason, today's list shows it; no axe-core violations in cs and en.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

let browser: Browser;
let staff: StaffServer;
let cashier: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	const storeId = await seedStore(staff.database.db);
	cashier = await seedStaff(staff.database.db, { role: "staff", storeId });
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

/** Presses Tab until the element matching the selector has focus (a keyboard user's way there). */
async function tabTo(page: Page, selector: string): Promise<void> {
	for (let presses = 0; presses < 30; presses++) {
		if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, selector))
			return;
		await page.keyboard.press("Tab");
	}
	throw new Error(`Tab never reached ${selector}`);
}

async function signInWithKeyboard(page: Page, path = "/staff/login"): Promise<void> {
	await page.goto(staff.url(path));
	await tabTo(page, "#frm-staffLogin-email");
	await page.keyboard.type(cashier.email);
	await page.keyboard.press("Tab");
	await page.keyboard.type(cashier.password);
	await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
}

describe("redeeming at the till", () => {
	it("signs in, redeems with the keyboard, and a second redemption is refused with when and where", async () => {
		const code = await seedVoucher(staff.database.db);
		const { page, messages } = await openPage(browser);
		await page.goto(staff.url("/staff/login"));
		expect(await axe(page)).toEqual([]);
		await signInWithKeyboard(page);
		await tabTo(page, "#frm-redeem-code");
		await page.keyboard.type(code);
		await page.keyboard.press("Enter");
		const outcome = page.locator(".staff-outcome");
		await expect
			.poll(() => outcome.textContent())
			.toBe(`Poukázka ${code} je uplatněna. Odečtěte zákazníkovi 150 Kč.`);
		expect(await page.locator(".staff-today__code").allTextContents()).toEqual([code]);
		// The answer came by ajax: still the same page, the field empty and focused for the next customer.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-redeem-code");
		expect(await page.inputValue("#frm-redeem-code")).toBe("");
		expect(await axe(page)).toEqual([]);

		await page.keyboard.type(code);
		await page.keyboard.press("Enter");
		await expect.poll(() => outcome.getAttribute("class")).toContain("staff-outcome--already-redeemed");
		const refusal = await outcome.textContent();
		expect(refusal).toContain(`Poukázka ${code} už byla uplatněna`);
		expect(refusal).toContain("prodejna: Drogerie Lumen Brno, Masarykova, vyřídil(a): Petr Pokladní.");
		expect(await outcome.getAttribute("role")).toBe("alert");
		expect(await axe(page)).toEqual([]);
		expect(messages).toEqual([]);
		await page.context().close();
	});

	it("tells a mistyped check digit apart from an unknown voucher, in English too", async () => {
		const { page } = await openPage(browser);
		await signInWithKeyboard(page, "/en/staff/login");
		expect(page.url()).toBe(staff.url("/en/staff"));
		await page.fill("#frm-redeem-code", "4006381333932");
		await page.keyboard.press("Enter");
		await expect
			.poll(() => page.locator("#frm-redeem-code-error").textContent())
			.toBe(
				"This code is not valid: its last digit does not match. Check that the digits are typed correctly.",
			);
		expect(await axe(page)).toEqual([]);
		await page.fill("#frm-redeem-code", "4006381333931");
		await page.keyboard.press("Enter");
		await expect
			.poll(() => page.locator(".staff-outcome").textContent())
			.toBe("There is no voucher with the code 4006381333931. Check the digits.");
		expect(await axe(page)).toEqual([]);
		// No camera API in headless Chromium: the scanner stays hidden.
		expect(await page.locator(".barcode-scanner").isHidden()).toBe(true);
		await page.goto(staff.url("/en/staff/login"));
		expect(page.url()).toBe(staff.url("/en/staff"));
		await page.context().close();
	});

	it("shows the refusal of a redemption over the rate limit, not a generic failure", async () => {
		const { page } = await openPage(browser);
		await signInWithKeyboard(page);
		// The limit's 60 attempts a minute, spent with the page's session cookie.
		for (let attempt = 0; attempt < 60; attempt++) {
			const response = await page.context().request.post(staff.url("/staff"), {
				form: { code: "1", redeem: "" },
				headers: { "x-requested-with": "XMLHttpRequest" },
			});
			expect(response.status()).toBe(200);
		}
		await page.fill("#frm-redeem-code", await seedVoucher(staff.database.db));
		await page.keyboard.press("Enter");
		await expect
			.poll(() => page.locator(".staff-outcome").textContent(), { timeout: 15_000 })
			.toBe("Příliš mnoho pokusů. Zkuste to znovu za chvíli.");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		await page.context().close();
	});

	it("takes a user whose session ended to the sign-in page in their language, and back after it", async () => {
		for (const prefix of ["", "/en"]) {
			const { page } = await openPage(browser);
			await signInWithKeyboard(page, `${prefix}/staff/login`);
			// The 12 hours are over.
			await staff.database.db
				.updateTable("sessions")
				.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
				.execute();
			await page.fill("#frm-redeem-code", await seedVoucher(staff.database.db));
			await Promise.all([
				page.waitForURL(staff.url(`${prefix}/staff/login?required`), { timeout: 15_000 }),
				page.keyboard.press("Enter"),
			]);
			expect(await page.locator(".staff-login__status[role=status]").textContent()).toMatch(
				/12 (hodin|hours)/,
			);
			await signInWithKeyboard(page, `${prefix}/staff/login?required`);
			expect(page.url()).toBe(staff.url(`${prefix}/staff`));
			await page.context().close();
		}
	});

	it("signs out, says so politely, and the staff page is closed again", async () => {
		for (const [prefix, signOut, signedOut] of [
			["", "Odhlásit se", "Byli jste odhlášeni."],
			["/en", "Sign out", "You have been signed out."],
		] as const) {
			const { page } = await openPage(browser);
			await signInWithKeyboard(page, `${prefix}/staff/login`);
			await Promise.all([page.waitForURL(/\/staff\/login\?signed-out$/), page.click(`text=${signOut}`)]);
			expect(page.url()).toBe(staff.url(`${prefix}/staff/login?signed-out`));
			const status = page.locator(".staff-login__status");
			expect(await status.getAttribute("role")).toBe("status");
			expect(await status.textContent()).toBe(signedOut);
			expect(await axe(page)).toEqual([]);
			await page.goto(staff.url(`${prefix}/staff`));
			expect(page.url()).toBe(staff.url(`${prefix}/staff/login?required`));
			// Sent to sign in, not signed out by them: the page says the staff page needs a sign-in.
			expect(await page.locator(".staff-login__status").textContent()).toMatch(/12 (hodin|hours)/);
			expect((await page.context().cookies()).filter((cookie) => cookie.name === "lumen_staff")).toEqual([]);
			await page.context().close();
		}
	});
});
