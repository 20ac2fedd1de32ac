import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOUCH_RELEASE_DELAY } from "../../src/constants";
import { connectBrowser } from "../helpers/browser";
import { openWithComponents, waitForConnected } from "../helpers/components";
import { exposeServices } from "../helpers/page-runtime";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const bodyMode = (page: import("playwright-core").Page) =>
	page.evaluate(() => ({
		classes: ["is-touch", "is-mouse"].filter((name) => document.body.classList.contains(name)),
		current: window.services!.inputMode.current,
	}));

describe("input mode", () => {
	it("switches to touch on a touch, and back to mouse on the first mouse move once the touch has ended", async () => {
		// The page's clock stands still once the runtime has started: the release delay passes when told.
		const { page } = await openWithComponents(browser, "/_fixtures/page/native", (page) =>
			page.clock.install(),
		);
		await exposeServices(page);
		await page.clock.pauseAt(Date.now() + 1000);
		expect(await bodyMode(page)).toEqual({ classes: ["is-mouse"], current: "mouse" });

		const session = await page.context().newCDPSession(page);
		await session.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
		await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 300, y: 300 }] });
		expect(await bodyMode(page)).toEqual({ classes: ["is-touch"], current: "touch" });
		// While the finger is down, and until TOUCH_RELEASE_DELAY after it lifts, mouse moves do not count.
		await page.mouse.move(310, 310);
		await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
		await page.mouse.move(320, 320);
		expect(await bodyMode(page)).toEqual({ classes: ["is-touch"], current: "touch" });

		await page.clock.runFor(TOUCH_RELEASE_DELAY);
		await page.mouse.move(330, 330);
		expect(await bodyMode(page)).toEqual({ classes: ["is-mouse"], current: "mouse" });
		await page.context().close();
	});
});

describe("breakpoints", () => {
	it("give the same breakpoint to JavaScript and CSS, with a change event per crossing", async () => {
		const { page } = await openWithComponents(browser, "/_fixtures/page/smooth");
		await page.setViewportSize({ width: 1023, height: 700 });
		await waitForConnected(page, ".scroll-container");
		await exposeServices(page);
		const thumbWidth = () => page.$eval(".scrollbar__thumb", (thumb) => getComputedStyle(thumb).width);
		expect(await page.evaluate(() => window.services!.viewport.breakpoint)).toBe("medium");
		expect(await page.evaluate(() => window.services!.viewport.atLeast("large"))).toBe(false);
		// The width changes with a transition (from the wider thumb of the initial, larger viewport).
		await expect.poll(thumbWidth).toBe("6px");
		await page.evaluate(() => {
			const log: string[] = [];
			(window as unknown as { breakpoints: string[] }).breakpoints = log;
			window.services!.viewport.onBreakpointChange((breakpoint) => log.push(breakpoint));
		});

		await page.setViewportSize({ width: 1024, height: 700 });
		await page.waitForFunction(() => (window as unknown as { breakpoints: string[] }).breakpoints.length > 0);
		expect(await page.evaluate(() => window.services!.viewport.breakpoint)).toBe("large");
		// The CSS rule written as @media (--large) applies at the very same width (after its transition).
		await page.waitForFunction(
			() => getComputedStyle(document.querySelector(".scrollbar__thumb")!).width === "7px",
		);

		await page.setViewportSize({ width: 1100, height: 700 });
		await page.setViewportSize({ width: 300, height: 700 });
		await page.waitForFunction(() => (window as unknown as { breakpoints: string[] }).breakpoints.length > 1);
		expect(await page.evaluate(() => (window as unknown as { breakpoints: string[] }).breakpoints)).toEqual([
			"large",
			"small",
		]);
		await page.context().close();
	});
});
