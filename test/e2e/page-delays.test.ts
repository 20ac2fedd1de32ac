/**
 * The page behaviours' delays, each to the millisecond: resize handlers 50 ms after the last resize,
 * a touch that ends 100 ms after release, the jump to the address's fragment 100 ms after load. The
 * page's clock is Playwright's, moved only by the test (`runFor`), so a busy machine's pauses between
 * two steps of a test count as no time at all.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";
import { openWithComponents, recordConnectedComponents } from "../helpers/components";
import { exposeServices, topOf } from "../helpers/page-runtime";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** A page whose runtime has started, its clock standing still from then on. */
async function openStill(path: string): Promise<Page> {
	const { page } = await openWithComponents(browser, path, (page) => page.clock.install());
	await waitForRuntime(page);
	await exposeServices(page);
	await page.clock.pauseAt(Date.now() + 1000);
	return page;
}

describe("resize handlers", () => {
	it("run 50 ms after the last resize event of a burst", async () => {
		const page = await openStill("/_fixtures/page/native");
		await page.evaluate(() => {
			const counter = window as unknown as { resizes: number };
			counter.resizes = 0;
			window.services!.viewport.onResize(() => counter.resizes++);
		});
		const resize = () => page.evaluate(() => window.dispatchEvent(new Event("resize")));
		const resizes = () => page.evaluate(() => (window as unknown as { resizes: number }).resizes);

		await resize();
		await page.clock.runFor(30);
		await resize();
		await page.clock.runFor(49);
		expect(await resizes()).toBe(0);
		await page.clock.runFor(1);
		expect(await resizes()).toBe(1);
		await page.clock.runFor(500);
		expect(await resizes()).toBe(1);
		await page.context().close();
	});
});

describe("input mode", () => {
	it("keeps a touch active until 100 ms after release: a mouse move before then stays touch", async () => {
		const page = await openStill("/_fixtures/page/native");
		const mode = () => page.evaluate(() => window.services!.inputMode.current);
		const session = await page.context().newCDPSession(page);
		await session.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
		await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 300, y: 300 }] });
		await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
		expect(await mode()).toBe("touch");

		await page.clock.runFor(99);
		await page.mouse.move(310, 310);
		expect(await mode()).toBe("touch");
		await page.clock.runFor(1);
		await page.mouse.move(320, 320);
		expect(await mode()).toBe("mouse");
		expect(await page.evaluate(() => document.body.className)).toContain("is-mouse");
		await page.context().close();
	});
});

describe("hash navigation", () => {
	/**
	 * Opened at `#section` with its load event held back (the preloaded fonts wait for the test), so
	 * that the runtime has started before load and the clock can stand still from before load on.
	 */
	async function openBeforeLoad(): Promise<{ page: Page; load(): Promise<void> }> {
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		const { page } = await openPage(browser);
		await recordConnectedComponents(page);
		await page.clock.install();
		await page.route("**/*.woff2", async (route) => {
			await released;
			await route.continue();
		});
		await page.goto(`${origin()}/_fixtures/page/native#section`, { waitUntil: "domcontentloaded" });
		await waitForRuntime(page);
		expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
		await page.clock.pauseAt(Date.now() + 1000);
		const load = async () => {
			release();
			await page.waitForFunction(() => document.readyState === "complete");
		};
		return { page, load };
	}

	it("scrolls to the address's fragment, and focuses it, 100 ms after the load event", async () => {
		const { page, load } = await openBeforeLoad();
		await load();
		const focused = () => page.evaluate(() => document.activeElement?.id);
		await page.clock.runFor(99);
		expect(await focused()).not.toBe("section");
		await page.clock.runFor(1);
		expect(await focused()).toBe("section");
		expect(await topOf(page, "#section")).toBeCloseTo(80, 0);
		await page.context().close();
	});
});
