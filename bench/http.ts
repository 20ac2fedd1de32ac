/**
 * `npm run bench:http`: server throughput with autocannon on 127.0.0.1, all in one run so the figures
 * compare on this (shared, noisy) machine, against the budgets of docs/budgets.md. Run `npm run build` first.
 *
 * One production server process (NODE_ENV=production, one core) answers: a static file the size of the
 * home page (served precompressed by the same static plugin as every asset), the home page from the
 * render cache, a voucher page (private: always rendered), registration POSTs (each one real,
 * through every check; challenges solved before the clock starts) and the opening of their
 * confirmation links, which issues their vouchers. A second server, the same build with
 * RENDER_CACHE_MB=0, gives the home page rendered on every request: what the cache saves, with nothing
 * else changed. Requests ask for "gzip, deflate, br, zstd" as Chromium does.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer, type TestServer } from "../test/helpers/server";
import { nextClientIp, RegistrationClient, type SignupBody } from "./lib/registration-client";

const CLIENT = "dist/client";
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const REGISTRATIONS = Number(process.env.BENCH_HTTP_REGISTRATIONS ?? 3000);
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const BUDGET = { cachedVsStatic: 0.5, uncachedPagesPerSecond: 1500 };

interface Result {
	name: string;
	requests: number;
	p99: number;
	/** Requests that did not get the expected status class. */
	errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
	const options = { url, headers: { "accept-encoding": ACCEPT_ENCODING, ...headers } };
	// A short warm-up, so that JIT and caches do not count against the first figure.
	await autocannon({ ...options, connections: 10, duration: 1 });
	const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION });
	return {
		name,
		requests: result.requests.average,
		p99: result.latency.p99,
		errors: result.errors + result.non2xx,
	};
}

/** Registration POSTs, each with its own prepared body, sent from the address that fetched its challenge; 303 is success. */
async function measureRegistrations(
	url: string,
	bodies: readonly SignupBody[],
): Promise<Result & { signupIds: string[] }> {
	let next = 0;
	const signupIds: string[] = [];
	const result = await autocannon({
		url: `${url}/register`,
		connections: CONNECTIONS,
		amount: bodies.length,
		requests: [
			{
				method: "POST",
				setupRequest: (request) => {
					const body = bodies[next++ % bodies.length] as SignupBody;
					return {
						...request,
						body: body.toString(),
						headers: {
							...request.headers,
							"content-type": "application/x-www-form-urlencoded",
							"x-forwarded-for": body.ip,
						},
					};
				},
				onResponse: (_status, _body, _context, headers) => {
					const cookies = [headers?.["set-cookie"] ?? []].flat().join("\n");
					const id = /lumen_signup=([0-9a-f-]{36})\./.exec(cookies)?.[1];
					if (id) signupIds.push(id);
				},
			},
		],
	});
	return {
		name: "registration POST (303 to /register/sent)",
		// Completed signups over the run's time, as bench:registrations counts them.
		requests: result["3xx"] / result.duration,
		p99: result.latency.p99,
		errors: result.errors + result.requests.sent - result["3xx"],
		signupIds,
	};
}

/** The confirmation links of the signups, each opened once from an address of its own; 303 is success. */
async function measureConfirmations(
	client: RegistrationClient,
	signupIds: readonly string[],
): Promise<Result> {
	let next = 0;
	const paths = signupIds.map((id) => new URL(client.confirmationUrl(id)).pathname);
	const result = await autocannon({
		url: client.url,
		connections: CONNECTIONS,
		amount: paths.length,
		requests: [
			{
				method: "GET",
				setupRequest: (request) => ({
					...request,
					path: paths[next++ % paths.length] as string,
					headers: { ...request.headers, "x-forwarded-for": nextClientIp() },
				}),
			},
		],
	});
	return {
		name: "confirmation link (303 to a voucher)",
		requests: result["3xx"] / result.duration,
		p99: result.latency.p99,
		errors: result.errors + result.requests.sent - result["3xx"],
	};
}

const row = ({ name, requests, p99, errors }: Result) =>
	`  ${name.padEnd(40)} ${requests.toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(4)} ms${errors ? `   ${errors} ERRORS` : ""}`;
const load = () =>
	`load average ${loadavg()
		.map((value) => value.toFixed(2))
		.join(" ")} (2 cores)`;
const verdict = (ok: boolean) => (ok ? "ok" : "UNDER BUDGET");

const sessionSecret = randomBytes(32).toString("base64url");
const production = { APP_ENV: "production", CLIENT_DIR: CLIENT, SESSION_SECRET: sessionSecret };
const servers: TestServer[] = [];
try {
	const server = await startServer({ entry: "dist/server/main.js", env: production, quiet: true });
	servers.push(server);
	const uncachedServer = await startServer({
		entry: "dist/server/main.js",
		env: { ...production, RENDER_CACHE_MB: "0" },
		quiet: true,
	});
	servers.push(uncachedServer);

	const home = await (
		await fetch(`${server.origin}/`, { headers: { "accept-encoding": "identity" } })
	).text();
	// The static file, with .br and .gz copies as the build writes them for every asset.
	const staticDir = join(CLIENT, "assets", "bench");
	mkdirSync(staticDir, { recursive: true });
	writeFileSync(join(staticDir, "home-sized.html"), home);
	writeFileSync(
		join(staticDir, "home-sized.html.br"),
		brotliCompressSync(home, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
	);
	writeFileSync(join(staticDir, "home-sized.html.gz"), gzipSync(home, { level: 9 }));

	const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
	const voucher = await client.register();
	if (voucher.kind !== "voucher") throw new Error(`no voucher for the benchmark: ${voucher.kind}`);
	const bodies: SignupBody[] = [];
	for (let index = 0; index < REGISTRATIONS; index += 10) {
		bodies.push(...(await Promise.all(Array.from({ length: 10 }, () => client.fields()))));
	}

	console.log(`${load()} at the start\n`);
	const staticFile = await measure(
		"static file, home page size",
		`${server.origin}/assets/bench/home-sized.html`,
	);
	const cached = await measure("home page from the render cache", `${server.origin}/`);
	const uncached = await measure("home page rendered per request", `${uncachedServer.origin}/`);
	const uncachedPlain = await measure("  the same, uncompressed (render only)", `${uncachedServer.origin}/`, {
		"accept-encoding": "identity",
	});
	const voucherPage = await measure(
		"voucher page (never cached)",
		`${server.origin}/voucher/${voucher.token}`,
	);
	const registrations = await measureRegistrations(server.origin, bodies);
	const confirmations = await measureConfirmations(client, registrations.signupIds);

	console.log(
		`${CONNECTIONS} connections, ${DURATION} s each (registrations: ${bodies.length} POSTs and their confirmations), one server process, home page ${home.length} bytes\n`,
	);
	for (const result of [
		staticFile,
		cached,
		uncached,
		uncachedPlain,
		voucherPage,
		registrations,
		confirmations,
	]) {
		console.log(row(result));
	}
	const cachedRatio = cached.requests / staticFile.requests;
	const uncachedRatio = uncached.requests / staticFile.requests;
	const renderRate = Math.max(uncached.requests, uncachedPlain.requests);
	console.log("");
	console.log(
		`  cached / static     ${cachedRatio.toFixed(2)}   budget >= ${BUDGET.cachedVsStatic}  ${verdict(cachedRatio >= BUDGET.cachedVsStatic)}`,
	);
	console.log(`  uncached / static   ${uncachedRatio.toFixed(2)}`);
	console.log(
		`  uncached render     ${renderRate.toFixed(0)} pages/s   budget >= ${BUDGET.uncachedPagesPerSecond}  ${verdict(renderRate >= BUDGET.uncachedPagesPerSecond)}`,
	);
	// The registration budget is bench:registrations' verdict, which also reports the client's and the
	// server's CPU per request: here autocannon shares the two cores with the server, so these rows'
	// rates and p99s are as much the load generator's as the server's.
	for (const [label, result] of [
		["registration POSTs", registrations],
		["confirmations", confirmations],
	] as const) {
		console.log(
			`  ${label.padEnd(19)} ${result.requests.toFixed(0)}/s, p99 ${result.p99} ms${result.errors ? `, ${result.errors} ERRORS` : ""}   (budget: see npm run bench:registrations)`,
		);
	}
	console.log(`\n${load()} at the end`);
} finally {
	for (const server of servers) await server.stop();
}
