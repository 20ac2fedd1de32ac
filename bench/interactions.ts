/**
 * `npm run bench:interactions`: the visitor's journey through the production build (run `npm run build`
 * first) on a phone-sized page (390 px wide, touch; one device pixel per CSS pixel, since this machine
 * rasters in software where a phone's GPU does it) with the CPU throttled 4x through the DevTools
 * protocol, and each interaction's latency as the Event Timing API reports it: the longest duration
 * among the events of one interaction (one `interactionId`), as INP counts it. Budget: 50 ms each.
 *
 * The journey: on the home page open the menu and a question of the FAQ; on the registration page open
 * the date picker, type a name (the tap into the field, the first key, the worst of the other keys),
 * open the terms dialog, and, on the page loaded afresh, submit the empty form; in the store finder
 * choose a region (a key on the focused select, which changes it at once: a tap would open the
 * browser's own list, which the page never sees).
 * Each page is measured once it has settled (components connected, the bot check, which starts when
 * the page is idle, over, network idle): what is measured is the page's answer to the visitor, not its
 * start. Events under 16 ms (the API's floor) are not
 * reported; an interaction without any is shown as under 16 ms. The first row is this machine's floor
 * in the same run: a tap on a button nothing listens to, on a page without scripts, which still waits
 * for the next frame. The machine is shared and noisy: the journey runs INTERACTION_RUNS times
 * (default 5), each in a fresh browser context, and each figure is the median of the runs, with their
 * range beside it. INTERACTIONS_DETAIL=1 also prints every interaction's events and their durations.
 */
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { startServer } from "../test/helpers/server";

const RUNS = Number(process.env.INTERACTION_RUNS ?? 5);
const BUDGET_MS = 50;
const CPU_THROTTLING = 4;
const EVENT_TIMING_FLOOR = 16;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 };
const NAME = "Jana Novakova";
const FLOOR = "floor: a tap on a bare button";
const BLANK_PAGE = `<!doctype html><html lang="cs"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title></head>
<body><h1>Blank</h1><button type="button">Nothing</button></body></html>`;

interface Interaction {
	id: number;
	duration: number;
	events: string[];
}

declare global {
	interface Window {
		/** The longest event of each interaction so far, kept by the init script. */
		interactions?: Map<number, Interaction>;
		/** Elements with a connected component. */
		connectedComponents?: Set<Element>;
	}
}

/** One step of the journey: what the visitor does, and the interactions it made, worst first. */
interface Step {
	label: string;
	interactions: Interaction[];
}

const dist = process.env.BENCH_DIST || "dist";
const server = await startServer({
	entry: `${dist}/server/main.js`,
	env: { APP_ENV: "production", CLIENT_DIR: `${dist}/client` },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Opens `path` throttled, and resolves once every component has connected and the network is idle. */
async function open(page: Page, session: CDPSession, path: string): Promise<void> {
	await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
	await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
	await page.waitForFunction(
		() =>
			[...document.querySelectorAll("[data-component]")].every((element) =>
				window.connectedComponents?.has(element),
			),
		null,
		{ timeout: 30_000 },
	);
	// The bot check starts once the page is idle and is part of its start: solved (or failed), it is over.
	await page.waitForFunction(() => !document.querySelector(".antispam[data-state=verifying]"), null, {
		timeout: 60_000,
	});
	await page.waitForLoadState("networkidle");
	await settle(page);
}

/** Waits for the page to be idle, then a little longer: work still running would land in a measurement. */
async function settle(page: Page): Promise<void> {
	await page.evaluate(
		() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3000 })),
	);
}

/** Runs `act` and returns the interactions it made, once their Event Timing entries have arrived. */
async function measure(page: Page, label: string, act: () => Promise<unknown>): Promise<Step> {
	const before = await page.evaluate(() => [...window.interactions!.keys()]);
	await act();
	// Entries are delivered after the paint that follows the interaction's events.
	await page.evaluate(
		() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
	);
	await settle(page);
	const interactions = await page.evaluate(
		(before) => [...window.interactions!.values()].filter((interaction) => !before.includes(interaction.id)),
		before,
	);
	return { label, interactions: interactions.sort((a, b) => b.duration - a.duration) };
}

async function journey(browser: Browser): Promise<Step[]> {
	const context = await browser.newContext(PHONE);
	// A string: tsx would wrap named functions in a helper the page does not have.
	await context.addInitScript(`(() => {
		const interactions = new Map();
		window.interactions = interactions;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) {
				if (!entry.interactionId) continue;
				const known = interactions.get(entry.interactionId);
				const interaction = known ?? { id: entry.interactionId, duration: 0, events: [] };
				interaction.duration = Math.max(interaction.duration, entry.duration);
				interaction.events.push(entry.name + " " + entry.duration);
				interactions.set(entry.interactionId, interaction);
			}
		}).observe({ type: "event", durationThreshold: ${EVENT_TIMING_FLOOR}, buffered: true });
		const connected = new Set();
		window.connectedComponents = connected;
		document.addEventListener("component:connected", (event) => connected.add(event.detail.element));
		document.addEventListener("component:disconnected", (event) => connected.delete(event.detail.element));
	})()`);
	const page = await context.newPage();
	const session = await context.newCDPSession(page);
	const steps: Step[] = [];
	const closeWithEscape = async () => {
		await page.keyboard.press("Escape");
		await settle(page);
	};

	await page.route("**/_bench/blank", (route) =>
		route.fulfill({ contentType: "text/html", body: BLANK_PAGE }),
	);
	await open(page, session, "/_bench/blank");
	steps.push(await measure(page, FLOOR, () => page.tap("button")));

	await open(page, session, "/");
	steps.push(await measure(page, "open the menu", () => page.tap(".navigation-opener")));
	await page.waitForSelector("#navigation-panel", { state: "visible" });
	await closeWithEscape();
	steps.push(await measure(page, "open a question", () => page.tap(".faq .accordion__summary")));

	await open(page, session, "/register");
	steps.push(await measure(page, "open the date picker", () => page.tap(".date-input__open")));
	await closeWithEscape();
	steps.push(await measure(page, "type a name: tap into the field", () => page.tap("#frm-register-name")));
	steps.push(await measure(page, "type a name: the first key", () => page.keyboard.type(NAME.slice(0, 1))));
	steps.push(
		await measure(page, `type a name: the other ${NAME.length - 1} keys`, () =>
			page.keyboard.type(NAME.slice(1), { delay: 100 }),
		),
	);
	steps.push(
		await measure(page, "open the terms dialog", () => page.tap("[data-component~='modal-opener']")),
	);
	await closeWithEscape();

	await open(page, session, "/register");
	steps.push(await measure(page, "submit the empty form", () => page.tap("#frm-register-send")));

	await open(page, session, "/stores");
	await page.focus("#frm-stores-region");
	const region = await page.inputValue("#frm-stores-region");
	steps.push(await measure(page, "choose a region", () => page.keyboard.press("ArrowDown")));
	if ((await page.inputValue("#frm-stores-region")) === region) throw new Error("The region did not change");
	await page.waitForLoadState("networkidle");

	await context.close();
	return steps;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
const shown = (duration: number) =>
	duration < EVENT_TIMING_FLOOR ? `<${EVENT_TIMING_FLOOR} ms` : `${duration.toFixed(0)} ms`;

try {
	const runs: Step[][] = [];
	for (let run = 0; run < RUNS; run++) runs.push(await journey(browser));
	if (process.env.INTERACTIONS_DETAIL) {
		for (const steps of runs)
			for (const { label, interactions } of steps)
				for (const { duration, events } of interactions)
					console.log(`${label}: ${duration} ms (${events.join(", ")})`);
	}
	console.log(
		`The visitor's journey, ${PHONE.viewport.width} px wide with touch, CPU throttled ${CPU_THROTTLING}x: each interaction's longest event (Event Timing), median of ${RUNS} runs [range], budget ${BUDGET_MS} ms`,
	);
	let over = 0;
	const rows = runs[0]!.map((step, index) => ({
		label: step.label,
		durations: runs.map((steps) => steps[index]!.interactions[0]?.duration ?? 0),
	}));
	for (const { label, durations } of rows) {
		const figure = median(durations);
		const ok = figure <= BUDGET_MS;
		if (!ok && label !== FLOOR) over++;
		const range = `[${shown(Math.min(...durations))}–${shown(Math.max(...durations))}]`;
		const verdict = label === FLOOR ? "" : ok ? "ok" : "OVER BUDGET";
		console.log(`  ${label.padEnd(36)} ${shown(figure).padStart(8)}  ${range.padEnd(18)} ${verdict}`);
	}
	process.exitCode = over ? 1 : 0;
} finally {
	await browser.close();
	await server.stop();
}
