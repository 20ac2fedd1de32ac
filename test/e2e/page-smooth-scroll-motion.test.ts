/**
 * The smooth scroller's motion, to the decimal: per 60 Hz step the velocity takes 0.04 of the distance
 * left and keeps 0.7 of itself, each frame shows the page between the last two steps, and the scroll
 * ends on its target at the first step where both the distance left and the velocity are below 0.1 px.
 * The page's clock is Playwright's, moved only by the test, so every frame's time is known; what the
 * scroller asks of the browser is recorded from `window.scrollTo` (the browser itself rounds the scroll
 * position to whole pixels, which would hide the last tenths of a pixel).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, waitForRuntime } from "../helpers/browser";
import { openWithComponents, waitForConnected } from "../helpers/components";
import { exposeServices } from "../helpers/page-runtime";

const EASING = 0.04;
const DAMPING = 0.7;
const STOPS_BELOW = 0.1;
const STEP = 1000 / 60;

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Where a scroll of `distance` px has got to after each step, up to the step that ends it on the target. */
function stepsOf(distance: number): number[] {
	const positions = [0];
	let position = 0;
	let velocity = 0;
	for (;;) {
		velocity = (velocity + (distance - position) * EASING) * DAMPING;
		position += velocity;
		if (Math.abs(distance - position) < STOPS_BELOW && Math.abs(velocity) < STOPS_BELOW) {
			positions.push(distance);
			return positions;
		}
		positions.push(position);
	}
}

/** The offset from the start shown `elapsed` ms after the scroll began: between the last two steps. */
function shownAt(steps: number[], elapsed: number): number {
	const done = Math.floor(elapsed / STEP);
	const last = steps.length - 1;
	if (done >= last) return steps[last]!;
	const previous = steps[Math.max(done - 1, 0)]!;
	return previous + (steps[done]! - previous) * (elapsed / STEP - done);
}

/**
 * The scroll distance that ends exactly at `step`: a scroll's positions and velocities scale with its
 * distance, so it is the one whose distance left or velocity at `step`, the larger, is 0.1 px.
 */
function distanceEndingAt(step: number): number {
	let position = 0;
	let velocity = 0;
	for (let done = 0; done < step; done++) {
		velocity = (velocity + (1 - position) * EASING) * DAMPING;
		position += velocity;
	}
	return STOPS_BELOW / Math.max(Math.abs(1 - position), Math.abs(velocity));
}

interface Frame {
	at: number;
	top: number;
}

async function openSmooth(): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_fixtures/page/smooth", async (page) => {
		await page.setViewportSize({ width: 1200, height: 800 });
		await page.clock.install();
	});
	await waitForRuntime(page);
	await waitForConnected(page, ".scroll-container");
	expect(await page.evaluate(() => document.documentElement.classList.contains("has-smooth-scroll"))).toBe(
		true,
	);
	await exposeServices(page);
	// From here time moves only with runFor: a frame's time is the clock's, never a busy machine's.
	await page.clock.pauseAt(Date.now() + 1000);
	await page.evaluate(() => {
		const frames: Frame[] = [];
		const scrollTo = window.scrollTo.bind(window);
		Object.assign(window, { frames });
		window.scrollTo = ((options: ScrollToOptions) => {
			if (options.behavior === "instant") frames.push({ at: performance.now(), top: options.top! });
			scrollTo(options);
		}) as typeof window.scrollTo;
	});
	return page;
}

/** Smooth-scrolls by `distance` from the top; resolves with every frame's time from the start and offset. */
async function scrollBy(page: Page, distance: number): Promise<Frame[]> {
	const started = await page.evaluate((distance) => {
		window.scrollTo({ top: 0, behavior: "instant" });
		(window as unknown as { frames: Frame[] }).frames.length = 0;
		window.services!.scroll.scrollTo(distance);
		return performance.now();
	}, distance);
	await page.clock.runFor(3000);
	const frames = await page.evaluate(() => (window as unknown as { frames: Frame[] }).frames);
	return frames.map(({ at, top }) => ({ at: at - started, top }));
}

function expectMotion(frames: Frame[], distance: number): void {
	const steps = stepsOf(distance);
	expect(frames.length).toBeGreaterThan(10);
	for (const { at, top } of frames) expect(top).toBeCloseTo(shownAt(steps, at), 6);
	// It ends in the first frame that reached the final step, on the target itself, and writes no more.
	const ending = frames.findIndex(({ at }) => Math.floor(at / STEP) >= steps.length - 1);
	expect(ending).toBe(frames.length - 1);
	expect(frames.at(-1)!.top).toBe(distance);
}

describe("smooth scroll motion", () => {
	it("eases by 0.04 of the distance per 60 Hz step with a damping of 0.7, shown between steps", async () => {
		const page = await openSmooth();
		for (const distance of [1000, 250.5]) expectMotion(await scrollBy(page, distance), distance);
		await page.context().close();
	});

	it("ends on the target once the distance left and the velocity are both below 0.1 px", async () => {
		const page = await openSmooth();
		// A hair under the distance that ends at step 55 ends there; a hair over, one step later. A limit
		// 0.00001 px higher or lower than 0.1 px ends one of the two at another step.
		const critical = distanceEndingAt(55);
		for (const [distance, lastStep] of [
			[critical * 0.9999, 55],
			[critical * 1.0001, 56],
		] as const) {
			expect(stepsOf(distance)).toHaveLength(lastStep + 1);
			expectMotion(await scrollBy(page, distance), distance);
		}
		await page.context().close();
	});
});
