/**
 * `npm run bench:http`: server throughput with autocannon on 127.0.0.1, all in one run so the
 * figures compare on this (shared, noisy) machine: a static file the size of the home page, the home
 * page, and the ratio between them, against the budgets of DESIGN.md §6. Run `npm run build` first.
 * The server runs with NODE_ENV=production, one process (one core).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { startServer } from "../test/helpers/server";

const CLIENT = "dist/client";
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BUDGET = { cachedVsStatic: 0.5, uncachedPagesPerSecond: 1500 };

interface Result {
	name: string;
	requests: number;
	p99: number;
	errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
	// A short warm-up, so that JIT and caches do not count against the first figure.
	await autocannon({ url, connections: 10, duration: 1, headers });
	const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
	return {
		name,
		requests: result.requests.average,
		p99: result.latency.p99,
		errors: result.errors + result.non2xx,
	};
}

const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: CLIENT },
	quiet: true,
});
try {
	const home = await (
		await fetch(`${server.origin}/`, { headers: { "accept-encoding": "identity" } })
	).text();
	// The static file is served by the same server and plugin as every asset, with the page's size.
	const staticDir = join(CLIENT, "assets", "bench");
	mkdirSync(staticDir, { recursive: true });
	writeFileSync(join(staticDir, "home-sized.html"), home);

	const results = [
		await measure("static file, home page size", `${server.origin}/assets/bench/home-sized.html`),
		await measure("home page, rendered per request", `${server.origin}/`),
	];
	console.log(
		`${CONNECTIONS} connections, ${DURATION} s each, one server process, ${home.length} bytes per page\n`,
	);
	for (const { name, requests, p99, errors } of results) {
		console.log(
			`  ${name.padEnd(34)} ${requests.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms${errors ? `   ${errors} errors` : ""}`,
		);
	}
	const [staticFile, rendered] = results as [Result, Result];
	const ratio = rendered.requests / staticFile.requests;
	console.log(`\n  rendered / static: ${ratio.toFixed(2)}`);
	const verdict = rendered.requests >= BUDGET.uncachedPagesPerSecond ? "ok" : "UNDER BUDGET";
	console.log(
		`  uncached render: ${rendered.requests.toFixed(0)} pages/s, budget >= ${BUDGET.uncachedPagesPerSecond}  ${verdict}`,
	);
	console.log(`  cached / static: no render cache yet (budget >= ${BUDGET.cachedVsStatic})`);
} finally {
	await server.stop();
}
