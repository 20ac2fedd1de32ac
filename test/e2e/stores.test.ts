/** The store finder with JavaScript: autosubmitted filters, "load more", history. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** `prepare` runs before navigation (the clock). */
async function open(path = "/stores", prepare?: (page: Page) => Promise<unknown>) {
	const observed = await openPage(browser);
	await prepare?.(observed.page);
	await observed.page.goto(`${origin()}${path}`);
	await waitForRuntime(observed.page);
	// Set on the document: still there after an ajax update, gone after a page load.
	await observed.page.evaluate(() => {
		(window as unknown as { samePage: boolean }).samePage = true;
	});
	return observed;
}

const names = (page: Page) => page.locator(".store-card__name").allTextContents();
const count = (page: Page) => page.locator(".stores__count").textContent();
const historyLength = (page: Page) => page.evaluate(() => history.length);
const samePage = (page: Page) =>
	page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
const cardCount = (page: Page, expected: number) =>
	page.waitForFunction((n) => document.querySelectorAll(".store-card").length === n, expected);

/** The store names a page shows when loaded without ajax. */
async function namesWithoutAjax(page: Page, path: string): Promise<string[]> {
	const html = await (await fetch(`${origin()}${path}`)).text();
	const parsed = await page.evaluate((source) => {
		const doc = new DOMParser().parseFromString(source, "text/html");
		return [...doc.querySelectorAll(".store-card__name")].map((element) => element.textContent ?? "");
	}, html);
	return parsed;
}

describe("filters", () => {
	it("submits itself when a region is chosen: list, count, title and address update, history gets no entry", async () => {
		const { page } = await open();
		const length = await historyLength(page);
		expect(await page.locator(".store-card").count()).toBe(20);
		await page.selectOption("#frm-stores-region", "CZ-41");
		await page.waitForFunction(() => location.search === "?region=CZ-41&q=");
		await cardCount(page, 9);
		expect(await count(page)).toBe("Našli jsme 9 prodejen");
		expect(new Set(await page.locator(".store-card__region").allTextContents())).toEqual(
			new Set(["Karlovarský kraj"]),
		);
		expect(await page.title()).toContain("Karlovarský kraj");
		expect(await historyLength(page)).toBe(length);
		expect(await samePage(page)).toBe(true);
		// Everything fits on one page: no link to load more.
		expect(await page.locator("a#stores-more").count()).toBe(0);
		// What the address bar says is what the server shows for it.
		expect(await names(page)).toEqual(await namesWithoutAjax(page, "/stores?region=CZ-41&q="));
		await page.context().close();
	});

	it("filters by typed text 200 ms after the last keystroke, with one request and the caret kept", async () => {
		const { page } = await open("/stores", (page) => page.clock.install());
		// Paused, the page's clock moves only by runFor: a slow machine's pauses between keys cannot count
		// as the 200 ms of the debounce, and a request sent too early shows on the page's own clock.
		await page.clock.pauseAt(Date.now() + 1000);
		await page.evaluate(() => {
			const log = window as unknown as { lastKeyup: number; fetches: [string, number][] };
			log.fetches = [];
			document.addEventListener("keyup", () => {
				log.lastKeyup = performance.now();
			});
			const original = window.fetch.bind(window);
			window.fetch = (input, init) => {
				log.fetches.push([String(input), performance.now()]);
				return original(input, init);
			};
		});
		const fetched = () =>
			page.evaluate(() => (window as unknown as { fetches: [string, number][] }).fetches.length);
		await page.click("#frm-stores-q");
		// Each key 150 ms after the one before: all of them together take longer than the debounce.
		for (const [index, key] of [..."plzen"].entries()) {
			if (index > 0) await page.clock.runFor(150);
			await page.keyboard.type(key);
		}
		await page.clock.runFor(199);
		expect(await fetched()).toBe(0);
		await page.clock.runFor(1);
		expect(await fetched()).toBe(1);
		await page.clock.resume();
		await page.waitForFunction(() => location.search === "?region=&q=plzen");
		await page.waitForFunction(() =>
			[...document.querySelectorAll(".store-card__address")].every((card) =>
				/Plzeň/.test(card.textContent ?? ""),
			),
		);
		const { fetches, lastKeyup } = await page.evaluate(() => {
			const log = window as unknown as { lastKeyup: number; fetches: [string, number][] };
			return { fetches: log.fetches, lastKeyup: log.lastKeyup };
		});
		expect(fetches.map(([url]) => new URL(url).search)).toEqual(["?region=&q=plzen"]);
		expect(fetches[0]![1] - lastKeyup).toBe(200);
		expect(await count(page)).toMatch(/^Našli jsme \d+ prodej/);
		// Accent-insensitive: "plzen" finds Plzeň.
		expect(await page.locator(".store-card").count()).toBeGreaterThan(0);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-stores-q");
		expect(await page.inputValue("#frm-stores-q")).toBe("plzen");
		expect(await samePage(page)).toBe(true);
		await page.context().close();
	});

	it("shows a helpful empty state, and the list again once the text is cleared", async () => {
		const { page } = await open("/stores?region=CZ-10");
		await page.click("#frm-stores-q");
		await page.keyboard.type("Brno");
		// Not an answer for "Br" or "Brn", sent when a busy machine paused between two keys for longer than
		// the debounce.
		await page.waitForFunction(() => location.search === "?region=CZ-10&q=Brno");
		await page.locator(".stores-empty").waitFor();
		expect(await count(page)).toBe("Našli jsme 0 prodejen");
		const links = page.locator(".stores-empty a");
		expect(await links.allTextContents()).toEqual([
			"Hledat „Brno“ ve všech krajích",
			"Zobrazit všechny prodejny",
		]);
		expect(await links.first().getAttribute("href")).toBe("/stores?q=Brno");
		// The clear button empties the field and the form submits itself again.
		await page.click(".text-input__clear");
		await cardCount(page, 20);
		await page.waitForFunction(() => location.search === "?region=CZ-10&q=");
		expect(await count(page)).toBe("Našli jsme 43 prodejen");
		await page.context().close();
	});

	it("keeps English pages English", async () => {
		const { page } = await open("/en/stores");
		await page.selectOption("#frm-stores-region", "CZ-51");
		await page.waitForFunction(
			() => location.pathname === "/en/stores" && location.search.startsWith("?region=CZ-51"),
		);
		await page.waitForFunction(
			() => document.querySelector(".stores__count")?.textContent === "14 stores found",
		);
		expect(new Set(await page.locator(".store-card__region").allTextContents())).toEqual(
			new Set(["Liberec Region"]),
		);
		await page.context().close();
	});
});

describe("load more", () => {
	it("appends the next 20 stores, updates the link, and replaces it at the end; the address stays", async () => {
		const { page } = await open("/stores?region=CZ-10");
		const length = await historyLength(page);
		const firstPage = await names(page);
		const more = page.locator("a#stores-more");
		expect(await more.textContent()).toBe("Načíst dalších 20 prodejen");
		expect(await more.getAttribute("href")).toBe("/stores?region=CZ-10&page=2");

		await more.click();
		await cardCount(page, 40);
		expect((await names(page)).slice(0, 20)).toEqual(firstPage);
		expect(await more.textContent()).toBe("Načíst další 3 prodejny");
		expect(await more.getAttribute("href")).toBe("/stores?region=CZ-10&page=3");
		// The new link took the old one's place: focus stays on it.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("stores-more");

		await more.click();
		await cardCount(page, 43);
		expect(await more.count()).toBe(0);
		expect(await page.locator("#stores-more").textContent()).toBe("To jsou všechny nalezené prodejny.");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("stores-more");

		// The appended list is what the server shows for all three pages, in order, without repeats.
		expect(await names(page)).toEqual(await namesWithoutAjax(page, "/stores?region=CZ-10&page=3"));
		expect(page.url()).toBe(`${origin()}/stores?region=CZ-10`);
		expect(await historyLength(page)).toBe(length);
		expect(await samePage(page)).toBe(true);
		await page.context().close();
	});

	it("starts again from the first page after the filter changes", async () => {
		const { page } = await open("/stores?region=CZ-20");
		await page.click("a#stores-more");
		await cardCount(page, 38);
		await page.selectOption("#frm-stores-region", "CZ-64");
		await page.waitForFunction(
			() => document.querySelector(".stores__count")?.textContent === "Našli jsme 32 prodejen",
		);
		await cardCount(page, 20);
		expect(await page.locator("a#stores-more").getAttribute("href")).toBe("/stores?region=CZ-64&page=2");
		await page.context().close();
	});
});

describe("a filter request still loading", () => {
	/**
	 * Types "praha" into the filter and holds its request (the first one only) until the test ends it:
	 * `end("abort")` fails it as a lost connection, `end()` lets it go.
	 */
	async function typeHeld(page: Page) {
		const { promise: held, resolve: seen } = Promise.withResolvers<void>();
		const { promise: ended, resolve: end } = Promise.withResolvers<"abort" | undefined>();
		let first = true;
		await page.route("**/stores?region=&q=praha", async (route) => {
			if (!first) return route.continue();
			first = false;
			seen();
			const how = await ended;
			await (how === "abort" ? route.abort("internetdisconnected") : route.continue()).catch(() => undefined);
		});
		await page.click("#frm-stores-q");
		await page.keyboard.type("praha");
		await held;
		return end;
	}

	/** The field and the results agree: the filtered stores, their count and address. */
	async function filtered(page: Page): Promise<void> {
		await page.waitForFunction(() => location.search === "?region=&q=praha", undefined, { timeout: 15_000 });
		await page.waitForFunction(() => !document.querySelector(".stores-filter.is-loading"));
		expect(await names(page)).toEqual(await namesWithoutAjax(page, "/stores?region=&q=praha"));
		expect(await page.inputValue("#frm-stores-q")).toBe("praha");
		expect(await samePage(page)).toBe(true);
	}

	it("lets it finish when 'load more' is clicked meanwhile, and then loads more of the filtered stores", async () => {
		const { page, requests } = await open();
		const end = await typeHeld(page);
		// Leaving the field sends nothing new (its data is loading); the link was made for the unfiltered list.
		await page.click("a#stores-more");
		end(undefined);
		await page.waitForFunction(() => !document.querySelector(".stores-filter.is-loading"));
		expect(page.url()).toBe(`${origin()}/stores?region=&q=praha`);
		await filtered(page);
		expect(requests.filter((url) => url.includes("page="))).toEqual([]);
		// The link the answer brought carries the filter; focus moved to it from the one it replaced.
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("stores-more");
		await page.click("a#stores-more");
		await page.waitForFunction(() => !document.querySelector("#stores-more.is-loading"));
		expect(await names(page)).toEqual(await namesWithoutAjax(page, "/stores?q=praha&page=2"));
		expect(await page.inputValue("#frm-stores-q")).toBe("praha");
		await page.context().close();
	});

	it("sends the filter again when the field is left after its request failed", async () => {
		const { page } = await open();
		const end = await typeHeld(page);
		end("abort");
		await page.locator(".ajax-error").waitFor();
		await page.keyboard.press("Tab");
		await filtered(page);
		expect(await page.locator(".ajax-error").count()).toBe(0);
		await page.context().close();
	});
});

describe("history", () => {
	it("leaves the finder with one step back, and back, forward and reload show the filtered stores", async () => {
		const { page } = await open("/");
		await page.click(`header a[href="/stores"]`);
		await page.waitForURL(`${origin()}/stores`);
		await waitForRuntime(page);
		await page.selectOption("#frm-stores-region", "CZ-41");
		await cardCount(page, 9);
		await page.click("#frm-stores-q");
		await page.keyboard.type("Cheb");
		await cardCount(page, 1);
		await page.waitForFunction(() => location.search === "?region=CZ-41&q=Cheb");

		const expectCheb = async () => {
			await cardCount(page, 1);
			expect(await names(page)).toEqual(["Pleťovka Cheb"]);
			expect(await page.inputValue("#frm-stores-region")).toBe("CZ-41");
			expect(await page.inputValue("#frm-stores-q")).toBe("Cheb");
			expect(await count(page)).toBe("Našli jsme 1 prodejnu");
		};

		await page.goBack();
		expect(page.url()).toBe(`${origin()}/`);
		await page.goForward();
		expect(page.url()).toBe(`${origin()}/stores?region=CZ-41&q=Cheb`);
		await expectCheb();
		await page.reload();
		await expectCheb();
		await page.context().close();
	});

	// Fails while the runtime's snippet history (ajax/history.ts) records only the snippets a payload names, not those nested
	// in them: stepping back restores the nested list as the page first showed it (reported to the lead).
	it("keeps the filtered stores when the user steps back within the page (skip link)", async () => {
		const { page } = await open("/stores");
		await page.selectOption("#frm-stores-region", "CZ-41");
		await cardCount(page, 9);
		await page.focus(".skip-link");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => location.hash === "#main");
		await page.goBack();
		await page.waitForFunction(() => location.hash === "");
		expect(page.url()).toBe(`${origin()}/stores?region=CZ-41&q=`);
		expect(await page.locator(".store-card").count()).toBe(9);
		expect(new Set(await page.locator(".store-card__region").allTextContents())).toEqual(
			new Set(["Karlovarský kraj"]),
		);
		await page.context().close();
	});
});
