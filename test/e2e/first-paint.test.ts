/**
 * The runtime starts after the page's first paint (src/browser/first-paint.ts), or 500 ms after it
 * ran when the page paints nothing. Pages served by the test itself: one whose first paint waits for
 * a render-blocking script answered 200 ms late, one with nothing to paint.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const RENDER_DELAY = 200;
/**
 * What connecting the probe may take once the runtime starts: its chunk's request and import. Generous
 * for a busy machine, and still far below a start that waited for something else (a load event, a
 * second timer).
 */
const CONNECT_WITHIN = 3000;

async function openServed(body: string, head = ""): Promise<Page> {
	const { page } = await openPage(browser);
	await page.route(`${origin()}/_first-paint`, (route) =>
		route.fulfill({
			contentType: "text/html",
			body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>First paint</title>${head}
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body>${body}</body></html>`,
		}),
	);
	await page.route(`${origin()}/_render-blocking.js`, async (route) => {
		await new Promise((resolve) => setTimeout(resolve, RENDER_DELAY));
		await route.fulfill({ contentType: "text/javascript", body: "" });
	});
	// When the first component connected, on the page's clock.
	await page.addInitScript(() =>
		document.addEventListener(
			"component:connected",
			() => {
				(window as unknown as { connectedAt: number }).connectedAt ??= performance.now();
			},
			{ once: true },
		),
	);
	await page.goto(`${origin()}/_first-paint`);
	await page.waitForFunction(() => window.probeLog?.includes("connect:probe"));
	return page;
}

describe("runtime start", () => {
	it("waits for the first paint: components connect after it, not while the page is still blank", async () => {
		const page = await openServed(
			'<main><h1>Content</h1><p id="probe" data-component="probe">probe</p></main>',
			'<script async blocking="render" src="/_render-blocking.js"></script>',
		);
		const { connectedAt, paintedAt } = await page.evaluate(() => ({
			connectedAt: (window as unknown as { connectedAt: number }).connectedAt,
			paintedAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
		}));
		// The paint waited for the late script; without the wait the runtime connects long before it.
		expect(paintedAt).toBeGreaterThanOrEqual(RENDER_DELAY);
		expect(connectedAt).toBeGreaterThanOrEqual(paintedAt);
		expect(connectedAt).toBeLessThan(paintedAt + CONNECT_WITHIN);
		await page.context().close();
	});

	it("starts on a page that paints nothing, once 500 ms have passed", async () => {
		const page = await openServed('<p id="probe" data-component="probe" hidden></p>');
		const { connectedAt, paints } = await page.evaluate(() => ({
			connectedAt: (window as unknown as { connectedAt: number }).connectedAt,
			paints: performance.getEntriesByType("paint").length,
		}));
		expect(paints).toBe(0);
		expect(connectedAt).toBeGreaterThanOrEqual(500);
		expect(connectedAt).toBeLessThan(500 + CONNECT_WITHIN);
		await page.context().close();
	});
});
