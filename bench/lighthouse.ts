/**
 * `npm run bench:lighthouse`: Lighthouse's mobile profile (simulated slow 4G and a 4x slower CPU) on the
 * home page, the registration form, a voucher page and the store finder of the production build (run
 * `npm run build` first), against the budgets of docs/budgets.md: 100 in each of the four categories,
 * CLS 0 and TBT 0 ms. Everything stays on 127.0.0.1; Debian's Chromium runs headless.
 *
 * The simulated metrics scale what this machine's CPU did, so load from other work shows up in TBT
 * and LCP: each page is measured LIGHTHOUSE_RUNS times (default 5, as Lighthouse's guidance on
 * variability advises) and the median of each of them is shown (performance, LCP, TBT), with every
 * run's performance score and TBT beside it; accessibility, best practices, SEO and CLS do not depend
 * on the machine's speed, so the worst run's are shown.
 * The first row is this machine's floor in the same run: a blank page (a heading and a paragraph, no
 * stylesheet, font or script) served by the benchmark itself. Chromium's own start-up work on the page's
 * main thread gives even that page a TBT above 0 ms here when the machine is busy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type RunnerResult } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { freePort, startServer } from "../test/helpers/server";
import { RegistrationClient } from "./lib/registration-client";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const BUDGET = { score: 100, cls: 0, tbtMs: 0 };
/** LIGHTHOUSE_REPORTS=<folder> keeps each page's full report (JSON) there, to see what an audit found. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const SESSION_SECRET = "bench-lighthouse-session-secret-0123456789";

/** Debian's Chromium with a DevTools port for Lighthouse, resolved once the port answers. */
async function launchChromium(): Promise<{ port: number; stop(): void }> {
	const port = await freePort();
	const profile = mkdtempSync(join(tmpdir(), "lumen-lighthouse-"));
	const chromium: ChildProcess = spawn(
		CHROMIUM_PATH,
		[
			"--headless",
			...CHROMIUM_ARGS,
			`--remote-debugging-port=${port}`,
			`--user-data-dir=${profile}`,
			"about:blank",
		],
		{ stdio: "ignore" },
	);
	const stop = () => {
		chromium.kill();
		rmSync(profile, { recursive: true, force: true });
	};
	for (let attempt = 0; attempt < 100; attempt++) {
		try {
			if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
		} catch {}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	stop();
	throw new Error("Chromium's DevTools port did not answer");
}

/** One Lighthouse run; a run that failed to record (Lighthouse says: run again) is retried twice. */
async function audit(url: string, port: number): Promise<RunnerResult["lhr"]> {
	for (let attempt = 1; ; attempt++) {
		const result = await lighthouse(url, {
			port,
			output: "json",
			logLevel: "error",
			onlyCategories: [...CATEGORIES],
		});
		if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
		if (!result.lhr.runtimeError) return result.lhr;
		if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
	}
}

/** A blank page on 127.0.0.1, the floor of what Lighthouse measures on this machine. */
async function serveBlankPage(): Promise<{ url: string; stop(): void }> {
	const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank page</title><link rel="icon" href="data:,"><meta name="description" content="The benchmark's floor."></head><body><main><h1>Blank page</h1><p>A heading and a paragraph.</p></main></body></html>`;
	// Only the page: Lighthouse also asks for /robots.txt, which a site without one answers with 404.
	const server = createServer((request, response) => {
		if (request.url === "/")
			response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
		else response.writeHead(404).end();
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	if (!address || typeof address === "string") throw new Error("The blank page's server has no port");
	return { url: `http://127.0.0.1:${address.port}/`, stop: () => server.close() };
}

/**
 * A voucher page is one person's and must never be indexed (issue 9), which Lighthouse's SEO category
 * counts against it: that audit fails by design.
 */
const VOUCHER_NOINDEX = "(by design: a private page, noindex)";

const median = (values: readonly number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The audits with weight that one run failed, each with whether it fails by design. */
function failedAudits(lhr: RunnerResult["lhr"], shown: string) {
	return CATEGORIES.flatMap((name) =>
		(lhr.categories[name]?.auditRefs ?? []).flatMap((ref) => {
			const failed = lhr.audits[ref.id];
			if (!(ref.weight > 0 && failed && failed.score !== null && failed.score < 1)) return [];
			const byDesign = shown === "/voucher/:token" && failed.id === "is-crawlable";
			const line = `${name}: ${failed.id} ${failed.score.toFixed(2)} ${failed.displayValue ?? ""}${byDesign ? VOUCHER_NOINDEX : ""}`;
			return [{ category: name, line, byDesign }];
		}),
	);
}

const score = (lhr: RunnerResult["lhr"], category: string) =>
	Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: RunnerResult["lhr"], id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: "dist/client", SESSION_SECRET },
	quiet: true,
});
const blank = await serveBlankPage();
const chromium = await launchChromium();
try {
	const client = await RegistrationClient.connect({ url: server.origin, sessionSecret: SESSION_SECRET });
	const registration = await client.register();
	if (registration.kind !== "voucher")
		throw new Error(
			`no voucher: the registration was ${registration.kind} ${registration.kind === "failed" ? registration.error : registration.status}`,
		);
	const pages = [blank.url, "/", "/register", `/voucher/${registration.token}`, "/stores"];

	console.log(
		`Lighthouse mobile profile (simulated slow 4G, 4x CPU slowdown), production build, median of ${RUNS} runs`,
	);
	console.log(
		`load average ${loadavg()
			.map((value) => value.toFixed(2))
			.join(" ")} (2 cores) at the start\n`,
	);
	console.log(`  ${"page".padEnd(16)} perf  a11y  b.p.   seo     LCP     CLS    TBT`);
	let met = true;
	let exceptions = false;
	for (const path of pages) {
		const runs: RunnerResult["lhr"][] = [];
		const isFloor = path === blank.url;
		const url = isFloor ? blank.url : `${server.origin}${path}`;
		for (let run = 0; run < RUNS; run++) runs.push(await audit(url, chromium.port));
		const shown = isFloor ? "(blank page)" : path.startsWith("/voucher/") ? "/voucher/:token" : path;
		// Each figure on its own: the run with the median score (all 100) need not have the median TBT.
		// Performance, LCP and TBT are simulated from this machine's timings, so they take the median;
		// the other categories and a layout shift do not depend on its speed, so the worst run counts.
		const perRun = (id: string) => runs.map((each) => metric(each, id));
		const scores = CATEGORIES.map((name) => {
			const each = runs.map((lhr) => score(lhr, name));
			return name === "performance" ? median(each) : Math.min(...each);
		});
		const lcp = median(perRun("largest-contentful-paint"));
		const cls = Math.max(...perRun("cumulative-layout-shift"));
		const tbt = median(perRun("total-blocking-time"));
		// The median run by LCP, whose failing audits are listed below.
		const lhr = [...runs].sort(
			(a, b) => metric(a, "largest-contentful-paint") - metric(b, "largest-contentful-paint"),
		)[Math.floor(runs.length / 2)] as RunnerResult["lhr"];
		if (REPORTS) {
			mkdirSync(REPORTS, { recursive: true });
			writeFileSync(join(REPORTS, `${shown.replace(/\W+/g, "_")}.json`), JSON.stringify(lhr, null, 1));
		}
		const failures = runs.flatMap((each) => failedAudits(each, shown));
		// A category under 100 only for what fails by design (a voucher page's noindex) is not a miss.
		const byDesign = (name: string) =>
			failures.some((failure) => failure.category === name) &&
			failures.every((failure) => failure.category !== name || failure.byDesign);
		const excused = CATEGORIES.filter((name, index) => (scores[index] ?? 0) < BUDGET.score && byDesign(name));
		const ok =
			CATEGORIES.every((name, index) => (scores[index] ?? 0) >= BUDGET.score || excused.includes(name)) &&
			cls <= BUDGET.cls &&
			tbt <= BUDGET.tbtMs;
		if (!isFloor) met &&= ok;
		exceptions ||= !isFloor && excused.length > 0;
		const verdict = isFloor
			? "floor"
			: !ok
				? "UNDER BUDGET"
				: excused.length
					? `ok but ${excused.join(", ")} by design`
					: "ok";
		console.log(
			`  ${shown.padEnd(16)} ${scores.map((value) => String(value).padStart(5)).join("")}   ${lcp.toFixed(0).padStart(5)} ms ${cls.toFixed(3).padStart(6)} ${tbt.toFixed(0).padStart(4)} ms  ${verdict}   (per run: performance ${runs.map((each) => score(each, "performance")).join(" ")}; TBT ${perRun(
				"total-blocking-time",
			)
				.map((value) => value.toFixed(0))
				.join(" ")} ms)`,
		);
		// What keeps a score under 100: each failing audit with its own score, once.
		for (const line of new Set(failures.map((failure) => failure.line))) console.log(`      ${line}`);
	}
	console.log(
		`\n  budget: ${BUDGET.score} in every category, CLS ${BUDGET.cls}, TBT ${BUDGET.tbtMs} ms  ${!met ? "NOT MET" : exceptions ? "met, but for what fails by design" : "ok"}`,
	);
	console.log(
		`load average ${loadavg()
			.map((value) => value.toFixed(2))
			.join(" ")} at the end`,
	);
} finally {
	chromium.stop();
	blank.stop();
	await server.stop();
}
