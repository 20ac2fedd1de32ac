/**
 * The runtime starts after the page's first paint (src/browser/first-paint.ts), or 500 ms after it
 * ran when the page paints nothing. Pages served by the test itself: one whose first paint waits for
 * a render-blocking script the test answers when it chooses, one with nothing to paint.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/**
 * Opens a page served by the test, with the page's clock standing still from before navigation (only
 * runFor moves it, so a busy machine's pauses count as no time) and its paints recorded in `paints`.
 * A render-blocking script, if the page has one, is answered once `unblock` is called.
 */
async function openServed(body: string, head = ""): Promise<{ page: Page; unblock(): void }> {
	const { promise: unblocked, resolve: unblock } = Promise.withResolvers<void>();
	const { page } = await openPage(browser);
	await page.route(`${origin()}/_first-paint`, (route) =>
		route.fulfill({
			contentType: "text/html",
			body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>First paint</title>${head}
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body>${body}</body></html>`,
		}),
	);
	await page.route(`${origin()}/_render-blocking.js`, async (route) => {
		await unblocked;
		await route.fulfill({ contentType: "text/javascript", body: "" });
	});
	// The page's performance timeline is the clock's: paints are observed instead.
	await page.addInitScript(() => {
		const paints: string[] = [];
		Object.assign(window, { paints });
		new PerformanceObserver((list) => paints.push(...list.getEntries().map((entry) => entry.name))).observe({
			type: "paint",
			buffered: true,
		});
	});
	await page.clock.install();
	await page.clock.pauseAt(Date.now() + 1000);
	// Not the load event: the render-blocking script holds it back too.
	await page.goto(`${origin()}/_first-paint`, { waitUntil: "domcontentloaded" });
	return { page, unblock };
}

const started = (page: Page) => page.evaluate(() => window.runtimeStarted === true);
const paints = (page: Page) => page.evaluate(() => (window as unknown as { paints: string[] }).paints);

/** Lets the clock run on and waits for the probe component to connect. */
async function expectProbeConnected(page: Page): Promise<void> {
	await page.clock.resume();
	await page.waitForFunction(() => window.probeLog?.includes("connect:probe"));
}

describe("runtime start", () => {
	it("waits for the first paint: components connect after it, not while the page is still blank", async () => {
		const { page, unblock } = await openServed(
			'<main><h1>Content</h1><p id="probe" data-component="probe">probe</p></main>',
			'<script async blocking="render" src="/_render-blocking.js"></script>',
		);
		// Blank while the script is loading: no start, however long that takes (under the 500 ms for a
		// page that paints nothing).
		await page.clock.runFor(400);
		expect(await paints(page)).toEqual([]);
		expect(await started(page)).toBe(false);
		unblock();
		await page.waitForFunction(() =>
			(window as unknown as { paints: string[] }).paints.includes("first-contentful-paint"),
		);
		// The start follows the paint in a task of its own, long before the 500 ms.
		await page.clock.runFor(1);
		expect(await started(page)).toBe(true);
		await expectProbeConnected(page);
		await page.context().close();
	});

	it("starts on a page that paints nothing, once 500 ms have passed", async () => {
		const { page } = await openServed('<p id="probe" data-component="probe" hidden></p>');
		await page.clock.runFor(499);
		expect(await started(page)).toBe(false);
		// The wait, and then the start in a task of its own, which the clock runs 1 ms later.
		await page.clock.runFor(2);
		expect(await started(page)).toBe(true);
		expect(await paints(page)).toEqual([]);
		await expectProbeConnected(page);
		await page.context().close();
	});
});
