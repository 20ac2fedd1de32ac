/**
 * The staff area in Chromium: a cashier signs in and redeems a voucher with the keyboard alone, a second
 * redemption is refused with its reason, today's list shows it; no axe-core violations in cs and en.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, tabTo, waitForRuntime } from "../helpers/browser";
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

/** When the voucher was redeemed, as stored (null: never). */
async function redeemedAt(code: string): Promise<string | null> {
	const voucher = await staff.database.db
		.selectFrom("vouchers")
		.select("redeemed_at")
		.where("code", "=", code)
		.executeTakeFirstOrThrow();
	return voucher.redeemed_at;
}

async function signInWithKeyboard(page: Page, path = "/staff/login", account = cashier): Promise<void> {
	await page.goto(staff.url(path));
	await tabTo(page, "#frm-staffLogin-email");
	await page.keyboard.type(account.email);
	await page.keyboard.press("Tab");
	await page.keyboard.type(account.password);
	await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
}

describe("redeeming at the till", () => {
	it("signs in, redeems with the keyboard, and a second redemption is refused with when and where", async () => {
		const code = await seedVoucher(staff.database.db);
		const { page, messages } = await openPage(browser);
		await page.goto(staff.url("/staff/login"));
		expect(await axe(page)).toEqual([]);
		await signInWithKeyboard(page);
		await waitForRuntime(page);
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
		// Where and when, never by whom.
		expect(refusal).toMatch(/, prodejna: Drogerie Lumen Brno, Masarykova\.$/);
		expect(refusal).not.toContain("Petr Pokladní");
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

	it("refuses an expired voucher with its last day, leaves it unredeemed, in Czech and English", async () => {
		const { page, messages } = await openPage(browser);
		await signInWithKeyboard(page);
		for (const [prefix, expired] of [
			["", (code: string) => `Poukázka ${code} už neplatí: platila do 31. ledna 2020.`],
			["/en", (code: string) => `Voucher ${code} has expired: it was valid until 31 January 2020.`],
		] as const) {
			const code = await seedVoucher(staff.database.db, { validUntil: "2020-01-31" });
			await page.goto(staff.url(`${prefix}/staff`));
			// The answer is to come by ajax, so that focus stays in the field: once the runtime runs.
			await waitForRuntime(page);
			await tabTo(page, "#frm-redeem-code");
			await page.keyboard.type(code);
			await page.keyboard.press("Enter");
			const outcome = page.locator(".staff-outcome");
			await expect.poll(() => outcome.textContent()).toBe(expired(code));
			expect(await outcome.getAttribute("class")).toContain("staff-outcome--expired");
			// A refusal the cashier must not miss: an alert, like the other refusals.
			expect(await outcome.getAttribute("role")).toBe("alert");
			// Focus stays in the (replaced) field, ready for the next code.
			expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-redeem-code");
			// Today's list (the store's: the first test's redemption is in it) does not gain this one.
			expect(await page.locator(".staff-today__code").allTextContents()).not.toContain(code);
			expect(await redeemedAt(code)).toBeNull();
			expect(await axe(page)).toEqual([]);
		}
		expect(messages).toEqual([]);
		await page.context().close();
	});

	it("shows the refusal of a redemption over the rate limit, not a generic failure", async () => {
		const { page, messages } = await openPage(browser);
		// An account of its own: the limit is per account, and the other tests' redemptions count on theirs.
		const busy = await seedStaff(staff.database.db, {
			role: "staff",
			storeId: await seedStore(staff.database.db),
		});
		await signInWithKeyboard(page, "/staff/login", busy);
		// The limit's 60 attempts a minute, spent with the page's session cookie (a second: no slow test).
		for (let attempt = 0; attempt < 60; attempt++) {
			const response = await page.context().request.post(staff.url("/staff"), {
				form: { code: "1", redeem: "" },
				headers: { "x-requested-with": "XMLHttpRequest" },
			});
			expect(response.status()).toBe(200);
		}
		// The 61st, the cashier's own, from the keyboard.
		const code = await seedVoucher(staff.database.db);
		await tabTo(page, "#frm-redeem-code");
		await page.keyboard.type(code);
		await page.keyboard.press("Enter");
		const outcome = page.locator(".staff-outcome");
		await expect
			.poll(() => outcome.textContent(), { timeout: 15_000 })
			.toBe("Příliš mnoho pokusů. Zkuste to znovu za chvíli.");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		expect(await outcome.getAttribute("role")).toBe("alert");
		// Not redeemed, and the cashier can try again from where they are.
		expect(await page.locator(".staff-today__code").allTextContents()).not.toContain(code);
		expect(await redeemedAt(code)).toBeNull();
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-redeem-code");
		expect(await page.inputValue("#frm-redeem-code")).toBe(code);
		expect(await axe(page)).toEqual([]);
		// Chromium logs any 4xx answer as a failed resource; the page itself reports no error.
		expect(messages).toHaveLength(1);
		expect(messages[0]).toMatch(/^error: .*\b429\b/);
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
			await tabTo(page, ".staff-header__account button");
			expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(signOut);
			await Promise.all([page.waitForURL(/\/staff\/login\?signed-out$/), page.keyboard.press("Enter")]);
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
