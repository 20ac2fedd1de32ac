/**
 * What a press makes the browser restyle before it can paint its answer, read from a Chromium trace
 * (the style recalculations between the press's click and the frame's paint, with how many elements
 * each restyled). Counts, unlike durations, do not depend on how busy the machine is: these guard the
 * causes `npm run bench:interactions` found of slow answers, a restyle of the whole page in the press.
 */
import type { Browser, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser } from "../helpers/browser";
import { openWithComponents, waitForConnected, waitForSettled } from "../helpers/components";

declare global {
	interface Window {
		/** The properties of the transitions the form items' fields ran, kept by a test. */
		transitionsRun?: string[];
	}
}

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	pid: number;
	tid: number;
	args?: {
		name?: string;
		elementCount?: number;
		data?: { type?: string; frames?: { url: string; processId: number }[] };
	};
}

async function trace(session: CDPSession, act: () => Promise<unknown>): Promise<TraceEvent[]> {
	const events: TraceEvent[] = [];
	session.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
	const complete = new Promise((resolve) => session.once("Tracing.tracingComplete", resolve));
	await session.send("Tracing.start", {
		transferMode: "ReportEvents",
		traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] },
	});
	await act();
	await session.send("Tracing.end");
	await complete;
	return events;
}

/**
 * The number of elements each style recalculation restyled from the press's click until the frame
 * that answers it painted, on the page's main thread.
 */
async function restyledByPress(page: Page, press: () => Promise<unknown>): Promise<number[]> {
	const session = await page.context().newCDPSession(page);
	const events = await trace(session, async () => {
		await press();
		// The answering frame, and the one after it, have painted.
		await page.evaluate(
			() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
		);
	});
	await session.detach();
	const url = page.url();
	const pid = events
		.flatMap((event) => event.args?.data?.frames ?? [])
		.find((frame) => frame.url === url)?.processId;
	const tid = events.find(
		(event) => event.pid === pid && event.name === "thread_name" && event.args?.name === "CrRendererMain",
	)?.tid;
	const main = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === "X");
	const click = main.find((event) => event.name === "EventDispatch" && event.args?.data?.type === "click");
	if (!click) throw new Error("the trace has no click on the page's main thread");
	const paint = main.find((event) => event.name === "Paint" && event.ts > click.ts + (click.dur ?? 0));
	if (!paint) throw new Error("the trace has no paint after the click");
	return main
		.filter((event) => event.name === "UpdateLayoutTree" && event.ts >= click.ts && event.ts < paint.ts)
		.map((event) => event.args?.elementCount ?? 0);
}

/** A phone: the menu is the overlay there. */
const PHONE = { width: 390, height: 844 };

describe("a press restyles what it changes, not the whole page, before it paints", () => {
	it("submitting the empty registration form (a select of every store in it)", async () => {
		const { page } = await openWithComponents(browser, "/register", (page) => page.setViewportSize(PHONE));
		await waitForSettled(page);
		await page.waitForSelector(".antispam[data-state=verified]");
		// As in production, where the select lists every partner store.
		await page.$eval("#frm-register-store", (select) => {
			for (let n = 0; n < 1000; n++) select.append(new Option(`Drogerie ${n}, Dlouhá ${n}, Praha`, `x${n}`));
		});
		const restyled = await restyledByPress(page, () => page.click("#frm-register-send"));
		await page.waitForSelector(".form-summary");
		// The form's items and the summary; a new border colour inherited by each item's content restyled
		// every option of the select.
		expect(Math.max(...restyled)).toBeLessThan(150);
		await page.context().close();
	});

	it("submitting the empty registration form starts no transition of the items' verdict colours", async () => {
		const { page } = await openWithComponents(browser, "/register", (page) => page.setViewportSize(PHONE));
		await waitForSettled(page);
		await page.waitForSelector(".antispam[data-state=verified]");
		await page.evaluate(() => {
			window.transitionsRun = [];
			document.addEventListener("transitionrun", (event) => {
				if ((event.target as Element).matches(".form-item__field"))
					window.transitionsRun!.push(event.propertyName);
			});
		});
		await page.click("#frm-register-send");
		// The first invalid field focused, in the task after the errors' frame: its focus ring has eased in.
		await page.waitForFunction(() => document.activeElement?.id === "frm-register-name");
		await expect.poll(() => page.evaluate(() => window.transitionsRun!.length)).toBeGreaterThan(0);
		// A colour transition per item started the frame that shows the errors from the old colours, and
		// starting them cost that frame a third of its style time.
		expect(await page.evaluate(() => window.transitionsRun!.filter((name) => name !== "box-shadow"))).toEqual(
			[],
		);
		await page.context().close();
	});

	it("opening the menu (the rest of the page is made inert only after that paint)", async () => {
		const { page } = await openWithComponents(browser, "/", (page) => page.setViewportSize(PHONE));
		await waitForConnected(page, "#navigation");
		await waitForConnected(page, "#navigation .navigation-opener");
		await waitForSettled(page);
		const restyled = await restyledByPress(page, () => page.click("#navigation .navigation-opener"));
		// The panel's links and the opener; making the rest inert restyled 185 of the page's elements.
		expect(Math.max(...restyled)).toBeLessThan(50);
		await expect.poll(() => page.$eval("main", (main) => main.closest("[inert]") !== null)).toBe(true);
		await page.context().close();
	});
});
