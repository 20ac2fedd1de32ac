/**
 * The partner API's keys at /staff/api-keys, over HTTP and in Chromium: only admins may open it; an admin
 * creates a key with the keyboard, sees it once, and it works against the API for its stores only; revoking
 * it makes its next request a 401; both are in the audit log; the form's refusals; axe-clean in Czech
 * and English.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, tabTo, waitForRuntime } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, signInInBrowser, startStaffServer } from "./staff-support";

const BROWSER_TEST = 120_000;

let browser: Browser;
let staff: StaffServer;
let admin: SeededStaff;
let marketing: SeededStaff;
let cashier: SeededStaff;
let brno: string;
let olomouc: string;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	const { db } = staff.database;
	// Names of no catalog store, so that type-ahead in the list box finds them.
	brno = await seedStore(db, "Zahrádka Brno");
	olomouc = await seedStore(db, "Zvonek Olomouc");
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	marketing = await seedStaff(db, { role: "marketing" });
	cashier = await seedStaff(db, { role: "staff", storeId: brno });
}, 60_000);
afterAll(async () => {
	await browser?.close();
	await staff?.stop();
});

const signedIn = (account: SeededStaff, lang: "cs" | "en" = "cs") =>
	signInInBrowser(browser, staff, account, lang);

const redeem = (key: string, code: string, store: string) =>
	fetch(staff.url(`/api/v1/vouchers/${code}/redemptions`), {
		method: "POST",
		headers: {
			authorization: `Bearer ${key}`,
			"content-type": "application/json",
			"idempotency-key": crypto.randomUUID(),
		},
		body: JSON.stringify({ store }),
	});

describe("who may manage API keys", () => {
	it("refuses marketing and staff (403) and creates nothing", async () => {
		for (const account of [marketing, cashier]) {
			const cookie = await signIn(staff, account);
			expect((await fetch(staff.url("/staff/api-keys"), { headers: { cookie } })).status).toBe(403);
			const post = await fetch(staff.url("/staff/api-keys"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ name: "x", "stores[]": brno, rate: "10", create: "" }),
			});
			expect(post.status).toBe(403);
		}
		expect(await staff.database.db.selectFrom("api_keys").select("id").execute()).toEqual([]);
	});
});

describe("issuing and revoking a key", () => {
	it(
		"creates a key with the keyboard, shows it once, and it redeems at its store only",
		async () => {
			const page = await signedIn(admin);
			await page.goto(staff.url("/staff/api-keys"));
			await waitForRuntime(page);
			await tabTo(page, "#frm-apiKey-name");
			await page.keyboard.type("dm Brno pokladny");
			// The list box's type-ahead chooses the store.
			await tabTo(page, "#frm-apiKey-stores");
			await page.keyboard.type("Zahr");
			expect(await page.$eval("#frm-apiKey-stores", (select) => (select as HTMLSelectElement).value)).toBe(
				brno,
			);
			await tabTo(page, "button[name=create]");
			await Promise.all([
				page.waitForResponse((response) => response.url().endsWith("/staff/api-keys")),
				page.keyboard.press("Enter"),
			]);
			const key = await page.inputValue("#api-key-new");
			expect(key).toMatch(/^lumen_[\w-]{43}$/);
			expect(await page.textContent("[role=status]")).toContain("Zkopírujte ho teď");
			expect(await page.textContent("main table")).toContain("dm Brno pokladny");
			expect(await axe(page)).toEqual([]);

			const [stored] = await staff.database.db.selectFrom("api_keys").selectAll().execute();
			expect(stored?.key_hash).not.toContain(key);
			expect(stored?.rate_limit_per_minute).toBe(1200);
			const code = await seedVoucher(staff.database.db);
			expect((await redeem(key, code, olomouc)).status).toBe(403);
			expect((await redeem(key, code, brno)).status).toBe(201);

			// Reloading the list never shows the key again.
			await page.goto(staff.url("/staff/api-keys"));
			expect(await page.content()).not.toContain(key);

			await tabTo(page, "button[name=revoke]");
			await Promise.all([page.waitForURL(/revoked=/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe(
				`Klíč ${stored?.id} je zneplatněný: jeho další požadavek dostane 401.`,
			);
			expect(await axe(page)).toEqual([]);
			await page.close();
			const other = await seedVoucher(staff.database.db);
			expect((await redeem(key, other, brno)).status).toBe(401);

			const audit = await staff.database.db
				.selectFrom("audit_log")
				.select(["action", "actor_name", "subject_id", "after"])
				.where("action", "in", ["apikey.create", "apikey.revoke"])
				.orderBy("created_at")
				.execute();
			expect(audit.map((row) => [row.action, row.actor_name, row.subject_id])).toEqual([
				["apikey.create", "Alena Správcová", stored?.id],
				["apikey.revoke", "Alena Správcová", stored?.id],
			]);
			expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({
				name: "dm Brno pokladny",
				stores: brno,
				ratePerMinute: 1200,
			});
			expect(audit.some((row) => row.after?.includes(key))).toBe(false);
		},
		BROWSER_TEST,
	);

	it(
		"says what is missing, in English too, keeping what was typed; revoking twice or an unknown key",
		async () => {
			const page = await signedIn(admin, "en");
			await page.goto(staff.url("/en/staff/api-keys"));
			await waitForRuntime(page);
			await tabTo(page, "#frm-apiKey-name");
			await page.keyboard.type("Pleťovka tills");
			await tabTo(page, "#frm-apiKey-rate");
			await page.keyboard.press("ControlOrMeta+a");
			await page.keyboard.type("0");
			await tabTo(page, "button[name=create]");
			await page.keyboard.press("Enter");
			await expect.poll(() => page.textContent(".form-summary")).toContain("Choose at least one store.");
			expect(await page.textContent(".form-summary")).toContain("Enter a whole number from 1 to 1,000,000.");
			expect(await page.inputValue("#frm-apiKey-name")).toBe("Pleťovka tills");
			expect(await axe(page)).toEqual([]);
			await page.close();

			// The server says the same without the browser's checks.
			const cookie = await signIn(staff, admin);
			const refused = await fetch(staff.url("/en/staff/api-keys"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({
					name: "Pleťovka tills",
					"stores[]": "no-such-store",
					rate: "0",
					create: "",
				}),
			});
			const html = await refused.text();
			expect(html).toContain("Enter a whole number from 1 to 1,000,000.");
			const before = await staff.database.db.selectFrom("api_keys").select("id").execute();
			// A store that is not in the list is refused too, whatever the rest.
			const unknownStore = await fetch(staff.url("/en/staff/api-keys"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({
					name: "Pleťovka tills",
					"stores[]": "no-such-store",
					rate: "60",
					create: "",
				}),
			});
			expect(unknownStore.status).toBeLessThan(500);
			expect(await unknownStore.text()).not.toContain("lumen_");
			expect(await staff.database.db.selectFrom("api_keys").select("id").execute()).toEqual(before);
			const created = await fetch(staff.url("/en/staff/api-keys"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ name: "Pleťovka tills", "stores[]": olomouc, rate: "60", create: "" }),
			});
			expect(created.status).toBe(200);
			const after = await staff.database.db.selectFrom("api_keys").select("id").execute();
			expect(after).toHaveLength(before.length + 1);
			const id = after.find((key) => !before.some((old) => old.id === key.id))?.id ?? "";
			const revoke = () =>
				fetch(staff.url(`/en/staff/api-keys/${id}/revoke`), {
					method: "POST",
					headers: { cookie },
					body: new URLSearchParams({ revoke: "" }),
					redirect: "manual",
				});
			expect((await revoke()).status).toBe(303);
			const twice = await revoke();
			expect(twice.status).toBe(409);
			expect(await twice.text()).toContain(`The key ${id} was revoked already.`);
			const unknown = await fetch(staff.url("/en/staff/api-keys/key_000000000000/revoke"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ revoke: "" }),
			});
			expect(unknown.status).toBe(404);
		},
		BROWSER_TEST,
	);
});
