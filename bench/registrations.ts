/**
 * `npm run bench:registrations`: sustained registrations per second on SQLite at 50 concurrent, and the
 * p99 of a registration POST, against DESIGN.md §6 (>= 500/s, p99 < 100 ms). Run `npm run build` first.
 *
 * Every registration is a real one through every check (form rules, time trap, ALTCHA, rate limit, the
 * transaction with voucher and outbox row), each from its own client address. The challenges are fetched
 * and solved before the clock starts: solving is the visitor's work, not the server's.
 * BENCH_REGISTRATIONS (default 6000) sets how many are timed. The server's CPU time per registration is
 * printed too: on this shared machine it says more than the rate when other work competes for the cores.
 * So is the load generator's own, which competes for the same cores.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { startServer } from "../test/helpers/server";
import { type RegistrationAnswer, RegistrationClient } from "./lib/registration-client";

const TIMED = Number(process.env.BENCH_REGISTRATIONS ?? 6000);
const WARM_UP = 500;
const CONNECTIONS = 50;
const BUDGET = { perSecond: 500, p99Ms: 100 };

/** Runs `task` over the items with `concurrency` at a time, in order of the items. */
async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>) {
	const results: R[] = new Array(items.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < items.length) {
				const index = next++;
				results[index] = await task(items[index] as T);
			}
		}),
	);
	return results;
}

/** CPU seconds a process has used (Linux): the server's cost per registration, whatever else runs. */
function cpuSeconds(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: readonly number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const sessionSecret = randomBytes(32).toString("base64url");
const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: "dist/client", SESSION_SECRET: sessionSecret },
	quiet: true,
});
try {
	const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
	const prepareStarted = performance.now();
	const bodies = await pool(Array.from({ length: WARM_UP + TIMED }), 8, () => client.fields());
	console.log(
		`${bodies.length} registrations prepared (challenges fetched and solved) in ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s`,
	);

	await pool(bodies.slice(0, WARM_UP), CONNECTIONS, (body) => client.post(body));
	const cpuBefore = cpuSeconds(server.process.pid!);
	const clientCpuBefore = process.cpuUsage();
	const started = performance.now();
	const answers: RegistrationAnswer[] = await pool(bodies.slice(WARM_UP), CONNECTIONS, (body) =>
		client.post(body),
	);
	const seconds = (performance.now() - started) / 1000;
	const cpuMs = ((cpuSeconds(server.process.pid!) - cpuBefore) * 1000) / TIMED;
	const clientCpu = process.cpuUsage(clientCpuBefore);
	const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000 / TIMED;

	const created = answers.filter((answer) => answer.kind === "created").length;
	const others = answers.length - created;
	const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
	const perSecond = created / seconds;
	const p50 = percentile(latencies, 50);
	const p99 = percentile(latencies, 99);
	console.log(
		`\n${TIMED} registrations, ${CONNECTIONS} concurrent, SQLite, one server process: ${seconds.toFixed(1)} s\n`,
	);
	console.log(`  completed (303 to a new voucher)  ${created}${others ? `   NOT completed: ${others}` : ""}`);
	console.log(
		`  registrations/s                   ${perSecond.toFixed(0).padStart(5)}   budget >= ${BUDGET.perSecond}  ${perSecond >= BUDGET.perSecond ? "ok" : "UNDER BUDGET"}`,
	);
	console.log(`  p50                               ${p50.toFixed(1).padStart(5)} ms`);
	console.log(
		`  p99                               ${p99.toFixed(1).padStart(5)} ms   budget < ${BUDGET.p99Ms} ms  ${p99 < BUDGET.p99Ms ? "ok" : "OVER BUDGET"}`,
	);
	console.log(
		`  server CPU per registration       ${cpuMs.toFixed(2).padStart(5)} ms   (${(1000 / cpuMs).toFixed(0)}/s on one core of its own; the figures above share the machine)`,
	);
	// The clients' HTTP work runs on the same cores: with the server's, it bounds the rate the machine can reach.
	console.log(
		`  client CPU per registration       ${clientCpuMs.toFixed(2).padStart(5)} ms   (this process, on the same cores as the server)`,
	);
	if (others) {
		const kinds = new Map<string, number>();
		for (const answer of answers) {
			if (answer.kind === "created") continue;
			const label = answer.kind === "failed" ? `failed (${answer.error})` : `${answer.kind} ${answer.status}`;
			kinds.set(label, (kinds.get(label) ?? 0) + 1);
		}
		console.log(`  not completed: ${[...kinds].map(([kind, n]) => `${kind}: ${n}`).join(", ")}`);
		process.exitCode = 1;
	}
} finally {
	await server.stop();
}
