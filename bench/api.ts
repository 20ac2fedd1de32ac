/**
 * `npm run bench:api`: redemptions through the partner API per second and their p99 at 50 concurrent,
 * against the budget of docs/budgets.md (>= 1,000/s, p99 < 50 ms), on SQLite with one server process.
 * Run `npm run build` first.
 *
 * Each request is a real one through every check: the key (looked up by its hash), its rate limit
 * (counted in the database), the JSON body's schema, the Idempotency-Key stored with the redemption in
 * one transaction, the conditional UPDATE the till uses, and the audit row. Every request redeems a
 * voucher of its own (BENCH_API_REDEMPTIONS, default 10000, after a warm-up of 1000), each with a new
 * Idempotency-Key; all must answer 201. The vouchers are written into the database before the clock
 * starts. The server's and the load generator's CPU per request are printed too (they share this
 * machine's cores), and this machine's floor: GET /healthz, the cheapest route, at the same concurrency
 * right after.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../src/server/api/keys";
import { openDatabase } from "../src/server/db";
import { ean13CheckDigit } from "../src/validation";
import { startServer } from "../test/helpers/server";
import { cpuSeconds, percentile, pool } from "./lib/measure";

const TIMED = Number(process.env.BENCH_API_REDEMPTIONS ?? 10_000);
const WARM_UP = 1000;
const CONNECTIONS = 50;
const BUDGET = { perSecond: 1000, p99Ms: 50 };

/** Vouchers (each with its registration) written in one transaction; their codes. */
async function seedVouchers(
	dataDir: string,
	count: number,
): Promise<{ codes: string[]; storeId: string; key: string }> {
	const database = await openDatabase({ dataDir });
	try {
		const { db } = database;
		const storeId = "bench-store";
		await db
			.insertInto("stores")
			.values({
				id: storeId,
				name: "Drogerie Lumen, bench",
				region: "JM",
				city: "Brno",
				street: "Masarykova 1",
				postcode: "602 00",
				opening_hours: "{}",
			})
			.execute();
		const { key } = await createApiKey(db, { name: "bench", storeIds: [storeId], ratePerMinute: 1_000_000 });
		const now = new Date().toISOString();
		const codes: string[] = [];
		await db.transaction().execute(async (trx) => {
			for (let start = 0; start < count; start += 500) {
				const batch = Array.from({ length: Math.min(500, count - start) }, (_, index) => {
					const twelve = `29${String(start + index).padStart(10, "0")}`;
					const code = `${twelve}${ean13CheckDigit(twelve)}`;
					codes.push(code);
					return { id: randomUUID(), code };
				});
				await trx
					.insertInto("registrations")
					.values(
						batch.map(({ id }) => ({
							id,
							name: "Bench",
							email: `${id}@bench.example`,
							email_canonical: `${id}@bench.example`,
							person_key: `1990-01-01 ${id}`,
							birth_date: "1990-01-01",
							phone: null,
							store_id: null,
							marketing_consent: 0,
							terms_accepted_at: now,
							lang: "cs",
							created_at: now,
						})),
					)
					.execute();
				await trx
					.insertInto("vouchers")
					.values(
						batch.map(({ id, code }) => ({
							id: randomUUID(),
							registration_id: id,
							code,
							token: randomUUID(),
							valid_until: "2099-12-31",
							created_at: now,
							redeemed_at: null,
							redeemed_by: null,
							redeemed_store_id: null,
						})),
					)
					.execute();
			}
		});
		return { codes, storeId, key };
	} finally {
		await database.close();
	}
}

interface Timed {
	readonly status: number;
	readonly ms: number;
}

/** GET /healthz on a kept-alive connection: this machine's floor for a request through the same server. */
function health(origin: string, agent: Agent): Promise<Timed> {
	const started = performance.now();
	return new Promise((resolve) => {
		const outgoing = request(`${origin}/healthz`, { agent }, (response) => {
			response.resume();
			response.on("end", () =>
				resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
			);
			response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
		});
		outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
		outgoing.end();
	});
}

/** POSTs a redemption on a kept-alive connection (node:http costs the load generator less CPU than fetch). */
function redeem(origin: string, agent: Agent, key: string, storeId: string, code: string): Promise<Timed> {
	const body = JSON.stringify({ store: storeId });
	const started = performance.now();
	return new Promise((resolve) => {
		const outgoing = request(
			`${origin}/api/v1/vouchers/${code}/redemptions`,
			{
				method: "POST",
				agent,
				headers: {
					authorization: `Bearer ${key}`,
					"idempotency-key": randomUUID(),
					"content-type": "application/json",
					"content-length": Buffer.byteLength(body),
				},
			},
			(response) => {
				response.resume();
				response.on("end", () =>
					resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
				);
				response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
			},
		);
		outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
		outgoing.end(body);
	});
}

const verdict = (ok: boolean, miss: string) => (ok ? "ok" : miss);

const dataDir = mkdtempSync(join(tmpdir(), "lumen-bench-api-"));
try {
	// Migrated and seeded before the server opens the file.
	const { codes, storeId, key } = await seedVouchers(dataDir, WARM_UP + TIMED);
	const server = await startServer({
		entry: "dist/server/main.js",
		env: { APP_ENV: "production", CLIENT_DIR: "dist/client", DATA_DIR: dataDir },
		quiet: true,
	});
	const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
	try {
		const send = (code: string) => redeem(server.origin, agent, key, storeId, code);
		await pool(codes.slice(0, WARM_UP), CONNECTIONS, send);

		const pid = server.process.pid ?? 0;
		const serverBefore = cpuSeconds(pid);
		const clientBefore = process.cpuUsage();
		const started = performance.now();
		const answers = await pool(codes.slice(WARM_UP), CONNECTIONS, send);
		const seconds = (performance.now() - started) / 1000;
		const client = process.cpuUsage(clientBefore);

		// The floor, right after: the same server and client on the same loaded cores, answering its cheapest route.
		const floorStarted = performance.now();
		const floor = await pool(codes.slice(WARM_UP), CONNECTIONS, () => health(server.origin, agent));
		const floorPerSecond = floor.length / ((performance.now() - floorStarted) / 1000);
		const floorP99 = percentile(
			floor.map((answer) => answer.ms).sort((a, b) => a - b),
			99,
		);

		const redeemed = answers.filter((answer) => answer.status === 201).length;
		const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
		const perSecond = redeemed / seconds;
		const p99 = percentile(latencies, 99);
		const perRequest = (cpu: number) => ((cpu * 1000) / answers.length).toFixed(2);
		console.log(
			`\nSQLite, one server process: ${TIMED} redemptions through the API, ${CONNECTIONS} concurrent\n`,
		);
		console.log(
			`  redemptions per second ${perSecond.toFixed(0).padStart(7)}      budget >= ${BUDGET.perSecond}   ${verdict(perSecond >= BUDGET.perSecond, "UNDER BUDGET")}`,
		);
		console.log(`  p50                    ${percentile(latencies, 50).toFixed(1).padStart(7)} ms`);
		console.log(
			`  p99                    ${p99.toFixed(1).padStart(7)} ms   budget < ${BUDGET.p99Ms} ms   ${verdict(p99 < BUDGET.p99Ms, "OVER BUDGET")}`,
		);
		console.log(
			`  CPU per request        server ${perRequest(cpuSeconds(pid) - serverBefore)} ms, load generator ${perRequest((client.user + client.system) / 1e6)} ms (on the same cores)`,
		);
		console.log(
			`  this machine's floor   GET /healthz at ${CONNECTIONS} concurrent: ${floorPerSecond.toFixed(0)}/s, p99 ${floorP99.toFixed(1)} ms`,
		);
		const failed = answers.length - redeemed;
		if (failed > 0) {
			const statuses = new Map<number, number>();
			for (const answer of answers)
				if (answer.status !== 201) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
			console.log(
				`  NOT redeemed: ${[...statuses].map(([status, n]) => `${status || "failed"}: ${n}`).join(", ")}`,
			);
			for (const line of server.logs.filter((line) => line.includes('"level":50')).slice(0, 3))
				console.log(`  server: ${line}`);
		}
		if (failed > 0 || perSecond < BUDGET.perSecond || p99 >= BUDGET.p99Ms) process.exitCode = 1;
	} finally {
		agent.destroy();
		await server.stop();
	}
} finally {
	rmSync(dataDir, { recursive: true, force: true });
}
