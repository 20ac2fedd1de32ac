import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, origin } from "../helpers/browser";
import {
	globalListenerCount,
	insertSnippet,
	openWithComponents,
	removeAndWait,
	serverHtml,
	waitForConnected,
} from "../helpers/components";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const PLAIN = "#gallery-advantages-carousel .carousel:has(#gallery-carousel)";
const AUTOPLAY = "#gallery-advantages-carousel .carousel:has(#gallery-carousel-autoplay)";

/** A phone-sized page (one slide per view: five stops for five slides). */
async function openCarousels(prepare?: (page: Page) => Promise<void>): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", async (page) => {
		await page.setViewportSize({ width: 390, height: 800 });
		await prepare?.(page);
	});
	await waitForConnected(page, PLAIN);
	await waitForConnected(page, AUTOPLAY);
	return page;
}

const status = (page: Page, carousel: string) => page.textContent(`${carousel} .carousel__status`);
const currentDot = (page: Page, carousel: string) =>
	page.$$eval(`${carousel} .carousel__dot`, (dots) => dots.findIndex((dot) => dot.ariaCurrent === "true"));

describe("advantages carousel", () => {
	it("moves with the buttons and the dots and announces the position", async () => {
		const page = await openCarousels();
		expect(await page.locator(`${PLAIN} .carousel__dot`).count()).toBe(5);
		expect(await page.isDisabled(`${PLAIN} .carousel__previous`)).toBe(true);
		await page.click(`${PLAIN} .carousel__next`);
		await page.waitForFunction(
			(sel) => document.querySelector(sel)?.textContent === "Snímek 2 z 5",
			`${PLAIN} .carousel__status`,
		);
		expect(await currentDot(page, PLAIN)).toBe(1);
		expect(await page.getAttribute(`${PLAIN} .carousel__status`, "aria-live")).toBe("polite");
		await page.click(`${PLAIN} .carousel__dot >> nth=4`);
		await page.waitForFunction(
			(sel) => document.querySelector(sel)?.textContent === "Snímek 5 z 5",
			`${PLAIN} .carousel__status`,
		);
		expect(await page.isDisabled(`${PLAIN} .carousel__next`)).toBe(true);
		await page.click(`${PLAIN} .carousel__previous`);
		await page.waitForFunction(
			(sel) => document.querySelector(sel)?.textContent === "Snímek 4 z 5",
			`${PLAIN} .carousel__status`,
		);
		expect(await page.getAttribute(`${PLAIN} .carousel__dot >> nth=3`, "aria-label")).toBe(
			"Přejít na snímek 4",
		);
		await page.context().close();
	});

	it("moves with arrow keys, Home and End on the focused row", async () => {
		const page = await openCarousels();
		await page.focus(`${PLAIN} .carousel__track`);
		await page.keyboard.press("ArrowRight");
		await page.keyboard.press("ArrowRight");
		expect(await currentDot(page, PLAIN)).toBe(2);
		await page.keyboard.press("End");
		expect(await currentDot(page, PLAIN)).toBe(4);
		await page.keyboard.press("ArrowLeft");
		expect(await currentDot(page, PLAIN)).toBe(3);
		await page.keyboard.press("Home");
		expect(await currentDot(page, PLAIN)).toBe(0);
		expect(await status(page, PLAIN)).toBe("Snímek 1 z 5");
		await page.context().close();
	});

	it("moves with a swipe (pointer drag)", async () => {
		const page = await openCarousels();
		const box = (await page.locator(`${PLAIN} .carousel__viewport`).boundingBox())!;
		await page.locator(PLAIN).scrollIntoViewIfNeeded();
		const y = (await page.locator(`${PLAIN} .carousel__viewport`).boundingBox())!.y + box.height / 2;
		await page.mouse.move(box.x + box.width * 0.8, y);
		await page.mouse.down();
		for (const step of [0.7, 0.5, 0.3, 0.1]) await page.mouse.move(box.x + box.width * step, y);
		await page.mouse.up();
		await page.waitForFunction(
			(sel) => document.querySelector(sel)?.textContent === "Snímek 2 z 5",
			`${PLAIN} .carousel__status`,
		);
		await page.context().close();
	});

	it("plays by itself, pauses on hover and focus, stops with its button", async () => {
		const page = await openCarousels((page) => page.clock.install());
		expect(await page.getAttribute(`${AUTOPLAY} .carousel__status`, "aria-live")).toBe("off");
		await page.clock.runFor(5_100);
		await page.waitForFunction(
			(sel) => document.querySelectorAll(sel)[1]?.ariaCurrent === "true",
			`${AUTOPLAY} .carousel__dot`,
		);

		await page.hover(`${AUTOPLAY} .carousel__viewport`);
		await page.clock.runFor(12_000);
		expect(await currentDot(page, AUTOPLAY)).toBe(1);
		await page.mouse.move(0, 0);
		await page.clock.runFor(5_100);
		await page.waitForFunction(
			(sel) => document.querySelectorAll(sel)[2]?.ariaCurrent === "true",
			`${AUTOPLAY} .carousel__dot`,
		);

		await page.focus(`${AUTOPLAY} .carousel__track`);
		await page.clock.runFor(12_000);
		expect(await currentDot(page, AUTOPLAY)).toBe(2);
		expect(await page.getAttribute(`${AUTOPLAY} .carousel__status`, "aria-live")).toBe("polite");

		await page.focus(`${AUTOPLAY} .carousel__play`);
		expect(await page.getAttribute(`${AUTOPLAY} .carousel__play`, "aria-label")).toBe(
			"Zastavit automatické přehrávání",
		);
		await page.keyboard.press("Enter");
		expect(await page.getAttribute(`${AUTOPLAY} .carousel__play`, "aria-label")).toBe(
			"Spustit automatické přehrávání",
		);
		await page.focus("h1");
		await page.clock.runFor(12_000);
		expect(await currentDot(page, AUTOPLAY)).toBe(2);
		await page.context().close();
	});

	it("does not play under reduced motion nor in the content-editing view", async () => {
		const reduced = await openCarousels(async (page) => {
			await page.clock.install();
			await page.emulateMedia({ reducedMotion: "reduce" });
		});
		await reduced.clock.runFor(12_000);
		expect(await currentDot(reduced, AUTOPLAY)).toBe(0);
		await reduced.context().close();

		const cms = await openCarousels(async (page) => {
			await page.clock.install();
			await page.route(`${origin()}/_components`, async (route) => {
				const response = await route.fetch();
				const body = (await response.text()).replace('data-cms-mode="0"', 'data-cms-mode="1"');
				await route.fulfill({ response, body });
			});
		});
		expect(await cms.getAttribute("html", "data-cms-mode")).toBe("1");
		await cms.clock.runFor(12_000);
		expect(await currentDot(cms, AUTOPLAY)).toBe(0);
		await cms.context().close();
	});

	it("shows every slide in a scrollable row without JavaScript, in the same place as with it", async () => {
		const layout = async (javaScriptEnabled: boolean) => {
			const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 800 } });
			const page = await context.newPage();
			// The system font in both: with font-display: optional, whether Figtree arrives in time to be
			// used depends on the machine's load, and its wider text makes the slides taller.
			await page.route("**/*.woff2", (route) => route.abort());
			await page.goto(`${origin()}/_components`);
			if (javaScriptEnabled)
				await page.waitForFunction(
					(sel) => document.querySelector(sel)?.classList.contains("is-ready"),
					PLAIN,
				);
			const result = await page.evaluate((sel) => {
				const carousel = document.querySelector(sel)!;
				const rect = (selector: string) =>
					JSON.stringify(carousel.querySelector(selector)!.getBoundingClientRect());
				const viewport = carousel.querySelector(".carousel__viewport")!;
				return {
					rects: [
						rect(".carousel__slide"),
						rect(".carousel__controls"),
						rect(".carousel__next"),
						JSON.stringify(carousel.getBoundingClientRect()),
					],
					scrollable:
						viewport.scrollWidth > viewport.clientWidth && getComputedStyle(viewport).overflowX === "auto",
					controlsVisible: getComputedStyle(carousel.querySelector(".carousel__controls")!).visibility,
				};
			}, PLAIN);
			await context.close();
			return result;
		};
		const withoutJs = await layout(false);
		const withJs = await layout(true);
		expect(withoutJs.scrollable).toBe(true);
		expect(withoutJs.controlsVisible).toBe("hidden");
		expect(withJs.controlsVisible).toBe("visible");
		expect(withJs.rects).toEqual(withoutJs.rects);
	});

	it("has no axe violations at the start, in the middle and stopped", async () => {
		const page = await openCarousels();
		expect(await axe(page, "#gallery-advantages-carousel")).toEqual([]);
		await page.click(`${PLAIN} .carousel__next`);
		await page.click(`${AUTOPLAY} .carousel__play`);
		expect(await axe(page, "#gallery-advantages-carousel")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later and leaves nothing behind when removed", async () => {
		const page = await openCarousels();
		const html = await serverHtml(page, AUTOPLAY);
		await removeAndWait(page, AUTOPLAY, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.click(`${copy} .carousel__next`);
		await page.waitForFunction(
			(sel) => document.querySelector(sel)?.textContent === "Snímek 2 z 5",
			`${copy} .carousel__status`,
		);
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		// embla is destroyed: its transform is gone.
		expect(
			await page.evaluate(() => {
				const removed = (window as unknown as { removed: Element }).removed;
				return removed.querySelector<HTMLElement>(".carousel__track")!.style.transform;
			}),
		).toBe("");
		await page.context().close();
	});
});
