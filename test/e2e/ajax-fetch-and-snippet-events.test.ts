/**
 * `services.ajax.send(request, { apply: false })`, which returns the payload and leaves the page alone,
 * and the per-snippet `snippet:update` / `snippet:updated` events (docs/events.md).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/browser/services";
import { connectBrowser, openPage, origin } from "../helpers/browser";

declare global {
	interface Window {
		testServices?: Services;
		snippetLog?: string[];
	}
}

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

async function open(): Promise<Page> {
	const { page } = await openPage(browser);
	await page.goto(`${origin()}/_fixtures/ajax`);
	// The runtime has started once the components of the initial HTML are connected.
	await page.waitForFunction(() => window.probeLog?.includes("connect:listener"));
	await page.evaluate(async () => {
		// Not a literal import(): the test's own transform would rewrite it.
		const load = new Function("url", "return import(url)") as (
			url: string,
		) => Promise<{ services: Services }>;
		window.testServices = (await load("/assets/frontend/js/runtime.js")).services;
	});
	return page;
}

/** What the page shows that an applied answer would change. */
const pageState = (page: Page) =>
	page.evaluate(() => ({
		echo: document.querySelector("#echo")?.textContent,
		pageNumber: document.querySelector("#page-number")?.textContent,
		title: document.title,
		url: location.href,
		entries: history.length,
		errorBox: document.querySelector(".ajax-error") !== null,
	}));

describe("send(request, { apply: false })", () => {
	it("returns the payload without touching the page, with the sender's loading state meanwhile", async () => {
		const page = await open();
		const before = await pageState(page);
		const result = await page.evaluate(async () => {
			const element = document.querySelector("#next")!;
			const events: string[] = [];
			for (const type of ["ajax:before", "ajax:success", "ajax:error"] as const) {
				document.addEventListener(type, () => events.push(type));
			}
			const sending = window.testServices!.ajax.send(
				{ url: "/_fixtures/ajax?page=7", method: "GET", element, history: false },
				{ apply: false },
			);
			const loading = element.classList.contains("is-loading");
			const payload = await sending;
			return {
				loading,
				loadingAfter: element.classList.contains("is-loading"),
				events,
				title: payload?.snippets["snippet--title"],
				page: /Page (<!-- -->)?7/.test(payload?.snippets["snippet--page"] ?? ""),
			};
		});
		expect(result).toEqual({
			loading: true,
			loadingAfter: false,
			events: ["ajax:before", "ajax:success"],
			title: expect.stringContaining("Ajax page 7"),
			page: true,
		});
		expect(await pageState(page)).toEqual(before);
		await page.context().close();
	});

	it("resolves undefined for a failure or an abort, and shows no error box", async () => {
		const page = await open();
		const before = await pageState(page);
		const result = await page.evaluate(async () => {
			const element = document.querySelector("#next")!;
			const ajax = window.testServices!.ajax;
			const failed = await ajax.send(
				{ url: "/_fixtures/ajax/echo?status=500", method: "GET", element, history: false },
				{ apply: false },
			);
			// A GET answered with a page is not followed either.
			const html = await ajax.send(
				{ url: "/_fixtures/ajax/html", method: "GET", element, history: false },
				{ apply: false },
			);
			const controller = new AbortController();
			const slow = ajax.send(
				{ url: "/_fixtures/ajax/echo?delay=1500", method: "GET", element, history: false },
				{ apply: false, signal: controller.signal },
			);
			controller.abort();
			return { failed, html, aborted: await slow };
		});
		expect(result).toEqual({});
		expect(await pageState(page)).toEqual(before);
		await page.context().close();
	});

	it("neither aborts the page's running request nor is aborted by it", async () => {
		const page = await open();
		const outcome = await page.evaluate(async () => {
			const ajax = window.testServices!.ajax;
			const fetched = ajax.send(
				{ url: "/_fixtures/ajax/echo?delay=300", method: "GET", element: document.body, history: false },
				{ apply: false },
			);
			document.querySelector<HTMLAnchorElement>("#next")!.click();
			const payload = await fetched;
			return { fetched: payload !== undefined };
		});
		expect(outcome).toEqual({ fetched: true });
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		await page.context().close();
	});
});

describe("snippet:update and snippet:updated", () => {
	/** Logs the snippet events on document, with what the snippet and focus were at each. */
	const logSnippetEvents = (page: Page) =>
		page.evaluate(() => {
			const log: string[] = [];
			window.snippetLog = log;
			for (const type of ["snippet:update", "snippet:updated"] as const) {
				document.addEventListener(type, (event) => {
					const snippet = event.target as HTMLElement;
					const shown = snippet.querySelector("#page-number")?.textContent ?? "";
					log.push(`${type} ${snippet.id} ${event.detail.appended} ${shown}`.trim());
				});
			}
		});

	it("are dispatched on each snippet before and after the answer changes it, bubbling to document", async () => {
		const page = await open();
		await logSnippetEvents(page);
		await page.click("#next");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		expect(await page.evaluate(() => window.snippetLog)).toEqual([
			"snippet:update snippet--nav false",
			"snippet:update snippet--page false Page 1",
			"snippet:update snippet--list true",
			"snippet:update snippet--echo false",
			"snippet:updated snippet--nav false",
			"snippet:updated snippet--page false Page 2",
			"snippet:updated snippet--list true",
			"snippet:updated snippet--echo false",
		]);
		// Going back restores the snippets: the same events, nothing appended.
		await page.evaluate(() => {
			window.snippetLog!.length = 0;
			history.back();
		});
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 1");
		expect(await page.evaluate(() => window.snippetLog)).toContain(
			"snippet:updated snippet--page false Page 1",
		);
		await page.context().close();
	});

	it("snippet:updated comes once focus is back in a replaced field; a cancelled snippet:update keeps the content", async () => {
		const page = await open();
		await page.focus("#focus-me");
		await page.evaluate(() => {
			const focused: string[] = [];
			(window as unknown as { focused: string[] }).focused = focused;
			const page = document.querySelector("#snippet--page")!;
			page.addEventListener("snippet:updated", () => focused.push(document.activeElement?.id ?? ""));
			document
				.querySelector("#snippet--nav")!
				.addEventListener("snippet:update", (event) => event.preventDefault());
		});
		const nav = await page.innerHTML("#snippet--nav");
		await page.evaluate(() => document.querySelector<HTMLAnchorElement>("#no-history")!.click());
		await page.waitForFunction(() => (window as unknown as { focused: string[] }).focused.length === 1);
		expect(await page.evaluate(() => (window as unknown as { focused: string[] }).focused)).toEqual([
			"focus-me",
		]);
		expect(await page.innerHTML("#snippet--nav")).toBe(nav);
		await page.context().close();
	});
});
