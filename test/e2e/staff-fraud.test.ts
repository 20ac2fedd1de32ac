/**
 * The admins' fraud watch (/staff/fraud) and the void of a voucher, over HTTP and in Chromium: only
 * admins see it; what the registration form saw (sign-ups by e-mail domain and network, refusals by
 * reason) against what was sent; an admin voids an unredeemed voucher with the keyboard, the audit log
 * and the holder's e-mail say so, and the voucher page, the till and the partner API refuse it; the
 * void's refusals (unknown, redeemed, already void); axe-clean in Czech and English.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegistrationClient } from "../../bench/lib/registration-client";
import { axe } from "../helpers/axe";
import { connectBrowser, tabTo, waitForRuntime } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, signInInBrowser, startStaffServer } from "./staff-support";

const BROWSER_TEST = 120_000;

let browser: Browser;
let staff: StaffServer;
let client: RegistrationClient;
let admin: SeededStaff;
let marketing: SeededStaff;
let editor: SeededStaff;
let cashier: SeededStaff;

beforeAll(async () => {
	const sessionSecret = randomBytes(32).toString("base64url");
	[browser, staff] = await Promise.all([
		connectBrowser(),
		startStaffServer({ SESSION_SECRET: sessionSecret }),
	]);
	const { db } = staff.database;
	const store = await seedStore(db, "Drogerie Sluníčko Brno");
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	marketing = await seedStaff(db, { role: "marketing" });
	editor = await seedStaff(db, { role: "editor" });
	cashier = await seedStaff(db, { role: "staff", storeId: store });
	client = await RegistrationClient.connect({ url: staff.server.origin, sessionSecret });
}, 60_000);
afterAll(async () => {
	await browser?.close();
	await staff?.stop();
});

const signedIn = (account: SeededStaff, lang: "cs" | "en" = "cs") =>
	signInInBrowser(browser, staff, account, lang);

/** A table's rows by its caption's id: each row's header and its total. */
const totals = (page: Page, captionId: string) =>
	page.$$eval(`table:has(caption#${captionId}) tbody tr`, (trs) =>
		Object.fromEntries(
			trs.map((tr) => [
				tr.querySelector("th")?.textContent ?? "",
				Number(tr.querySelector("td")?.textContent),
			]),
		),
	);

describe("who may see the fraud watch and void a voucher", () => {
	it("leads anonymous visitors to sign in and refuses marketing, staff and editors (403)", async () => {
		const anonymous = await fetch(staff.url("/staff/fraud"), { redirect: "manual" });
		expect(anonymous.status).toBe(303);
		const code = await seedVoucher(staff.database.db);
		for (const account of [marketing, cashier, editor]) {
			const cookie = await signIn(staff, account);
			const page = await fetch(staff.url("/staff/fraud"), { headers: { cookie }, redirect: "manual" });
			expect(page.status).toBe(403);
			const voided = await fetch(staff.url("/staff/fraud/void"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ code, note: "test", void: "" }),
				redirect: "manual",
			});
			expect(voided.status).toBe(403);
		}
		const voucher = await staff.database.db
			.selectFrom("vouchers")
			.select("voided_at")
			.where("code", "=", code)
			.executeTakeFirstOrThrow();
		expect(voucher.voided_at).toBeNull();
	});

	it("offers the page in the navigation to admins only", async () => {
		for (const [account, shown] of [
			[admin, true],
			[marketing, false],
		] as const) {
			const cookie = await signIn(staff, account);
			const html = await (await fetch(staff.url("/staff"), { headers: { cookie } })).text();
			expect(html.includes('href="/staff/fraud"'), account.email).toBe(shown);
		}
	});
});

describe("what the registration form saw", () => {
	it(
		"counts sign-ups by e-mail domain and by network, and refusals by reason",
		async () => {
			const network = "198.51.100";
			for (let i = 0; i < 3; i++) {
				const sent = await client.post(
					await client.fields({ email: `fraud.${randomUUID()}@seznam.cz` }, `${network}.${i + 1}`),
				);
				expect(sent.kind).toBe("sent");
			}
			const disposable = await client.post(await client.fields({ email: "someone@mailinator.com" }));
			expect(disposable.kind).toBe("refused");
			const fields = await client.fields({ email: `"quoted"@seznam.cz` });
			expect((await client.post(fields)).kind).toBe("refused");
			// The same person, from a second mailbox: the second link gives no voucher.
			const person = await client.fields();
			const first = await client.post(person);
			const again = await client.fields({
				name: person.get("name") ?? "",
				birthDate: person.get("birthDate") ?? "",
			});
			const second = await client.post(again);
			if (first.kind !== "sent" || second.kind !== "sent") throw new Error("the sign-ups were refused");
			expect((await client.confirm(first.signupId)).kind).toBe("voucher");
			expect((await client.confirm(second.signupId)).kind).toBe("refused");

			const page = await signedIn(admin, "en");
			await page.goto(staff.url("/en/staff/fraud"));
			expect(await totals(page, "fraud-domains-table")).toEqual({ "seznam.cz": 3, "example.cz": 2 });
			expect((await totals(page, "fraud-networks-table"))[`${network}.0/24`]).toBe(3);
			const refusals = await totals(page, "fraud-refusals-table");
			expect(refusals).toMatchObject({
				"Disposable mailbox": 1,
				"Quoted e-mail": 1,
				"The same person already has a voucher": 1,
				"Bot protection: sent too fast": 0,
			});
			expect(Object.values(refusals).reduce((sum, n) => sum + n, 0)).toBe(3);
			expect(await axe(page)).toEqual([]);
			await page.close();
		},
		BROWSER_TEST,
	);

	it("shows the chosen period and refuses one it does not offer", async () => {
		const cookie = await signIn(staff, admin);
		const week = await (await fetch(staff.url("/staff/fraud?days=7"), { headers: { cookie } })).text();
		expect(week.match(/<table/g)?.length).toBeGreaterThan(0);
		expect(week.match(/<time dateTime="\d{4}-\d{2}-\d{2}">/gi)?.length ?? 0).toBeGreaterThanOrEqual(7);
		const odd = await fetch(staff.url("/staff/fraud?days=9999"), { headers: { cookie } });
		expect(odd.status).toBe(404);
	});
});

describe("voiding a voucher", () => {
	it(
		"voids an unredeemed voucher with the keyboard: audited, its holder told, refused everywhere after",
		async () => {
			const { db } = staff.database;
			const code = await seedVoucher(db);
			// A link's token as the site makes them (the fixture's is no such token).
			const token = randomBytes(32).toString("base64url");
			await db.updateTable("vouchers").set({ token }).where("code", "=", code).execute();
			const page = await signedIn(admin);
			await page.goto(staff.url("/staff/fraud"));
			await waitForRuntime(page);
			await tabTo(page, "#frm-voidVoucher-code");
			await page.keyboard.type(code);
			await page.keyboard.press("Tab");
			await page.keyboard.type("Same person under three mailboxes");
			await tabTo(page, "button[name=void]");
			await Promise.all([page.waitForURL(/voided=/), page.keyboard.press("Enter")]);
			await expect
				.poll(() => page.textContent("[role=status]"))
				.toBe(`Poukázka ${code} je zrušená. Držiteli jsme poslali e-mail.`);
			expect(await axe(page)).toEqual([]);
			await page.close();

			const voucher = await db
				.selectFrom("vouchers")
				.innerJoin("registrations", "registrations.id", "vouchers.registration_id")
				.select(["vouchers.id", "voided_at", "voided_because", "registrations.email"])
				.where("code", "=", code)
				.executeTakeFirstOrThrow();
			expect(voucher.voided_at).not.toBeNull();
			expect(voucher.voided_because).toBe("terms");
			const audit = await db
				.selectFrom("audit_log")
				.selectAll()
				.where("action", "=", "voucher.void")
				.where("subject_id", "=", voucher.id)
				.execute();
			expect(audit).toHaveLength(1);
			expect(audit[0]?.actor_name).toBe("Alena Správcová");
			expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({
				code,
				status: "void",
				note: "Same person under three mailboxes",
				holderTold: true,
			});
			const mails = await db
				.selectFrom("outbox")
				.selectAll()
				.where("recipient", "=", voucher.email)
				.execute();
			expect(mails.map((mail) => mail.subject)).toEqual(["Vaše poukázka Lumen byla zrušena"]);
			expect(mails[0]?.text_body).toContain(`Poukázku ${code} jsme zrušili`);
			expect(mails[0]?.text_body).toContain(`${staff.server.origin}/terms`);

			const voucherPage = await (await fetch(staff.url(`/voucher/${token}`))).text();
			expect(voucherPage).toContain("registrace nesplnila pravidla kampaně");
			expect(voucherPage).not.toContain(code);

			const cookie = await signIn(staff, cashier);
			const till = await fetch(staff.url("/staff"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ code, redeem: "" }),
			});
			expect(await till.text()).toContain(
				`Poukázka ${code} byla zrušena pro porušení pravidel kampaně. Nepřijímejte ji.`,
			);
			const redeemed = await db
				.selectFrom("vouchers")
				.select("redeemed_at")
				.where("code", "=", code)
				.executeTakeFirstOrThrow();
			expect(redeemed.redeemed_at).toBeNull();
		},
		BROWSER_TEST,
	);

	it("refuses an unknown code, a redeemed voucher and one already void, in English too, changing nothing", async () => {
		const { db } = staff.database;
		const redeemedCode = await seedVoucher(db);
		await db
			.updateTable("vouchers")
			.set({ redeemed_at: new Date().toISOString(), redemption_id: randomUUID() })
			.where("code", "=", redeemedCode)
			.execute();
		const voidCode = await seedVoucher(db);
		const cookie = await signIn(staff, admin);
		const post = (code: string) =>
			fetch(staff.url("/en/staff/fraud/void"), {
				method: "POST",
				headers: { cookie },
				body: new URLSearchParams({ code, note: "Checked by hand", void: "" }),
				redirect: "manual",
			});
		expect((await post(voidCode)).status).toBe(303);
		const auditBefore = await db.selectFrom("audit_log").select("id").execute();
		const outboxBefore = await db.selectFrom("outbox").select("id").execute();

		const cases = [
			["2900000000001", 404, "There is no voucher with the code 2900000000001."],
			[redeemedCode, 409, `Voucher ${redeemedCode} was already redeemed and cannot be voided.`],
			[voidCode, 409, `Voucher ${voidCode} is already void.`],
		] as const;
		for (const [code, status, text] of cases) {
			const answer = await post(code);
			expect(answer.status, code).toBe(status);
			expect(await answer.text()).toContain(text);
		}
		const invalid = await post("123");
		expect(await invalid.text()).toContain("A code has 13 digits.");
		expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);
		expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(outboxBefore.length);
		const stillRedeemed = await db
			.selectFrom("vouchers")
			.select("voided_at")
			.where("code", "=", redeemedCode)
			.executeTakeFirstOrThrow();
		expect(stillRedeemed.voided_at).toBeNull();
	});

	it(
		"shows a refusal as an alert next to the form, keeping what was typed, axe-clean in English",
		async () => {
			const page = await signedIn(admin, "en");
			await page.goto(staff.url("/en/staff/fraud"));
			await waitForRuntime(page);
			await tabTo(page, "#frm-voidVoucher-code");
			await page.keyboard.type("2900000000001");
			await page.keyboard.press("Tab");
			await page.keyboard.type("A look-alike domain");
			await tabTo(page, "button[name=void]");
			await Promise.all([
				page.waitForResponse((response) => response.url().endsWith("/staff/fraud/void")),
				page.keyboard.press("Enter"),
			]);
			await expect
				.poll(() => page.textContent("[role=alert]"))
				.toBe("There is no voucher with the code 2900000000001.");
			expect(await page.inputValue("#frm-voidVoucher-note")).toBe("A look-alike domain");
			expect(await axe(page)).toEqual([]);
			await page.close();
		},
		BROWSER_TEST,
	);
});
