/**
 * `npm run bench:scroll`: scrolls the home page of the production build (run `npm run build` first)
 * with the wheel, down and back up, with the CPU throttled 4x through the DevTools protocol, and
 * reports long tasks (budget: none) and the p95 of frame times while scrolling.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { startServer } from "../test/helpers/server";

const CPU_THROTTLING = 4;
const WHEEL_TICKS = 24;
const WHEEL_DELTA = 120;
const VIEWPORT = { width: 1280, height: 720 };

const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: "dist/client" },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
	const page = await browser.newPage({ viewport: VIEWPORT });
	const session = await page.context().newCDPSession(page);
	await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
	await page.goto(`${server.origin}/`, { waitUntil: "networkidle" });
	// What is measured is scrolling, not the page's start: wait for the scroll container to take the
	// scrolling over (a desktop viewport and a mouse: smooth, docs/behaviour.md), and for the last components
	// to connect. Without it, a run now and then measured native scrolling with a chunk compiling.
	await page
		.waitForFunction(() => document.documentElement.classList.contains("has-smooth-scroll"), null, {
			timeout: 15_000,
		})
		.catch(() => {});
	await page.waitForTimeout(1000);
	const mode = await page.evaluate(() =>
		document.documentElement.classList.contains("has-smooth-scroll") ? "smooth" : "native",
	);
	const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);

	// A string: tsx would wrap named functions in a helper the page does not have.
	await page.evaluate(`(() => {
		const record = { longTasks: [], frames: [], running: true };
		window.bench = record;
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
		}).observe({ type: "longtask" });
		let last = performance.now();
		const frame = (now) => {
			record.frames.push(now - last);
			last = now;
			if (record.running) requestAnimationFrame(frame);
		};
		requestAnimationFrame(frame);
	})()`);
	await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
	for (const direction of [1, -1]) {
		for (let tick = 0; tick < WHEEL_TICKS; tick++) {
			await page.mouse.wheel(0, direction * WHEEL_DELTA);
			await page.waitForTimeout(40);
		}
		await page.waitForTimeout(1500);
	}
	const { longTasks, frames } = await page.evaluate(() => {
		const record = (
			window as unknown as { bench: { longTasks: number[]; frames: number[]; running: boolean } }
		).bench;
		record.running = false;
		return record;
	});

	const sorted = frames.slice(1).sort((a, b) => a - b);
	const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
	const ok = longTasks.length === 0;
	console.log(
		`Home page scroll, CPU throttled ${CPU_THROTTLING}x, ${mode} scrolling, ${scrollable}px to scroll`,
	);
	console.log(`  frames recorded     ${sorted.length}`);
	console.log(`  frame time p95      ${p95.toFixed(1)} ms  (60 Hz frame: 16.7 ms)`);
	console.log(
		`  long tasks          ${longTasks.length}${longTasks.length ? ` (${longTasks.map((d) => `${d.toFixed(0)} ms`).join(", ")})` : ""}  budget: 0  ${ok ? "OK" : "OVER BUDGET"}`,
	);
	if (scrollable <= 0)
		console.log("  note: the home page is not taller than the viewport; nothing was scrolled");
	process.exitCode = ok ? 0 : 1;
} finally {
	await browser.close();
	await server.stop();
}
