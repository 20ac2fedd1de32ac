/** The store finder without JavaScript, with whatever query a user or bot sends, and its accessibility. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const cards = (page: Page) => page.locator(".store-card").count();
const count = (page: Page) => page.locator(".stores__count").textContent();

describe("without JavaScript", () => {
	it("filters with the form and loads more with the link, as plain page loads", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/stores`);
		await page.selectOption("#frm-stores-region", "CZ-10");
		await page.click(".stores-filter__submit");
		await page.waitForURL(`${origin()}/stores?region=CZ-10&q=`);
		expect(await cards(page)).toBe(20);
		expect(await count(page)).toBe("Našli jsme 43 prodejen");

		await page.click("a#stores-more");
		await page.waitForURL(`${origin()}/stores?region=CZ-10&page=2`);
		expect(await cards(page)).toBe(40);
		expect(await page.locator(".stores__shown").textContent()).toBe("Zobrazeno 40 z 43");
		await page.click("a#stores-more");
		await page.waitForURL(`${origin()}/stores?region=CZ-10&page=3`);
		expect(await cards(page)).toBe(43);
		expect(await page.locator("a#stores-more").count()).toBe(0);
		expect(await page.inputValue("#frm-stores-region")).toBe("CZ-10");

		await page.fill("#frm-stores-q", "Ostrava");
		await page.press("#frm-stores-q", "Enter");
		await page.waitForURL(`${origin()}/stores?region=CZ-10&q=Ostrava`);
		expect(await cards(page)).toBe(0);
		await page.click("text=Hledat „Ostrava“ ve všech krajích");
		await page.waitForURL(`${origin()}/stores?q=Ostrava`);
		expect(await cards(page)).toBe(10);
		await context.close();
	});
});

describe("query parameters", () => {
	const get = (path: string, ajax = false) =>
		fetch(`${origin()}${path}`, { headers: ajax ? { "X-Requested-With": "XMLHttpRequest" } : {} });
	const storeCount = (html: string) => html.match(/class="store-card"/g)?.length ?? 0;

	it("ignores an unknown or malformed region and shows every store", async () => {
		for (const query of [
			"region=CZ-99",
			"region=__proto__",
			"region[]=CZ-10",
			"region[a]=1",
			"region=CZ-10&region=CZ-64",
		]) {
			const response = await get(`/stores?${query}`);
			expect(response.status, query).toBe(200);
			const html = await response.text();
			expect(storeCount(html), query).toBe(20);
			if (!query.includes("CZ-10&region")) expect(html, query).toContain("Našli jsme 307 prodejen");
		}
	});

	it("cuts over-long text and survives text no form would send", async () => {
		const long = await (await get(`/stores?q=${"Brno".repeat(200)}`)).text();
		expect(long).toContain(`value="${"Brno".repeat(15)}"`);
		for (const query of ["q=%FF%FE", "q=%00", "q[x]=1", "q=%3Cscript%3E", `q=${"%20".repeat(5000)}Brno`]) {
			expect((await get(`/stores?${query}`)).status, query).toBe(200);
		}
		expect(await (await get("/stores?q=%3Cscript%3E")).text()).not.toContain("<script>");
	});

	it("keeps page numbers within bounds", async () => {
		for (const page of ["0", "-1", "abc", "1.5", "99999999999999999999"]) {
			const html = await (await get(`/stores?page=${page}`)).text();
			expect(storeCount(html), page).toBe(20);
		}
		// Past the last page: everything there is, and no link to more.
		const all = await (await get("/stores?page=5000")).text();
		expect(storeCount(all)).toBe(307);
		expect(all).not.toContain('<a id="stores-more"');
		// An ajax "load more" past the end appends nothing and says so.
		const past = await get("/stores?page=40", true);
		expect(past.status).toBe(200);
		const payload = (await past.json()) as { snippets: Record<string, string> };
		expect(Object.keys(payload.snippets).sort()).toEqual(["snippet--storesList", "snippet--storesMore"]);
		expect(payload.snippets["snippet--storesList"]).toBe("");
		expect(payload.snippets["snippet--storesMore"]).toContain("To jsou všechny nalezené prodejny.");
	});

	it("answers a filter by ajax with the count, the results and the title, and load more with the next page", async () => {
		const filter = (await (await get("/en/stores?region=CZ-41", true)).json()) as {
			snippets: Record<string, string>;
		};
		expect(Object.keys(filter.snippets).sort()).toEqual([
			"snippet--storesCount",
			"snippet--storesResults",
			"snippet--title",
		]);
		expect(filter.snippets["snippet--title"]).toBe("Lumen partner stores – Karlovy Vary Region");
		expect(filter.snippets["snippet--storesCount"]).toBe("9 stores found");
		const more = (await (await get("/stores?page=2", true)).json()) as { snippets: Record<string, string> };
		expect(storeCount(more.snippets["snippet--storesList"] ?? "")).toBe(20);
		expect(more.snippets["snippet--storesMore"]).toContain('href="/stores?page=3"');
	});
});

describe("accessibility", () => {
	it.each([
		["Czech results", "/stores"],
		["English results", "/en/stores?region=CZ-64"],
		["Czech empty state", "/stores?region=CZ-10&q=Brno"],
		["English empty state", "/en/stores?q=zzzz"],
	])("axe finds nothing: %s", async (_, path) => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}${path}`);
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});

	it("axe finds nothing after stores were appended", async () => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}/stores`);
		await page.click("a#stores-more");
		await page.waitForFunction(() => document.querySelectorAll(".store-card").length === 40);
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});

	it("marks today's hours and says whether each store is open now", async () => {
		const { page } = await openPage(browser);
		await page.goto(`${origin()}/en/stores`);
		const card = page.locator(".store-card").first();
		expect(await card.locator("tr.is-today[aria-current=date]").count()).toBe(1);
		expect(await card.locator("tr.is-today .visually-hidden").textContent()).toMatch(/\(today\)$/);
		expect(await card.locator(".store-status").textContent()).toMatch(
			/^(Open until \d{1,2}:\d\d|Closed · opens .+)$/,
		);
		expect(await card.locator(".store-card__map").getAttribute("href")).toMatch(
			/^https:\/\/mapy\.cz\/zakladni\?q=/,
		);
		await page.context().close();
	});
});
