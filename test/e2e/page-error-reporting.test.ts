import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_REPORTING_RATE_LIMIT_RETRY } from "../../src/constants";
import { connectBrowser, origin } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

interface ReportedError {
	type: string;
	value: string;
}

interface ReportedEvent {
	exception?: { values?: ReportedError[] };
	breadcrumbs?: { message?: string; data?: { arguments?: unknown[] } }[];
}

/** A stand-in for Sentry's ingest: records every event envelope posted to project 42, and its errors. */
let ingest: Server;
const reported: ReportedError[] = [];
const events: ReportedEvent[] = [];
const envelopePaths: string[] = [];
/** While set, the stand-in holds its answers here (the reports stay in flight) until the test sends them. */
let heldAnswers: (() => void)[] | undefined;
/** While set, the stand-in answers the next envelope 429 without Retry-After, as a rate-limited ingest may. */
let limitNext = false;
let site: TestServer;
let browser: Browser;

beforeAll(async () => {
	ingest = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk: Buffer) => {
			body += chunk.toString();
		});
		request.on("end", () => {
			envelopePaths.push(new URL(request.url!, "http://x").pathname);
			const lines = body.split("\n").filter(Boolean);
			for (let index = 1; index < lines.length - 1; index++) {
				if (JSON.parse(lines[index]!).type !== "event") continue;
				const event = JSON.parse(lines[index + 1]!) as ReportedEvent;
				events.push(event);
				for (const { type, value } of event.exception?.values ?? []) reported.push({ type, value });
			}
			const status = limitNext ? 429 : 200;
			limitNext = false;
			const answer = () => response.writeHead(status, { "access-control-allow-origin": "*" }).end("{}");
			if (heldAnswers) heldAnswers.push(answer);
			else answer();
		});
	});
	await new Promise<void>((resolve) => ingest.listen(0, "127.0.0.1", resolve));
	const { port } = ingest.address() as AddressInfo;
	site = await startServer({ env: { SENTRY_DSN: `http://public@127.0.0.1:${port}/42` } });
	browser = await connectBrowser();
});

afterAll(async () => {
	await browser.close();
	await site.stop();
	await new Promise((resolve) => ingest.close(resolve));
});

async function openErrorPage(options: BrowserContextOptions = {}): Promise<Page> {
	const context = await browser.newContext(options);
	const page = await context.newPage();
	await page.goto(`${site.origin}/_fixtures/page/error`, { waitUntil: "domcontentloaded" });
	return page;
}

function throwLater(page: Page, message: string, type = "Error"): Promise<void> {
	return page.evaluate(
		({ message, type }) => {
			setTimeout(() => {
				throw new (globalThis as unknown as Record<string, ErrorConstructor>)[type]!(message);
			});
		},
		{ message, type },
	);
}

async function waitForReport(value: string): Promise<void> {
	await expect
		.poll(() => reported.some((error) => error.value.startsWith(value)), { timeout: 15_000 })
		.toBe(true);
}

/** Resolves once the stand-in has received nothing for half a second: what the page had to send is in. */
async function waitForQuiet(): Promise<void> {
	for (let count = -1; count !== envelopePaths.length; ) {
		count = envelopePaths.length;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

const sentryLoaded = (page: Page) => page.evaluate(() => "__SENTRY__" in window);

describe("error reporting", () => {
	it("queues errors from before Sentry has loaded at idle, then sends them and later ones", async () => {
		const page = await openErrorPage();
		await throwLater(page, "early failure");
		expect(await sentryLoaded(page)).toBe(false);
		await waitForReport("early failure");
		await throwLater(page, `late failure ${"x".repeat(400)}`);
		await waitForReport("late failure");
		// Cut at 250 characters, and marked so.
		const late = reported.find((error) => error.value.startsWith("late failure"))!;
		expect(late.value).toBe(`late failure ${"x".repeat(237)}...`);
		expect(envelopePaths).toContain("/api/42/envelope/");
		await page.context().close();
	});

	it("drops 'is not defined' errors, and form-availability errors in the Seznam browser only", async () => {
		const seznam = await openErrorPage({
			userAgent:
				"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 SznProhlizec/11.0 Safari/537.36",
		});
		await throwLater(seznam, "lumenMissingHelper is not defined", "ReferenceError");
		await throwLater(seznam, "Form seznam-case is not available");
		await throwLater(seznam, "seznam sentinel");
		await waitForReport("seznam sentinel");

		const other = await openErrorPage();
		await throwLater(other, "Form other-browser is not available");
		await waitForReport("Form other-browser is not available");

		await seznam.waitForTimeout(300);
		expect(reported.filter((error) => /lumenMissingHelper|seznam-case/.test(error.value))).toEqual([]);
		await seznam.context().close();
		await other.context().close();
	});

	it("reports a component chunk that failed to load once, however many elements name it", async () => {
		const page = await openErrorPage();
		await page.route(/\/smooth-scroll-[\w-]+\.js(\?.*)?$/, (route) => route.fulfill({ status: 404 }));
		await page.evaluate(() => {
			const errors: string[] = [];
			(window as unknown as { chunkErrors: string[] }).chunkErrors = errors;
			document.addEventListener("component:error", (event) =>
				errors.push((event.detail.error as Error).name),
			);
			for (let index = 0; index < 3; index++) {
				const link = document.createElement("a");
				link.href = "#main";
				link.dataset.component = "smooth-scroll";
				document.querySelector("main")!.append(link);
			}
		});
		await page.waitForFunction(
			() => (window as unknown as { chunkErrors: string[] }).chunkErrors.length === 3,
		);
		await throwLater(page, "chunk sentinel");
		await waitForReport("chunk sentinel");
		// The reports are separate requests, which may arrive in any order.
		await expect.poll(() => reported.filter((error) => error.type === "ChunkLoadError").length).toBe(1);
		await page.waitForTimeout(300);
		expect(reported.filter((error) => error.type === "ChunkLoadError")).toHaveLength(1);
		await page.context().close();
	});

	it("sends the last 100 breadcrumbs, their data normalised 3 levels deep", async () => {
		const page = await openErrorPage();
		await throwLater(page, "breadcrumbs sentinel");
		await waitForReport("breadcrumbs sentinel");
		await page.evaluate(() => {
			for (let index = 0; index < 150; index++) console.log(`crumb ${index}`);
			console.log("nested", { one: { two: { three: { four: "deep" } } } });
		});
		await throwLater(page, "breadcrumbs failure");
		await waitForReport("breadcrumbs failure");
		const { breadcrumbs = [] } = events.find((event) =>
			event.exception?.values?.some((error) => error.value === "breadcrumbs failure"),
		)!;
		expect(breadcrumbs.map((breadcrumb) => breadcrumb.message)).toEqual([
			...Array.from({ length: 99 }, (_, index) => `crumb ${index + 51}`),
			"nested [object Object]",
		]);
		// The breadcrumb's data is level 1, its arguments 2, the object logged 3: deeper levels are cut.
		expect(breadcrumbs.at(-1)!.data!.arguments).toEqual(["nested", { one: "[Object]" }]);
		await page.context().close();
	});

	it("keeps at most 30 reports in flight, dropping those that come while 30 are", async () => {
		const page = await openErrorPage();
		// A first error caught by Sentry itself marks the session as having one (an update is sent then, not
		// with each later error): from then on only the burst's reports are sent.
		await page.waitForFunction(() => "__SENTRY__" in window, null, { timeout: 15_000 });
		await throwLater(page, "buffer sentinel");
		await waitForReport("buffer sentinel");
		await waitForQuiet();
		let sent = 0;
		page.on("request", (request) => {
			if (request.url().includes("/envelope/")) sent++;
		});
		heldAnswers = [];
		try {
			await page.evaluate(() => {
				for (let index = 0; index < 50; index++)
					setTimeout(() => {
						throw new Error(`burst failure ${index}`);
					});
			});
			await expect.poll(() => sent, { timeout: 15_000 }).toBe(30);
			await page.waitForTimeout(500);
			expect(sent).toBe(30);
		} finally {
			const answers = heldAnswers;
			heldAnswers = undefined;
			for (const answer of answers) answer();
		}
		const burst = () => reported.filter((error) => error.value.startsWith("burst failure")).length;
		await expect.poll(burst, { timeout: 15_000 }).toBe(30);
		await page.waitForTimeout(500);
		expect(burst()).toBe(30);
		await page.context().close();
	});

	it("after a 429 without Retry-After, sends nothing for ERROR_REPORTING_RATE_LIMIT_RETRY, then sends again", async () => {
		const page = await openErrorPage();
		await page.waitForFunction(() => "__SENTRY__" in window, null, { timeout: 15_000 });
		await throwLater(page, "limit sentinel");
		await waitForReport("limit sentinel");
		await waitForQuiet();
		// The page's clock from here: the wait is counted on it, not waited out.
		await page.clock.install();
		// From an event listener: the page's timers are the fake clock's now, which keeps their exceptions.
		const throwNow = (message: string) =>
			page.evaluate((message) => {
				const target = new EventTarget();
				target.addEventListener("fail", () => {
					throw new Error(message);
				});
				target.dispatchEvent(new Event("fail"));
			}, message);
		limitNext = true;
		const limited = page.waitForResponse((response) => response.status() === 429);
		await throwNow("limited first");
		await waitForReport("limited first");
		// The stand-in's 429 reached the page, whose fetch settled in the same task; the evaluate after it
		// runs once the SDK's handlers have taken the limit.
		await limited;
		await page.evaluate(() => undefined);
		await throwNow("limited within the minute");
		await page.clock.runFor(ERROR_REPORTING_RATE_LIMIT_RETRY - 1_000);
		await throwNow("limited at the end of the minute");
		await page.clock.runFor(2_000);
		await throwNow("limited after the minute");
		await waitForReport("limited after the minute");
		// Reports leave in the order they were made: the two before it were dropped, not delayed.
		expect(reported.filter((error) => error.value.startsWith("limited")).map((error) => error.value)).toEqual(
			["limited first", "limited after the minute"],
		);
		await page.context().close();
	});

	it("downloads no Sentry code on a page without a DSN", async () => {
		const context = await browser.newContext();
		const page = await context.newPage();
		const requests: string[] = [];
		page.on("request", (request) => requests.push(request.url()));
		await page.goto(`${origin()}/_fixtures/page/error`);
		expect(await page.getAttribute("html", "data-sentry-dsn")).toBeNull();
		await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
		expect(requests.filter((url) => /sentry/i.test(url))).toEqual([]);
		expect(await sentryLoaded(page)).toBe(false);
		await context.close();
	});
});
