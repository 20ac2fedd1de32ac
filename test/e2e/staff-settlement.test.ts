/**
 * The settlement (/staff/settlement and .csv) over HTTP and in Chromium: who may see it and who may close
 * a month; the figures and the CSV (parsed back) against the database; closing a month with the keyboard
 * freezes it with a checksum, a late redemption goes to the next open month, reopening; axe-clean in
 * Czech and English.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthRange } from "../../src/domain/settlement/statement";
import { axe } from "../helpers/axe";
import { connectBrowser, tabTo } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, signInInBrowser, startStaffServer } from "./staff-support";

const BROWSER_TEST = 120_000;
/** A month long past, whatever day the test runs. */
const MONTH = "2025-03";
const NEXT = "2025-04";

let browser: Browser;
let staff: StaffServer;
let admin: SeededStaff;
let marketing: SeededStaff;
let editor: SeededStaff;
let cashier: SeededStaff;
let brno: string;
let olomouc: string;

async function redeemed(store: string, at: string): Promise<void> {
	const code = await seedVoucher(staff.database.db);
	await staff.database.db
		.updateTable("vouchers")
		.set({ redeemed_at: at, redeemed_store_id: store, redemption_id: randomUUID() })
		.where("code", "=", code)
		.execute();
}

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	const { db } = staff.database;
	brno = await seedStore(db, "Drogerie Sluníčko Brno");
	olomouc = await seedStore(db, "Pleťovka Olomouc");
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	marketing = await seedStaff(db, { role: "marketing", name: "Marek Marketingový" });
	editor = await seedStaff(db, { role: "editor" });
	cashier = await seedStaff(db, { role: "staff", storeId: brno });
	await redeemed(brno, "2025-03-03T09:00:00.000Z");
	await redeemed(brno, "2025-03-30T21:59:00.000Z"); // 30 March, 23:59 in Prague (CEST)
	await redeemed(olomouc, "2025-02-28T23:30:00.000Z"); // 1 March, 00:30 in Prague
	await redeemed(olomouc, "2025-03-31T22:00:00.000Z"); // 1 April in Prague
}, 60_000);
afterAll(async () => {
	await browser?.close();
	await staff?.stop();
});

/** The CSV as Excel with Czech settings reads it: UTF-8 after its BOM, `;`, CRLF, quoted texts. */
function parseCsv(bytes: Uint8Array): string[][] {
	expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
	const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3));
	expect(text.endsWith("\r\n")).toBe(true);
	return text
		.slice(0, -2)
		.split("\r\n")
		.map((line) =>
			line.split(";").map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)),
		);
}

const signedIn = (account: SeededStaff, lang: "cs" | "en" = "cs") =>
	signInInBrowser(browser, staff, account, lang);

const rows = (page: Page) =>
	page.$$eval("main table tr", (trs) =>
		trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
	);

describe("who may see and close the settlement", () => {
	it("leads anonymous visitors to sign in and refuses staff and editors (403)", async () => {
		const anonymous = await fetch(staff.url(`/staff/settlement?month=${MONTH}`), { redirect: "manual" });
		expect(anonymous.status).toBe(303);
		expect(anonymous.headers.get("location")).toBe(
			`/staff/login?back=${encodeURIComponent(`/staff/settlement?month=${MONTH}`)}&required`,
		);
		for (const account of [cashier, editor]) {
			const cookie = await signIn(staff, account);
			for (const path of [`/staff/settlement?month=${MONTH}`, `/staff/settlement.csv?month=${MONTH}`]) {
				const response = await fetch(staff.url(path), { headers: { cookie }, redirect: "manual" });
				expect(response.status, path).toBe(403);
				expect(await response.text()).not.toContain(brno);
			}
		}
	});

	it("shows marketing the figures and the CSV, but only an admin may close a month", async () => {
		const cookie = await signIn(staff, marketing);
		expect((await fetch(staff.url(`/staff/settlement?month=${MONTH}`), { headers: { cookie } })).status).toBe(
			200,
		);
		const close = await fetch(staff.url("/staff/settlement/close"), {
			method: "POST",
			headers: { cookie },
			body: new URLSearchParams({ month: MONTH, close: "" }),
		});
		expect(close.status).toBe(403);
		expect(await staff.database.db.selectFrom("settlement_months").selectAll().execute()).toEqual([]);
		const bad = await fetch(staff.url("/staff/settlement?month=2025-13"), { headers: { cookie } });
		expect(bad.status).toBe(400);
	});

	it("downloads a CSV for Excel whose rows and sums match the database", async () => {
		const cookie = await signIn(staff, marketing);
		const response = await fetch(staff.url(`/staff/settlement.csv?month=${MONTH}`), { headers: { cookie } });
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
		expect(response.headers.get("content-disposition")).toBe(
			`attachment; filename="settlement-${MONTH}.csv"`,
		);
		const csv = parseCsv(new Uint8Array(await response.arrayBuffer()));
		expect(csv).toEqual([
			["Id prodejny", "Prodejna", "Síť", "Počet", "Částka (Kč)"],
			[brno, "Drogerie Sluníčko Brno", "Drogerie Sluníčko", "2", "300"],
			[olomouc, "Pleťovka Olomouc", "Pleťovka", "1", "150"],
		]);
		const { start, end } = monthRange(MONTH);
		const stored = await staff.database.db
			.selectFrom("vouchers")
			.select("redeemed_store_id")
			.where("redeemed_at", ">=", start)
			.where("redeemed_at", "<", end)
			.execute();
		expect(csv.slice(1).reduce((sum, row) => sum + Number(row[3]), 0)).toBe(stored.length);
		expect(csv.slice(1).reduce((sum, row) => sum + Number(row[4]), 0)).toBe(stored.length * 150);
	});
});

describe("the settlement in the browser", () => {
	it(
		"shows marketing a month chosen with the keyboard, with chain subtotals and the total",
		async () => {
			const page = await signedIn(marketing);
			const link = page.locator(".staff-nav a", { hasText: "Vyúčtování" });
			await tabTo(page, `.staff-nav a[href="${await link.getAttribute("href")}"]`);
			await Promise.all([page.waitForURL(/\/staff\/settlement$/), page.keyboard.press("Enter")]);
			await tabTo(page, "#settlement-month");
			await page.keyboard.press("Control+A");
			await page.keyboard.type(MONTH);
			await Promise.all([page.waitForURL(new RegExp(`month=${MONTH}$`)), page.keyboard.press("Enter")]);
			expect(await rows(page)).toEqual([
				["Prodejna", "Id prodejny", "Počet", "Částka (Kč)"],
				["Drogerie Sluníčko Brno", brno, "2", "300"],
				["Celkem Drogerie Sluníčko", "2", "300"],
				["Pleťovka Olomouc", olomouc, "1", "150"],
				["Celkem Pleťovka", "1", "150"],
				["Celkem", "3", "450"],
			]);
			expect(await page.locator("#frm-settlementClose").count()).toBe(0);
			expect(await axe(page)).toEqual([]);
			await page.goto(staff.url(`/en/staff/settlement?month=${MONTH}`));
			expect(await page.textContent("h1")).toBe("Settlement with the stores");
			expect(await axe(page)).toEqual([]);
			await page.context().close();
		},
		BROWSER_TEST,
	);

	it(
		"lets an admin close a month with the keyboard: frozen with a checksum, late ones go to the next month",
		async () => {
			const page = await signedIn(admin, "en");
			await page.goto(staff.url(`/en/staff/settlement?month=${MONTH}`));
			await tabTo(page, "#frm-settlementClose-close");
			await Promise.all([page.waitForURL(/done=closed$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe("The month is closed.");
			const closed = await staff.database.db
				.selectFrom("settlement_months")
				.selectAll()
				.executeTakeFirstOrThrow();
			expect(closed.month).toBe(MONTH);
			expect(await page.textContent(".staff-settlement__status")).toContain(`Checksum: ${closed.checksum}`);
			expect(await axe(page)).toEqual([]);

			// Recorded late into March: March stays as closed, April takes it.
			await redeemed(brno, "2025-03-15T10:00:00.000Z");
			await page.reload();
			expect((await rows(page)).at(-1)).toEqual(["Total", "3", "450"]);
			const csv = await page.evaluate(
				(url) =>
					fetch(url).then(async (response) => [
						response.headers.get("x-settlement-checksum"),
						await response.text(),
					]),
				staff.url(`/en/staff/settlement.csv?month=${MONTH}`),
			);
			expect(csv[0]).toBe(closed.checksum);
			await page.goto(staff.url(`/en/staff/settlement?month=${NEXT}`));
			expect((await rows(page)).at(-1)).toEqual(["Total", "2", "300"]);

			const audit = await staff.database.db
				.selectFrom("audit_log")
				.select(["actor_id", "action", "subject_id", "before", "after"])
				.execute();
			expect(audit).toEqual([
				{
					actor_id: admin.id,
					action: "settlement.close",
					subject_id: MONTH,
					before: null,
					after: JSON.stringify({
						checksum: closed.checksum,
						count: 3,
						amountCzk: 450,
						voucherValueCzk: 150,
					}),
				},
			]);

			// Reopened with the keyboard: March is live again, with the late one.
			await page.goto(staff.url(`/en/staff/settlement?month=${MONTH}`));
			await tabTo(page, "#frm-settlementReopen-reopen");
			await Promise.all([page.waitForURL(/done=reopened$/), page.keyboard.press("Enter")]);
			expect(await page.textContent("[role=status]")).toBe("The month is open again.");
			expect((await rows(page)).at(-1)).toEqual(["Total", "4", "600"]);
			const reopened = await staff.database.db
				.selectFrom("audit_log")
				.select(["action", "before", "after"])
				.where("action", "=", "settlement.reopen")
				.execute();
			expect(reopened).toEqual([
				{
					action: "settlement.reopen",
					before: JSON.stringify({
						checksum: closed.checksum,
						count: 3,
						amountCzk: 450,
						voucherValueCzk: 150,
					}),
					after: null,
				},
			]);
			await page.context().close();
		},
		BROWSER_TEST,
	);
});
