/**
 * The admins' pages (accounts, audit log, campaign settings) over HTTP and in Chromium: which role may
 * open and post what, creating and changing accounts with the keyboard and the messages of each refusal,
 * a disabled account's session ending at once, the audit rows each change writes, settings in effect in
 * another server process within a second; axe-clean in Czech and English.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, tabTo, waitForRuntime } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { type SeededStaff, seedStaff, seedStore } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, signInInBrowser, startStaffServer } from "./staff-support";

/** A browser test with axe runs and several page loads; the machine may be busy. */
const BROWSER_TEST = 120_000;

let browser: Browser;
let staff: StaffServer;
/** A second server process on the same database, as behind a load balancer. */
let other: TestServer;
let storeId: string;
let admin: SeededStaff;
let marketing: SeededStaff;
let editor: SeededStaff;
let cashier: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	other = await startServer({ env: { DATA_DIR: staff.dataDir } });
	const { db } = staff.database;
	storeId = await seedStore(db);
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	marketing = await seedStaff(db, { role: "marketing", name: "Marek Marketingový" });
	editor = await seedStaff(db, { role: "editor" });
	cashier = await seedStaff(db, { role: "staff", storeId });
}, 60_000);
afterAll(async () => {
	await browser?.close();
	await other?.stop();
	await staff?.stop();
});

const auditRows = () =>
	staff.database.db
		.selectFrom("audit_log")
		.select(["actor_id", "actor_name", "action", "subject_id", "before", "after"])
		.orderBy("created_at")
		.orderBy("id")
		.execute();

const signedIn = (account: SeededStaff, lang: "cs" | "en" = "cs") =>
	signInInBrowser(browser, staff, account, lang);

/** Follows a link of the staff navigation with the keyboard, as its text says. */
async function navigate(page: Page, text: string, url: RegExp): Promise<void> {
	const link = page.locator(".staff-nav a", { hasText: text });
	const href = await link.getAttribute("href");
	await tabTo(page, `.staff-nav a[href="${href}"]`);
	await Promise.all([page.waitForURL(url), page.keyboard.press("Enter")]);
	await waitForRuntime(page);
}

describe("who may open and change what", () => {
	const adminPages = () => ["/staff/users", `/staff/users/${cashier.id}`, "/staff/audit", "/staff/settings"];

	it(
		"sends anonymous visitors to sign in, and back to the page they asked for",
		async () => {
			for (const path of adminPages()) {
				const response = await fetch(staff.url(path), { redirect: "manual" });
				expect(response.status).toBe(303);
				expect(response.headers.get("location")).toBe(
					`/staff/login?back=${encodeURIComponent(path)}&required`,
				);
			}
		},
		BROWSER_TEST,
	);

	it(
		"refuses every role but admin (403), reading nothing and changing nothing",
		async () => {
			for (const account of [marketing, editor, cashier]) {
				const cookie = await signIn(staff, account);
				for (const path of adminPages()) {
					const response = await fetch(staff.url(path), { headers: { cookie }, redirect: "manual" });
					expect(response.status, `${path} for ${account.name}`).toBe(403);
					expect(await response.text()).not.toContain(cashier.email);
				}
				const posts: [string, Record<string, string>][] = [
					[
						"/staff/users",
						{ name: "X", email: "x@lumen.example", role: "admin", store: "", password: "long enough pass" },
					],
					[`/staff/users/${admin.id}/disable`, {}],
					[`/staff/users/${account.id}/role`, { role: "admin", store: "" }],
					[`/staff/users/${account.id}/password`, { password: "long enough pass" }],
					[
						"/staff/settings",
						{ start: "", end: "", voucherLimit: "1", voucherValueCzk: "1", voucherValidDays: "1" },
					],
				];
				for (const [path, body] of posts) {
					const response = await fetch(staff.url(path), {
						method: "POST",
						headers: { cookie },
						body: new URLSearchParams(body),
						redirect: "manual",
					});
					expect(response.status, `POST ${path} for ${account.name}`).toBe(403);
				}
				// Nor is the way there shown to them.
				const home = await (await fetch(staff.url("/staff"), { headers: { cookie } })).text();
				expect(home).not.toContain('href="/staff/users"');
				expect(home).not.toContain('href="/staff/settings"');
			}
			expect(await auditRows()).toEqual([]);
			const admins = await staff.database.db
				.selectFrom("staff_users")
				.select("id")
				.where("role", "=", "admin")
				.execute();
			expect(admins).toEqual([{ id: admin.id }]);
		},
		BROWSER_TEST,
	);

	it(
		"lets marketing see figures but not redeem: no till form, and a redemption is refused",
		async () => {
			const cookie = await signIn(staff, marketing);
			const home = await fetch(staff.url("/staff"), { headers: { cookie } });
			expect(home.status).toBe(200);
			const html = await home.text();
			expect(html).not.toContain('id="frm-redeem"');
			expect(html).toContain("Marketing: výsledky kampaně a vyúčtování prodejen najdete v nabídce výše.");
			const redeem = await fetch(staff.url("/staff"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ code: "0000000000000", redeem: "" }),
			});
			expect(redeem.status).toBe(403);
		},
		BROWSER_TEST,
	);

	it(
		"lets an admin open every admin page, in both languages",
		async () => {
			const cookie = await signIn(staff, admin);
			for (const path of adminPages()) {
				for (const prefix of ["", "/en"]) {
					const response = await fetch(staff.url(`${prefix}${path}`), { headers: { cookie } });
					expect(response.status, `${prefix}${path}`).toBe(200);
				}
			}
			expect((await fetch(staff.url("/staff/users/no-such-account"), { headers: { cookie } })).status).toBe(
				404,
			);
			expect((await fetch(staff.url("/staff/audit?page=abc"), { headers: { cookie } })).status).toBe(404);
		},
		BROWSER_TEST,
	);
});

describe("accounts in the browser", () => {
	it(
		"creates an account with the keyboard, after the form says what is missing, and audits it",
		async () => {
			const page = await signedIn(admin);
			await navigate(page, "Účty", /\/staff\/users$/);
			expect(await page.textContent("h1")).toBe("Účty personálu");
			expect(await axe(page)).toEqual([]);

			// Sent empty: each required field says what it needs.
			await tabTo(page, "#frm-account-create");
			await page.keyboard.press("Enter");
			await expect
				.poll(() => page.locator("#frm-account .form-error, #frm-account [id$='-error']").allTextContents())
				.not.toEqual([]);
			const errors = (await page.locator("#frm-account").textContent()) ?? "";
			for (const message of ["Zadejte jméno.", "Zadejte e-mail.", "Vyberte roli.", "Zadejte heslo."]) {
				expect(errors).toContain(message);
			}

			await tabTo(page, "#frm-account-name");
			await page.keyboard.type("Pavla Nová");
			await page.keyboard.press("Tab");
			await page.keyboard.type("pavla@lumen.example");
			await page.keyboard.press("Tab");
			// A select takes the typed start of an option's label.
			await page.keyboard.type("Prodejna");
			await tabTo(page, "#frm-account-password");
			await page.keyboard.type("short");
			await page.keyboard.press("Enter");
			await expect
				.poll(() => page.locator("#frm-account").textContent())
				.toContain("Heslo musí mít alespoň 10 znaků.");
			expect(await page.locator("#frm-account").textContent()).toContain(
				"Účet s rolí Prodejna potřebuje prodejnu.",
			);

			await page.selectOption("#frm-account-store", storeId);
			await page.fill("#frm-account-password", "pavla's long password");
			await tabTo(page, "#frm-account-create");
			await Promise.all([
				page.waitForURL(/\/staff\/users\/[\w-]+\?done=created$/),
				page.keyboard.press("Enter"),
			]);
			expect(await page.textContent("[role=status]")).toBe("Účet je založen.");
			expect(await axe(page)).toEqual([]);

			const created = await staff.database.db
				.selectFrom("staff_users")
				.select(["id", "role", "store_id"])
				.where("email", "=", "pavla@lumen.example")
				.executeTakeFirstOrThrow();
			expect(created).toMatchObject({ role: "staff", store_id: storeId });
			expect((await auditRows()).at(-1)).toEqual({
				actor_id: admin.id,
				actor_name: "Alena Správcová",
				action: "user.create",
				subject_id: created.id,
				before: null,
				after: JSON.stringify({
					name: "Pavla Nová",
					email: "pavla@lumen.example",
					role: "staff",
					storeId,
					disabled: false,
				}),
			});

			// The same address again: refused on its field, by the server.
			await page.goto(staff.url("/staff/users"));
			await page.fill("#frm-account-name", "Pavla Druhá");
			await page.fill("#frm-account-email", "PAVLA@lumen.example");
			await page.selectOption("#frm-account-role", "editor");
			await page.fill("#frm-account-password", "another long password");
			await Promise.all([page.waitForLoadState("load"), page.click("#frm-account-create")]);
			await expect
				.poll(() => page.locator("#frm-account").textContent())
				.toContain("Účet s tímto e-mailem už existuje.");
			await page.context().close();
		},
		BROWSER_TEST,
	);

	it(
		"changes a role, resets a password and disables an account, whose session ends at once",
		async () => {
			const cashierCookie = await signIn(staff, cashier);
			expect((await fetch(staff.url("/staff"), { headers: { cookie: cashierCookie } })).status).toBe(200);
			const before = (await auditRows()).length;

			const page = await signedIn(admin, "en");
			await page.goto(staff.url(`/en/staff/users/${cashier.id}`));
			expect(await page.textContent("h1")).toBe(`Edit the account ${cashier.name}`);
			expect(await axe(page)).toEqual([]);

			// The Store role without a store: said on the store field.
			await page.selectOption("#frm-accountRole-store", "");
			await tabTo(page, "#frm-accountRole-save");
			await page.keyboard.press("Enter");
			await expect
				.poll(() => page.locator("#frm-accountRole").textContent())
				.toContain("An account with the Store role needs a store.");

			await page.selectOption("#frm-accountRole-role", "marketing");
			await tabTo(page, "#frm-accountRole-save");
			await Promise.all([page.waitForURL(/\?done=role$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe("The role is saved.");

			const sessions = await staff.database.db
				.selectFrom("sessions")
				.select("id_hash")
				.where("user_id", "=", cashier.id)
				.execute();
			const sessionsBefore = sessions.length;
			await tabTo(page, "#frm-accountPassword-password");
			await page.keyboard.type("a brand new password");
			await Promise.all([page.waitForURL(/\?done=password$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe(
				"The password is changed and the account's sessions have ended.",
			);
			// The old session ended with the new password.
			const ended = await fetch(staff.url("/staff"), {
				headers: { cookie: cashierCookie },
				redirect: "manual",
			});
			expect(ended.status).toBe(303);

			const fresh = await signIn(staff, { email: cashier.email, password: "a brand new password" });
			await tabTo(page, "#frm-accountDisable-disable");
			await Promise.all([page.waitForURL(/\?done=disabled$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe(
				"The account is disabled and its sessions have ended.",
			);
			expect(await axe(page)).toEqual([]);
			const after = await fetch(staff.url("/staff"), { headers: { cookie: fresh }, redirect: "manual" });
			expect(after.status).toBe(303);
			expect(after.headers.get("location")).toContain("/staff/login");

			const rows = (await auditRows()).slice(before);
			expect(
				rows.map(({ action, subject_id, before, after }) => ({ action, subject_id, before, after })),
			).toEqual([
				{
					action: "user.role",
					subject_id: cashier.id,
					before: JSON.stringify({ role: "staff", storeId }),
					after: JSON.stringify({ role: "marketing", storeId: null }),
				},
				{
					action: "user.password",
					subject_id: cashier.id,
					before: null,
					after: JSON.stringify({ sessionsEnded: sessionsBefore }),
				},
				{
					action: "user.disable",
					subject_id: cashier.id,
					before: '{"disabled":false}',
					after: '{"disabled":true}',
				},
			]);
			expect(JSON.stringify(rows)).not.toContain("a brand new password");

			// Enabled again, with the keyboard.
			await tabTo(page, "#frm-accountEnable-enable");
			await Promise.all([page.waitForURL(/\?done=enabled$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe("The account is enabled.");
			await page.context().close();
		},
		BROWSER_TEST,
	);

	it(
		"refuses to disable or demote the admin's own account, saying why, in both languages",
		async () => {
			const page = await signedIn(admin);
			await page.goto(staff.url(`/staff/users/${admin.id}`));
			await tabTo(page, "#frm-accountDisable-disable");
			await Promise.all([page.waitForLoadState("load"), page.keyboard.press("Enter")]);
			await expect.poll(() => page.textContent("[role=alert]")).toContain("Vlastní účet nelze zablokovat");
			expect(await axe(page)).toEqual([]);
			await page.goto(staff.url(`/en/staff/users/${admin.id}`));
			await page.selectOption("#frm-accountRole-role", "editor");
			await Promise.all([page.waitForLoadState("load"), page.click("#frm-accountRole-save")]);
			await expect
				.poll(() => page.textContent("[role=alert]"))
				.toContain("You cannot disable your own account");
			const self = await staff.database.db
				.selectFrom("staff_users")
				.select(["role", "disabled"])
				.where("id", "=", admin.id)
				.executeTakeFirstOrThrow();
			expect(self).toEqual({ role: "admin", disabled: 0 });
			await page.context().close();
		},
		BROWSER_TEST,
	);
});

describe("the audit log in the browser", () => {
	it(
		"lists the changes newest first, with who, what, before and after, in Czech and English",
		async () => {
			const page = await signedIn(admin);
			await navigate(page, "Záznam změn", /\/staff\/audit$/);
			expect(await page.textContent("h1")).toBe("Záznam změn");
			const rows = await page.$$eval("main table tbody tr", (trs) =>
				trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
			);
			const stored = (await auditRows()).reverse();
			expect(rows).toHaveLength(stored.length);
			expect(rows[0]?.slice(1, 4)).toEqual(["Alena Správcová", "Odblokování účtu", cashier.id]);
			expect(rows[0]?.slice(4)).toEqual(["disabled: true", "disabled: false"]);
			expect(rows.at(-1)?.[2]).toBe("Založení účtu");
			expect(await axe(page)).toEqual([]);
			await page.goto(staff.url("/en/staff/audit"));
			expect(await page.textContent("h1")).toBe("Audit log");
			expect(await page.textContent("main table tbody tr th")).toBe("Account enabled");
			expect(await axe(page)).toEqual([]);
			await page.context().close();
		},
		BROWSER_TEST,
	);
});

/**
 * When the first of the requests sent every 50 ms (each without waiting for the one before, so that a slow
 * answer does not delay the next) that got `text` was sent.
 */
function firstSeen(load: () => Promise<string>, text: string): Promise<number> {
	return new Promise((resolve, reject) => {
		let settled = false;
		const sent = () => {
			const at = Date.now();
			load().then(
				(body) => {
					if (settled || !body.includes(text)) return;
					settled = true;
					clearInterval(timer);
					resolve(at);
				},
				(error: unknown) => {
					settled = true;
					clearInterval(timer);
					reject(error);
				},
			);
		};
		const timer = setInterval(sent, 50);
		sent();
	});
}

describe("campaign settings", () => {
	it(
		"shows the environment's values, saves a change with the keyboard, and every process uses it within a second",
		async () => {
			const page = await signedIn(admin);
			await navigate(page, "Nastavení kampaně", /\/staff\/settings$/);
			expect(await page.inputValue("#frm-campaignSettings-voucherLimit")).toBe("50000");
			expect(await page.inputValue("#frm-campaignSettings-voucherValueCzk")).toBe("150");
			expect(await page.inputValue("#frm-campaignSettings-voucherValidDays")).toBe("60");
			expect(await axe(page)).toEqual([]);

			// The end before the start: said on the end field; nothing saved.
			await page.fill("#frm-campaignSettings-start", "2099-01-10");
			await page.fill("#frm-campaignSettings-end", "2099-01-01");
			await tabTo(page, "#frm-campaignSettings-save");
			await Promise.all([page.waitForLoadState("load"), page.keyboard.press("Enter")]);
			await expect
				.poll(() => page.locator("#frm-campaignSettings").textContent())
				.toContain("Poslední den nesmí být před prvním.");
			expect(await staff.database.db.selectFrom("campaign_settings").selectAll().execute()).toEqual([]);

			const registerPage = () => fetch(`${other.origin}/register`).then((response) => response.text());
			expect(await registerPage()).not.toContain("Registrace ještě nezačala");
			await page.fill("#frm-campaignSettings-end", "");
			await page.fill("#frm-campaignSettings-voucherValueCzk", "200");
			await tabTo(page, "#frm-campaignSettings-save");
			const [posted] = await Promise.all([
				page.waitForResponse((response) => response.request().method() === "POST"),
				page.keyboard.press("Enter"),
			]);
			// The settings are committed once the POST is answered.
			await posted.finished();
			const saved = Date.now();
			const seen = firstSeen(registerPage, "Registrace ještě nezačala");
			await page.waitForURL(/\/staff\/settings\?saved$/);
			expect(await page.textContent("[role=status]")).toBe("Nastavení je uloženo a platí.");
			expect(await page.inputValue("#frm-campaignSettings-start")).toBe("2099-01-10");
			expect(await axe(page)).toEqual([]);

			// The other process closes registration (not started yet) for requests made within a second.
			expect((await seen) - saved).toBeLessThan(1000);

			const [row] = (await auditRows()).filter((entry) => entry.action === "settings.update");
			expect(row).toEqual({
				actor_id: admin.id,
				actor_name: "Alena Správcová",
				action: "settings.update",
				subject_id: "campaign",
				before: JSON.stringify({
					start: null,
					end: null,
					voucherLimit: 50_000,
					voucherValueCzk: 150,
					voucherValidDays: 60,
				}),
				after: JSON.stringify({
					start: "2099-01-10",
					end: null,
					voucherLimit: 50_000,
					voucherValueCzk: 200,
					voucherValidDays: 60,
				}),
			});

			await page.goto(staff.url("/en/staff/settings"));
			expect(await page.textContent("h1")).toBe("Campaign settings");
			expect(await axe(page)).toEqual([]);
			await page.context().close();
		},
		BROWSER_TEST,
	);
});
