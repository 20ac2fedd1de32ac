import type { Page } from "playwright-core";
import type { Services } from "../../src/browser/services";

declare global {
	interface Window {
		/** The runtime's services, put there by exposeServices. */
		services?: Services;
	}
}

/** Puts the page's runtime services on `window.services`, for tests that call them directly. */
export async function exposeServices(page: Page): Promise<void> {
	// A string, so that Vitest does not rewrite the dynamic import for Node.
	await page.evaluate(`(async () => {
		const runtime = document.querySelector('script[type="module"][src*="runtime"]').src;
		window.services = (await import(runtime)).services;
	})()`);
}

/** Resolves with the scroll position once it has not changed for 20 frames (the scroll has ended). */
export function waitForScrollEnd(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				let last = scrollY;
				let still = 0;
				const check = () => {
					if (scrollY === last) still++;
					else [last, still] = [scrollY, 0];
					if (still >= 20) resolve(scrollY);
					else requestAnimationFrame(check);
				};
				requestAnimationFrame(check);
			}),
	);
}

/** Distance of an element's top from the top of the viewport, px. */
export function topOf(page: Page, selector: string): Promise<number> {
	return page.$eval(selector, (element) => element.getBoundingClientRect().top);
}

/** Counts the scroll events the window receives from now on, in `window.scrollEvents`. */
export async function countScrollEvents(page: Page): Promise<void> {
	await page.evaluate(() => {
		const counter = window as unknown as { scrollEvents: number };
		counter.scrollEvents = 0;
		addEventListener("scroll", () => counter.scrollEvents++, { passive: true });
	});
}
