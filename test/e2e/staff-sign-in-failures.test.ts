/**
 * The admins' list of failed sign-ins (/staff/sign-ins) in Chromium and over HTTP: what it shows per
 * account, in both languages and accessibly; that nothing secret is stored or logged; who may see it;
 * and that an admin may also do what an editor does.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore } from "../helpers/staff-fixtures";
import { postSignIn, type StaffServer, signIn, startStaffServer } from "./staff-support";

let browser: Browser;
let staff: StaffServer;
let admin: SeededStaff;
let editor: SeededStaff;
let cashier: SeededStaff;
const WRONG = "not the password 7";
const AJAX = { "x-requested-with": "XMLHttpRequest" };

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	const { db } = staff.database;
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	editor = await seedStaff(db, { role: "editor" });
	cashier = await seedStaff(db, { role: "staff", storeId: await seedStore(db) });
	for (const [email, ip] of [
		[cashier.email, "198.51.100.7"],
		[cashier.email, "203.0.113.5"],
		["nobody@lumen.example", "192.0.2.1"],
	] as const) {
		const response = await postSignIn(staff, { email, password: WRONG }, { "x-forwarded-for": ip });
		expect(response.status).toBe(200);
	}
	// The editor's failure two days ago: kept (30 days), but not among the last 24 hours'.
	await db
		.insertInto("sign_in_failures")
		.values({
			id: randomUUID(),
			user_id: editor.id,
			email_hash: null,
			network: "2001:db8::/56",
			created_at: new Date(Date.now() - 48 * 60 * 60 * 1000).toISOString(),
		})
		.execute();
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

async function signedIn(account: SeededStaff): Promise<Page> {
	const { page } = await openPage(browser);
	await page.goto(staff.url("/staff/login"));
	await page.fill("#frm-staffLogin-email", account.email);
	await page.fill("#frm-staffLogin-password", account.password);
	await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
	return page;
}

/** The table's rows, each as its cells' texts. */
const rows = (page: Page) =>
	page.$$eval("main table tbody tr", (trs) =>
		trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
	);

describe("the admins' list", () => {
	it("shows per account the failures of the last 24 hours and the latest one, in Czech and English", async () => {
		const page = await signedIn(admin);
		expect(await page.textContent(".staff-whoami")).toContain("Správce – všechny prodejny");
		await Promise.all([page.waitForURL(/\/staff\/sign-ins$/), page.click("text=Neúspěšná přihlášení")]);
		expect(await page.textContent("h1")).toBe("Neúspěšná přihlášení");
		expect(await page.textContent("main table caption")).toBe("Neúspěšná přihlášení podle účtu");
		const czech = await rows(page);
		expect(czech.map((row) => [row[0], row[1], row[3]])).toEqual([
			[`Petr Pokladní <${cashier.email}>`, "2", "203.0.113.0/24"],
			[`Eva Editorová <${editor.email}>`, "0", "2001:db8::/56"],
			["E-maily bez účtu (různých: 1)", "1", "192.0.2.0/24"],
		]);
		// The latest attempt's Prague time, as the staff pages write times.
		expect(czech[0]?.[2]).toMatch(/^\d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}$/);
		expect(await axe(page)).toEqual([]);

		await page.goto(staff.url("/en/staff/sign-ins"));
		expect(await page.getAttribute("html", "lang")).toBe("en");
		expect(await page.textContent("h1")).toBe("Failed sign-ins");
		const english = await rows(page);
		expect(english.map((row) => row[0])).toEqual([
			`Petr Pokladní <${cashier.email}>`,
			`Eva Editorová <${editor.email}>`,
			"E-mails without an account (1 different)",
		]);
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});

	it("keeps no password and no e-mail without an account, in the table or the log", async () => {
		const stored = await staff.database.db.selectFrom("sign_in_failures").selectAll().execute();
		expect(stored).toHaveLength(4);
		const text = JSON.stringify(stored);
		expect(text).not.toContain(WRONG);
		expect(text).not.toContain("nobody");
		const unknown = stored.find((row) => row.user_id === null);
		expect(unknown?.email_hash).toMatch(/^[\w-]{43}$/);
		const logged = staff.server.logs.filter((line) => line.includes("staff sign-in failed"));
		expect(logged).toHaveLength(3);
		expect(logged.join("\n")).not.toMatch(/not the password|nobody@/);
		expect(logged.join("\n")).toContain(cashier.id);
	});
});

describe("anyone but an admin", () => {
	it("is led to sign in when anonymous, and refused (403) when signed in with another role", async () => {
		for (const [path, login] of [
			["/staff/sign-ins", "/staff/login?back=%2Fstaff%2Fsign-ins&required"],
			["/en/staff/sign-ins", "/en/staff/login?back=%2Fstaff%2Fsign-ins&required"],
		] as const) {
			const anonymous = await fetch(staff.url(path), { redirect: "manual" });
			expect(anonymous.status).toBe(303);
			expect(anonymous.headers.get("location")).toBe(login);
		}
		for (const account of [cashier, editor]) {
			const cookie = await signIn(staff, account);
			const page = await fetch(staff.url("/staff/sign-ins"), { headers: { cookie }, redirect: "manual" });
			expect(page.status).toBe(403);
			const html = await page.text();
			expect(html).toContain("Přístup odepřen");
			expect(html).not.toContain("203.0.113.0/24");
			const ajax = await fetch(staff.url("/en/staff/sign-ins"), { headers: { cookie, ...AJAX } });
			expect(ajax.status).toBe(403);
			expect(await ajax.json()).toEqual({ error: "Access denied. You do not have access to this page." });
			// Nor is the way there shown to them.
			expect(await (await fetch(staff.url("/staff"), { headers: { cookie } })).text()).not.toContain(
				"/staff/sign-ins",
			);
		}
	});
});

describe("an admin", () => {
	it("may also do what an editor does: the editing view, saving a text, every store's redemptions", async () => {
		const cookie = await signIn(staff, admin);
		const home = await (await fetch(staff.url("/?edit"), { headers: { cookie } })).text();
		expect(home).toContain('data-cms-mode="1"');
		const save = await fetch(staff.url("/staff/content"), {
			method: "POST",
			headers: { cookie, ...AJAX },
			body: new URLSearchParams({
				key: "home.hero.lead",
				version: "0",
				body: "Text správkyně",
				default: "x",
				path: "/",
			}),
		});
		expect(save.status).toBe(200);
		expect(JSON.stringify(await save.json())).toContain("Uloženo jako verze 1.");
		const page = await (await fetch(staff.url("/staff"), { headers: { cookie } })).text();
		expect(page).toContain("Ve všech prodejnách");
	});
});
