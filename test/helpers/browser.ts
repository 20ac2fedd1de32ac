import { type Browser, type BrowserServer, type ConsoleMessage, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

declare module "vitest" {
	export interface ProvidedContext {
		/** Origins of the test servers started by the global setup, one per worker (VITEST_POOL_ID). */
		origins: string[];
		/** Playwright endpoint of the shared Chromium. */
		wsEndpoint: string;
	}
}

export function launchBrowserServer(): Promise<BrowserServer> {
	return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export function connectBrowser(): Promise<Browser> {
	return chromium.connect(inject("wsEndpoint"));
}

declare global {
	interface Window {
		/** Set by an init script of openPage once the runtime dispatched runtime:start. */
		runtimeStarted?: boolean;
	}
}

export interface ObservedPage {
	page: Page;
	/** Console messages and uncaught errors, as "type: text". */
	messages: string[];
	/** Every URL the page requested. */
	requests: string[];
}

/**
 * A fresh context and page that records console output, page errors and requests, and when the
 * runtime starts (waitForRuntime).
 */
export async function openPage(browser: Browser): Promise<ObservedPage> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.addInitScript(() =>
		document.addEventListener("runtime:start", () => {
			window.runtimeStarted = true;
		}),
	);
	const messages: string[] = [];
	const requests: string[] = [];
	page.on("console", (message: ConsoleMessage) => messages.push(`${message.type()}: ${message.text()}`));
	page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
	page.on("request", (request) => requests.push(request.url()));
	return { page, messages, requests };
}

/**
 * Waits until the page's runtime has started: it starts after the first paint (first-paint.ts), which
 * may come after the load event a navigation waits for. Pages from openPage only.
 */
export async function waitForRuntime(page: Page): Promise<void> {
	await page.waitForFunction(() => window.runtimeStarted === true);
}

/** The test server of this worker: its files run one at a time against it (global-setup.ts). */
export function origin(): string {
	const origins = inject("origins");
	const worker = Number(process.env.VITEST_POOL_ID ?? 1);
	const found = origins[(worker - 1) % origins.length];
	if (!found) throw new Error("No test server: the e2e project's global setup did not run");
	return found;
}

/** Presses Tab, as a keyboard user does, until the focused element matches `selector` (if it does not yet). */
export async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
	for (let presses = 0; presses <= limit; presses++) {
		if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
		await page.keyboard.press("Tab");
	}
	throw new Error(`Tab never reached ${selector}`);
}
