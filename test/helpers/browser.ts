import { type Browser, type BrowserServer, type ConsoleMessage, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

declare module "vitest" {
	export interface ProvidedContext {
		/** Origin of the shared test server started by the global setup. */
		origin: string;
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

export interface ObservedPage {
	page: Page;
	/** Console messages and uncaught errors, as "type: text". */
	messages: string[];
	/** Every URL the page requested. */
	requests: string[];
}

/** A fresh context and page that records console output, page errors and requests. */
export async function openPage(browser: Browser): Promise<ObservedPage> {
	const context = await browser.newContext();
	const page = await context.newPage();
	const messages: string[] = [];
	const requests: string[] = [];
	page.on("console", (message: ConsoleMessage) => messages.push(`${message.type()}: ${message.text()}`));
	page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
	page.on("request", (request) => requests.push(request.url()));
	return { page, messages, requests };
}

export function origin(): string {
	return inject("origin");
}
