/**
 * The campaign's period and voucher limit (CAMPAIGN_START, CAMPAIGN_END, VOUCHER_LIMIT) as pages show
 * them: before the start, after the end and sold out, the home page says why registration is closed
 * where it invites to register, the register page has the notice in place of its form, and the rules
 * state the period and the limit, in both languages.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

const NBSP = "\u00a0";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

async function get(base: string, path: string) {
	const response = await fetch(`${base}${path}`);
	expect(response.status, path).toBe(200);
	return { cache: response.headers.get("x-render-cache"), html: await response.text() };
}

/** The text of a page's main content, tags dropped; no-break spaces stay (they are part of numbers). */
const textOf = (html: string) =>
	(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "").replace(/<[^>]+>/g, " ").replace(/[ \t\r\n]+/g, " ");

/** What registration being closed looks like on the home and register pages of one language. */
interface Closed {
	readonly prefix: "" | "/en";
	readonly status: string;
	readonly heading: string;
	/** That vouchers issued keep working: said once vouchers could have been issued. */
	readonly stillValid: string | undefined;
	readonly registerCta: string;
}

async function expectClosed(base: string, closed: Closed): Promise<void> {
	const home = textOf((await get(base, closed.prefix || "/")).html);
	expect(home).toContain(closed.status);
	expect(home).not.toContain(closed.registerCta);
	const register = await get(base, `${closed.prefix}/register`);
	expect(textOf(register.html)).toContain(closed.heading);
	expect(textOf(register.html)).toContain(closed.status);
	// No form to fill in: no fields, no bot protection.
	expect(register.html).not.toMatch(/<form|<input|<select|<textarea/);
	for (const page of [home, textOf(register.html)]) {
		if (closed.stillValid) expect(page).toContain(closed.stillValid);
	}
	if (!closed.stillValid) expect(home).not.toMatch(/keep working|platí dál/);
}

/** Opens the home and register pages in Chromium: the notices are a status, the pages pass axe. */
async function expectAccessible(base: string, prefix: "" | "/en", status: string, home: string) {
	for (const path of [prefix || "/", `${prefix}/register`]) {
		const { page } = await openPage(browser);
		await page.goto(`${base}${path}`);
		const notice = page.getByRole("status").filter({ hasText: status });
		await expect.poll(() => notice.count(), { timeout: 5000 }).toBe(1);
		if (path.endsWith("/register")) {
			expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toHaveLength(1);
			const back = page.getByRole("link", { name: home });
			expect(await back.getAttribute("href")).toBe(prefix || "/");
		}
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	}
}

describe("before CAMPAIGN_START", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { CAMPAIGN_START: "2099-03-01", CAMPAIGN_END: "2099-12-31" } });
	});
	afterAll(() => server.stop());

	it("says when registration opens, in Czech and in English", async () => {
		await expectClosed(server.origin, {
			prefix: "",
			status: "Registrace začne 1. března 2099.",
			heading: "Registrace ještě nezačala",
			stillValid: undefined,
			registerCta: "Získat poukázku",
		});
		await expectClosed(server.origin, {
			prefix: "/en",
			status: "Registration opens on 1 March 2099.",
			heading: "Registration has not opened yet",
			stillValid: undefined,
			registerCta: "Get my voucher",
		});
	});

	it("states the period and the limit in the rules", async () => {
		expect(textOf((await get(server.origin, "/terms")).html)).toContain(
			`Kampaň probíhá od 1. března 2099 do 31. prosince 2099 nebo do vyčerpání 50${NBSP}000 poukázek.`,
		);
		expect(textOf((await get(server.origin, "/en/terms")).html)).toContain(
			"The campaign runs from 1 March 2099 to 31 December 2099, or until 50,000 vouchers have been issued.",
		);
	});

	it("shows the notices accessibly", async () => {
		await expectAccessible(server.origin, "", "Registrace začne 1. března 2099.", "Zpět na úvod");
		await expectAccessible(
			server.origin,
			"/en",
			"Registration opens on 1 March 2099.",
			"Back to the home page",
		);
	});
});

describe("after CAMPAIGN_END", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { CAMPAIGN_START: "2020-03-01", CAMPAIGN_END: "2020-12-31" } });
	});
	afterAll(() => server.stop());

	it("says when the campaign ended and that vouchers issued keep working", async () => {
		await expectClosed(server.origin, {
			prefix: "",
			status: "Kampaň skončila 31. prosince 2020.",
			heading: "Registrace je uzavřena",
			stillValid: "Poukázky, které už byly vydány, platí dál až do data uvedeného na poukázce.",
			registerCta: "Získat poukázku",
		});
		await expectClosed(server.origin, {
			prefix: "/en",
			status: "The campaign ended on 31 December 2020.",
			heading: "Registration is closed",
			stillValid: "Vouchers already issued keep working until the expiry date shown on them.",
			registerCta: "Get my voucher",
		});
	});

	it("states the period in the rules", async () => {
		expect(textOf((await get(server.origin, "/terms")).html)).toContain(
			"Kampaň probíhá od 1. března 2020 do 31. prosince 2020 nebo do vyčerpání",
		);
		expect(textOf((await get(server.origin, "/en/terms")).html)).toContain(
			"The campaign runs from 1 March 2020 to 31 December 2020, or until",
		);
	});

	it("shows the notices accessibly", async () => {
		await expectAccessible(server.origin, "", "Kampaň skončila 31. prosince 2020.", "Zpět na úvod");
		await expectAccessible(
			server.origin,
			"/en",
			"The campaign ended on 31 December 2020.",
			"Back to the home page",
		);
	});
});

describe("with every voucher of VOUCHER_LIMIT issued", () => {
	let staff: StaffServer;
	beforeAll(async () => {
		staff = await startStaffServer({ VOUCHER_LIMIT: "3" });
	});
	afterAll(() => staff.stop());

	it("shows the home page open until the last voucher is issued, then says they are gone", async () => {
		const base = staff.server.origin;
		await get(base, "/");
		const open = await get(base, "/");
		expect(open.cache).toBe("hit");
		expect(textOf(open.html)).toContain("Získat poukázku");

		for (let i = 0; i < 3; i++) await seedVoucher(staff.database.db);
		await staff.database.db
			.updateTable("campaign_counters")
			.set({ value: 3 })
			.where("name", "=", "vouchers_issued")
			.execute();
		// The server re-reads the counter at most a second after it last did; then the page is a new one.
		await expect
			.poll(async () => textOf((await get(base, "/")).html), { timeout: 3000 })
			.toContain("Všechny 3 poukázky kampaně už jsou rozdané.");
		expect((await get(base, "/")).cache).toBe("hit");

		await expectClosed(base, {
			prefix: "",
			status: "Všechny 3 poukázky kampaně už jsou rozdané.",
			heading: "Registrace je uzavřena",
			stillValid: "Poukázky, které už byly vydány, platí dál až do data uvedeného na poukázce.",
			registerCta: "Získat poukázku",
		});
		await expectClosed(base, {
			prefix: "/en",
			status: "All 3 vouchers have been given away.",
			heading: "Registration is closed",
			stillValid: "Vouchers already issued keep working until the expiry date shown on them.",
			registerCta: "Get my voucher",
		});
		await expectAccessible(base, "", "Všechny 3 poukázky kampaně už jsou rozdané.", "Zpět na úvod");
		await expectAccessible(base, "/en", "All 3 vouchers have been given away.", "Back to the home page");
	});

	it("states the limit in the rules", async () => {
		const base = staff.server.origin;
		expect(textOf((await get(base, "/terms")).html)).toContain(
			"Kampaň probíhá od spuštění do vyčerpání 3 poukázek.",
		);
		expect(textOf((await get(base, "/en/terms")).html)).toContain(
			"The campaign runs from its launch until 3 vouchers have been issued.",
		);
	});
});

describe("by default", () => {
	it("is open, and the rules say from launch until the vouchers run out", async () => {
		const home = textOf((await get(origin(), "/")).html);
		expect(home).toContain("Získat poukázku");
		expect(home).not.toMatch(/Registrace začne|Kampaň skončila|rozdané|rozdáno/);
		expect(textOf((await get(origin(), "/terms")).html)).toContain(
			`Kampaň probíhá od spuštění do vyčerpání 50${NBSP}000 poukázek.`,
		);
		expect(textOf((await get(origin(), "/en/terms")).html)).toContain(
			"The campaign runs from its launch until 50,000 vouchers have been issued.",
		);
	});
});
