/**
 * The dashboard (/staff/dashboard) over HTTP and in Chromium: who may open it (admins and marketing) and
 * who is refused, each role's menu; every chart's table against the database for seeded data, the
 * charts as named images; the filter by region and dates sent by autosubmit through ajax, changing the
 * numbers and the address; a filter it cannot read refused with its reason; axe and the keyboard in
 * Czech and English.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainOf } from "../../src/server/settlement/settlement";
import { axe } from "../helpers/axe";
import { connectBrowser, tabTo, waitForRuntime } from "../helpers/browser";
import { DASHBOARD_RANGE, expectedFigures, seedDashboardScenario } from "../helpers/dashboard-fixtures";
import { type SeededStaff, seedStaff } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, signInInBrowser, startStaffServer } from "./staff-support";

const BROWSER_TEST = 120_000;
const LIMIT = 5;
const VALUE = 200;
const RANGE_QUERY = `from=${DASHBOARD_RANGE.from}&to=${DASHBOARD_RANGE.to}`;
const STEPS = ["registrations", "confirmed", "issued", "redeemed"] as const;

let browser: Browser;
let staff: StaffServer;
let admin: SeededStaff;
let marketing: SeededStaff;
let editor: SeededStaff;
let cashier: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([
		connectBrowser(),
		startStaffServer({
			CAMPAIGN_START: "2026-03-25",
			CAMPAIGN_END: "2026-04-30",
			VOUCHER_LIMIT: String(LIMIT),
			VOUCHER_VALUE_CZK: String(VALUE),
		}),
	]);
	const { db } = staff.database;
	const { brno } = await seedDashboardScenario(db);
	admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
	marketing = await seedStaff(db, { role: "marketing", name: "Marek Marketingový" });
	editor = await seedStaff(db, { role: "editor" });
	cashier = await seedStaff(db, { role: "staff", storeId: brno });
}, 60_000);
afterAll(async () => {
	await browser?.close();
	await staff?.stop();
});

const signedIn = (account: SeededStaff, lang: "cs" | "en" = "cs") =>
	signInInBrowser(browser, staff, account, lang);

/** A chart's table as text cells, row by row (the header row left out). */
const table = (page: Page, chart: string) =>
	page.$$eval(`section[aria-labelledby="dashboard-${chart}-heading"] tbody tr`, (trs) =>
		trs.map((tr) =>
			[...tr.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").replace(/\s/g, "")),
		),
	);

/** What each chart's table must say for a filter, from the rows in the database. */
async function expectedTables(filter: { from: string; to: string; region?: string }) {
	const expected = await expectedFigures(staff.database.db, filter);
	const days: string[] = [];
	for (let day = new Date(`${filter.from}T00:00:00Z`); day.toISOString().slice(0, 10) <= filter.to; ) {
		days.push(day.toISOString().slice(0, 10));
		day = new Date(day.getTime() + 86_400_000);
	}
	const zero = { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
	const daily = days.map((date) => [
		date,
		...STEPS.map((key) => String((expected.perDay.get(date) ?? zero)[key])),
	]);
	let { issuedBefore: issued, redeemedBefore: redeemed } = expected;
	const running = days.map((date) => {
		issued += (expected.perDay.get(date) ?? zero).issued;
		redeemed += (expected.perDay.get(date) ?? zero).redeemed;
		return [date, String(issued), String(redeemed), String(redeemed * VALUE)];
	});
	const byRegion = new Map<string, number>();
	const byChain = new Map<string, number>();
	for (const [store, count] of expected.perStore) {
		const { region, name } = expected.stores.get(store)!;
		byRegion.set(region, (byRegion.get(region) ?? 0) + count);
		const chain = chainOf(name);
		byChain.set(chain, (byChain.get(chain) ?? 0) + count);
	}
	const totals = STEPS.map((key) =>
		days.reduce((sum, date) => sum + (expected.perDay.get(date) ?? zero)[key], 0),
	);
	return {
		daily,
		running,
		redeemed,
		byRegion,
		byChain,
		totals,
		perStore: expected.perStore,
		stores: expected.stores,
	};
}

describe("who may open the dashboard", () => {
	it("leads anonymous visitors to sign in, back to the same filter, and refuses staff and editors (403)", async () => {
		const path = `/staff/dashboard?${RANGE_QUERY}&region=CZ-64`;
		const anonymous = await fetch(staff.url(path), { redirect: "manual" });
		expect(anonymous.status).toBe(303);
		expect(anonymous.headers.get("location")).toBe(`/staff/login?back=${encodeURIComponent(path)}&required`);
		for (const account of [cashier, editor]) {
			const cookie = await signIn(staff, account);
			for (const prefix of ["", "/en"]) {
				const response = await fetch(staff.url(`${prefix}${path}`), {
					headers: { cookie },
					redirect: "manual",
				});
				expect(response.status, `${prefix}${path}`).toBe(403);
				expect(await response.text()).not.toContain("dashboard-daily");
			}
		}
		for (const account of [admin, marketing]) {
			const cookie = await signIn(staff, account);
			for (const prefix of ["", "/en"]) {
				const response = await fetch(staff.url(`${prefix}${path}`), { headers: { cookie } });
				expect(response.status).toBe(200);
				expect(await response.text()).toContain('id="dashboard-daily-heading"');
			}
		}
	});

	it("refuses a filter it cannot read with its reason, in the page's language", async () => {
		const cookie = await signIn(staff, marketing);
		for (const [query, reason] of [
			["from=2026-02-30", "Zadejte datum ve tvaru 2026-03-01."],
			["from=2026-04-02&to=2026-04-01", "Konec období musí být stejný den nebo později než začátek."],
			["region=JM", "Vyberte kraj ze seznamu."],
			["from=2020-01-01&to=2026-01-01", "Období může mít nejvýše 731 dní."],
		] as const) {
			const response = await fetch(staff.url(`/staff/dashboard?${query}`), { headers: { cookie } });
			expect(response.status, query).toBe(400);
			const html = await response.text();
			expect(html).toContain(reason);
			expect(html).not.toContain('id="dashboard-daily-heading"');
		}
		const english = await fetch(staff.url("/en/staff/dashboard?region=JM"), { headers: { cookie } });
		expect(english.status).toBe(400);
		expect(await english.text()).toContain("Choose a region from the list.");
	});

	it(
		"shows each role only the pages it may open in the menu: marketing no till",
		async () => {
			const menu = async (account: SeededStaff) => {
				const page = await signedIn(account);
				const links = await page.$$eval(".staff-nav a", (as) => as.map((a) => a.getAttribute("href")));
				await page.context().close();
				return links;
			};
			expect(await menu(marketing)).toEqual(["/staff/dashboard", "/staff/settlement"]);
			// Admins: everything (other admin pages besides these).
			expect(await menu(admin)).toEqual(
				expect.arrayContaining([
					"/staff",
					"/staff/dashboard",
					"/staff/settlement",
					"/staff/users",
					"/staff/audit",
				]),
			);
			expect(await menu(cashier)).toEqual([]);
		},
		BROWSER_TEST,
	);
});

describe("the charts' numbers", () => {
	it(
		"says in each chart's table what the database holds, and draws each chart as a named image",
		async () => {
			const page = await signedIn(marketing);
			await page.goto(staff.url(`/staff/dashboard?${RANGE_QUERY}`));
			const expected = await expectedTables(DASHBOARD_RANGE);
			expect(await table(page, "daily")).toEqual(expected.daily);
			expect(await table(page, "running")).toEqual(expected.running);
			expect(await table(page, "money")).toEqual([
				["Uplatněno(Kč)", String(expected.redeemed * VALUE)],
				["Rozpočet(Kč)", String(LIMIT * VALUE)],
			]);
			const regions = await page.$$eval(
				'section[aria-labelledby="dashboard-regions-heading"] tbody tr',
				(trs) => trs.map((tr) => [tr.getAttribute("data-region"), tr.querySelector("td")?.textContent]),
			);
			expect(regions).toHaveLength(14);
			for (const [region, count] of regions)
				expect(count, region ?? "").toBe(String(expected.byRegion.get(region!) ?? 0));
			expect(new Map((await table(page, "chains")).map(([chain, count]) => [chain, Number(count)]))).toEqual(
				new Map([...expected.byChain].map(([chain, count]) => [chain.replace(/\s/g, ""), count])),
			);
			const stores = await table(page, "stores");
			expect(stores.map((row) => Number(row.at(-1)))).toEqual(
				[...expected.perStore.values()].sort((a, b) => b - a),
			);
			expect(stores.map((row) => row[0])).toEqual(
				[...expected.perStore.keys()]
					.map((id) => expected.stores.get(id)!.name)
					.sort((a, b) => a.localeCompare(b))
					.map((name) => name.replace(/\s/g, "")),
			);
			expect((await table(page, "funnel")).map((row) => row.slice(1, 2))).toEqual(
				expected.totals.map((total) => [String(total)]),
			);
			// Redeemed 0, 3 and 7 days (UTC dates) after their issue: the median is 3.
			expect(await page.textContent(".dashboard__median")).toBe("Medián počtu dní od vydání k uplatnění: 3.");

			// The map: the region with most redemptions darkest, one without any the lightest.
			const fill = (region: string) =>
				page.getAttribute(`.dashboard-map [data-region="${region}"] rect`, "fill");
			expect(await fill("CZ-80")).toBe("rgb(246, 236, 226)");
			expect(await fill("CZ-10")).toBe("rgb(143, 50, 25)");
			// The limit (5) was reached on 30 March; the campaign's period is marked.
			const daily = page.locator('section[aria-labelledby="dashboard-daily-heading"] svg[role="img"]');
			expect(await daily.textContent()).toContain("Limit vyčerpán 30. března 2026");
			expect(await daily.textContent()).toContain("Období kampaně");
			expect(
				await page.textContent('section[aria-labelledby="dashboard-running-heading"] svg[role="img"]'),
			).toContain("Limit 5");
			const images = await page.$$eval('main svg[role="img"]', (svgs) =>
				svgs.map((svg) =>
					(svg.getAttribute("aria-labelledby") ?? "")
						.split(" ")
						.map((id) => document.getElementById(id)?.textContent ?? "")
						.every(Boolean),
				),
			);
			expect(images).toEqual([true, true, true, true, true, true, true]);
			expect(await page.locator("main svg[role=img] path.dashboard-chart__line").count()).toBe(4 + 2 + 1);
			await page.context().close();
		},
		BROWSER_TEST,
	);
});

describe("the filter", () => {
	it(
		"sends a region and dates by autosubmit through ajax: the numbers and the address follow",
		async () => {
			const page = await signedIn(marketing);
			await page.goto(staff.url(`/staff/dashboard?${RANGE_QUERY}`));
			await waitForRuntime(page);
			// Set in this document: a page load would lose it.
			await page.evaluate(() => Object.assign(window, { sameDocument: true }));
			const requests: string[] = [];
			page.on("request", (request) => {
				if (request.url().includes("/staff/dashboard"))
					requests.push(request.headers()["x-requested-with"] ?? "");
			});

			await page.selectOption("#frm-dashboard-region", "CZ-64");
			await page.waitForURL(/region=CZ-64/);
			await page.waitForSelector(".dashboard__note");
			const southMoravia = await expectedTables({ ...DASHBOARD_RANGE, region: "CZ-64" });
			expect(await table(page, "daily")).toEqual(southMoravia.daily);
			expect(await table(page, "running")).toEqual(southMoravia.running);
			expect(southMoravia.daily).not.toEqual((await expectedTables(DASHBOARD_RANGE)).daily);
			expect(new URL(page.url()).searchParams.get("region")).toBe("CZ-64");

			await page.fill("#frm-dashboard-from", "2026-03-30");
			await page.waitForURL(/from=2026-03-30/);
			await page.waitForFunction(
				() =>
					document.querySelector('section[aria-labelledby="dashboard-daily-heading"] tbody th')
						?.textContent === "2026-03-30",
			);
			const later = await expectedTables({ from: "2026-03-30", to: DASHBOARD_RANGE.to, region: "CZ-64" });
			expect(await table(page, "daily")).toEqual(later.daily);
			expect(await table(page, "running")).toEqual(later.running);
			expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
			expect(requests.length).toBeGreaterThanOrEqual(2);
			expect(requests.every((header) => header === "XMLHttpRequest")).toBe(true);

			// The address keeps the filter: opened again, it shows the same.
			await page.reload();
			expect(await table(page, "daily")).toEqual(later.daily);
			expect(await page.inputValue("#frm-dashboard-region")).toBe("CZ-64");

			// An end before the start: the charts give way to the reason, and nothing else is shown.
			await waitForRuntime(page);
			await page.fill("#frm-dashboard-to", "2026-03-01");
			await page.waitForSelector("#snippet--dashboard [role=alert]");
			expect(await page.textContent("#snippet--dashboard [role=alert]")).toContain(
				"Konec období musí být stejný den nebo později než začátek.",
			);
			expect(await page.locator("#snippet--dashboard svg").count()).toBe(0);
			await page.context().close();
		},
		BROWSER_TEST,
	);
});

describe("accessibility", () => {
	for (const lang of ["cs", "en"] as const) {
		it(
			`passes axe and opens a chart's numbers with the keyboard (${lang})`,
			async () => {
				const page = await signedIn(admin, lang);
				await page.goto(staff.url(`${lang === "en" ? "/en" : ""}/staff/dashboard?${RANGE_QUERY}`));
				await waitForRuntime(page);
				expect(await page.textContent("h1")).toBe(
					lang === "cs" ? "Kampaň v číslech" : "The campaign in numbers",
				);
				expect(await axe(page)).toEqual([]);
				const summary = 'section[aria-labelledby="dashboard-regions-heading"] summary';
				await tabTo(page, summary);
				await page.keyboard.press("Enter");
				expect(
					await page.$eval(summary, (element) => (element.parentElement as HTMLDetailsElement).open),
				).toBe(true);
				expect(await page.isVisible('section[aria-labelledby="dashboard-regions-heading"] table')).toBe(true);
				// Every disclosure open: the tables pass too.
				await page.$$eval("details", (all) => {
					for (const details of all) (details as HTMLDetailsElement).open = true;
				});
				expect(await axe(page)).toEqual([]);
				await page.context().close();
			},
			BROWSER_TEST,
		);
	}
});
