/**
 * The registrations-per-second measurement of the double opt-in flow (the form's POST, then the
 * e-mailed link that issues the voucher), each step's rate and p99 against the budget of
 * docs/budgets.md (>= 500/s, p99 < 100 ms): on SQLite with one server process, then on PostgreSQL with
 * two server processes behind one port when a server URL is given. Run by `npm run bench:registrations`
 * and at the end of `npm run bench:fraud`; bench/registrations.ts says how it is measured.
 */
import { randomBytes } from "node:crypto";
import { type AddressInfo, createServer, connect as dial, type Socket } from "node:net";
import pg from "pg";
import { startServer, type TestServer } from "../../test/helpers/server";
import { cpuSeconds, percentile, pool } from "./measure";
import {
	type ConfirmationAnswer,
	RegistrationClient,
	type SignupAnswer,
	type SignupBody,
} from "./registration-client";

const WARM_UP = 500;
const CONNECTIONS = 50;
const BUDGET = { perSecond: 500, p99Ms: 100 };

/**
 * CPU seconds of each PostgreSQL process that works for the bench's database: its connections, and the
 * writers every database shares (WAL writer, checkpointer, background writer), which its writes keep
 * busy. Other databases' backends on the same server (a test suite's, say) are left out. Empty when the
 * server runs on another machine.
 */
async function postgresCpu(databaseUrl: string): Promise<Map<number, number>> {
	const client = new pg.Client({ connectionString: databaseUrl });
	await client.connect();
	try {
		const { rows } = await client.query<{ pid: number }>(
			`select pid from pg_stat_activity
			where (datname = current_database() and pid <> pg_backend_pid())
				or backend_type in ('walwriter', 'checkpointer', 'background writer')`,
		);
		return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
	} finally {
		await client.end();
	}
}

/** The CPU seconds the processes used between two readings; one that started meanwhile counts whole. */
const cpuBetween = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>) =>
	[...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** Where the registrations go: one origin, and the server processes behind it. */
interface Setup {
	readonly title: string;
	readonly origin: string;
	readonly servers: readonly TestServer[];
	/** The PostgreSQL database the servers use, undefined on SQLite. */
	readonly databaseUrl?: string;
	stop(): Promise<void>;
}

const production = (sessionSecret: string, env: Record<string, string> = {}) =>
	startServer({
		entry: "dist/server/main.js",
		env: { APP_ENV: "production", CLIENT_DIR: "dist/client", SESSION_SECRET: sessionSecret, ...env },
		quiet: true,
	});

async function sqliteSetup(sessionSecret: string): Promise<Setup> {
	const server = await production(sessionSecret);
	return {
		title: "SQLite, one server process",
		origin: server.origin,
		servers: [server],
		stop: async () => void (await server.stop()),
	};
}

/** A fresh database on the PostgreSQL server, and how to drop it. */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
	const admin = async (query: string) => {
		const client = new pg.Client({ connectionString: serverUrl });
		await client.connect();
		try {
			await client.query(query);
		} finally {
			await client.end();
		}
	};
	const name = `lumen_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
	await admin(`create database ${name}`);
	const url = new URL(serverUrl);
	url.pathname = `/${name}`;
	return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Connections spread over `ports` in turn, as a TCP load balancer does; on 127.0.0.1, so the servers trust its X-Forwarded-For. */
async function roundRobinProxy(
	ports: readonly number[],
): Promise<{ origin: string; close(): Promise<void> }> {
	const open = new Set<Socket>();
	let next = 0;
	const proxy = createServer((incoming) => {
		const outgoing = dial(ports[next++ % ports.length] as number, "127.0.0.1");
		for (const socket of [incoming, outgoing]) {
			open.add(socket);
			socket.on("close", () => open.delete(socket));
		}
		incoming.on("error", () => outgoing.destroy());
		outgoing.on("error", () => incoming.destroy());
		incoming.pipe(outgoing).pipe(incoming);
	});
	await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
	return {
		origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
		close: () =>
			new Promise((resolve) => {
				for (const socket of open) socket.destroy();
				proxy.close(() => resolve());
			}),
	};
}

async function postgresSetup(serverUrl: string, sessionSecret: string): Promise<Setup> {
	const database = await freshPostgresDatabase(serverUrl);
	const servers: TestServer[] = [];
	try {
		// One after the other: the first migrates the new database.
		for (let index = 0; index < 2; index++) {
			servers.push(await production(sessionSecret, { DATABASE_URL: database.url }));
		}
		const proxy = await roundRobinProxy(servers.map((server) => Number(new URL(server.origin).port)));
		return {
			title: "PostgreSQL, two server processes behind one port",
			origin: proxy.origin,
			servers,
			databaseUrl: database.url,
			async stop() {
				await proxy.close();
				for (const server of servers) await server.stop();
				await database.drop();
			},
		};
	} catch (error) {
		for (const server of servers) await server.stop();
		await database.drop();
		throw error;
	}
}

interface Timed<A> {
	readonly answers: A[];
	readonly seconds: number;
	/** CPU milliseconds per request: the server processes', PostgreSQL's (0 elsewhere), this process's. */
	readonly serverCpuMs: number;
	readonly postgresCpuMs: number;
	readonly clientCpuMs: number;
}

async function timed<T, A>(
	setup: Setup,
	items: readonly T[],
	task: (item: T) => Promise<A>,
): Promise<Timed<A>> {
	const serverCpu = () => setup.servers.reduce((sum, server) => sum + cpuSeconds(server.process.pid ?? 0), 0);
	const serverBefore = serverCpu();
	const { databaseUrl } = setup;
	const postgresBefore = databaseUrl ? await postgresCpu(databaseUrl) : undefined;
	const clientBefore = process.cpuUsage();
	const started = performance.now();
	const answers = await pool(items, CONNECTIONS, task);
	const seconds = (performance.now() - started) / 1000;
	const client = process.cpuUsage(clientBefore);
	const postgresAfter = databaseUrl ? await postgresCpu(databaseUrl) : undefined;
	const perRequest = (seconds: number) => (seconds * 1000) / items.length;
	return {
		answers,
		seconds,
		serverCpuMs: perRequest(serverCpu() - serverBefore),
		postgresCpuMs:
			postgresBefore && postgresAfter ? perRequest(cpuBetween(postgresBefore, postgresAfter)) : 0,
		clientCpuMs: perRequest((client.user + client.system) / 1e6),
	};
}

const verdict = (ok: boolean, miss: string) => (ok ? "ok" : miss);

/** Prints one step's figures beside the budget; answers whether it is within it. */
function printStep(
	label: string,
	step: Timed<SignupAnswer | ConfirmationAnswer>,
	completed: number,
): boolean {
	const latencies = step.answers.map((answer) => answer.ms).sort((a, b) => a - b);
	const perSecond = completed / step.seconds;
	const p50 = percentile(latencies, 50);
	const p99 = percentile(latencies, 99);
	console.log(`  ${label}`);
	console.log(
		`    per second           ${perSecond.toFixed(0).padStart(7)}      budget >= ${BUDGET.perSecond}    ${verdict(perSecond >= BUDGET.perSecond, "UNDER BUDGET")}`,
	);
	console.log(`    p50                  ${p50.toFixed(1).padStart(7)} ms`);
	console.log(
		`    p99                  ${p99.toFixed(1).padStart(7)} ms   budget < ${BUDGET.p99Ms} ms  ${verdict(p99 < BUDGET.p99Ms, "OVER BUDGET")}`,
	);
	const postgres = step.postgresCpuMs ? `, PostgreSQL ${step.postgresCpuMs.toFixed(2)} ms` : "";
	console.log(
		`    CPU per request      server ${step.serverCpuMs.toFixed(2)} ms${postgres}, load generator ${step.clientCpuMs.toFixed(2)} ms (all on the same cores)`,
	);
	return perSecond >= BUDGET.perSecond && p99 < BUDGET.p99Ms;
}

/** Answers by kind and status, for the ones that did not complete. */
function tally(answers: readonly (SignupAnswer | ConfirmationAnswer)[], completed: string): string {
	const kinds = new Map<string, number>();
	for (const answer of answers) {
		if (answer.kind === completed) continue;
		const label = answer.kind === "failed" ? `failed (${answer.error})` : `${answer.kind} ${answer.status}`;
		kinds.set(label, (kinds.get(label) ?? 0) + 1);
	}
	return [...kinds].map(([kind, n]) => `${kind}: ${n}`).join(", ");
}

/** Measures one setup; answers whether every registration completed within the budget. */
async function bench(setup: Setup, sessionSecret: string, count: number): Promise<boolean> {
	const client = await RegistrationClient.connect({ url: setup.origin, sessionSecret });
	const prepareStarted = performance.now();
	const bodies = await pool(Array.from({ length: WARM_UP + count }), 8, () => client.fields());
	console.log(
		`\n${setup.title}: ${bodies.length} registrations prepared (challenges fetched and solved) in ${((performance.now() - prepareStarted) / 1000).toFixed(1)} s`,
	);

	await pool(bodies.slice(0, WARM_UP), CONNECTIONS, async (body: SignupBody) => {
		const sent = await client.post(body);
		if (sent.kind === "sent") await client.confirm(sent.signupId);
	});

	const posts = await timed(setup, bodies.slice(WARM_UP), (body) => client.post(body));
	const signups = posts.answers.flatMap((answer) => (answer.kind === "sent" ? [answer.signupId] : []));
	const confirmations = await timed(setup, signups, (signupId) => client.confirm(signupId));
	const vouchers = confirmations.answers.filter((answer) => answer.kind === "voucher").length;

	console.log(`\n${setup.title}: ${count} registrations, ${CONNECTIONS} concurrent\n`);
	const postsOk = printStep(
		`form POST (303 to /register/sent): ${signups.length} in ${posts.seconds.toFixed(1)} s`,
		posts,
		signups.length,
	);
	const confirmationsOk = printStep(
		`confirmation link (303 to a new voucher): ${vouchers} in ${confirmations.seconds.toFixed(1)} s`,
		confirmations,
		vouchers,
	);
	const perVoucher = vouchers / (posts.seconds + confirmations.seconds);
	console.log(
		`  vouchers per second, POST and confirmation together  ${perVoucher.toFixed(0).padStart(5)}   budget >= ${BUDGET.perSecond}  ${verdict(perVoucher >= BUDGET.perSecond, "UNDER BUDGET")}`,
	);
	const notSent = tally(posts.answers, "sent");
	const notIssued = tally(confirmations.answers, "voucher");
	if (notSent) console.log(`  POSTs NOT acknowledged: ${notSent}`);
	if (notIssued) console.log(`  confirmations NOT giving a voucher: ${notIssued}`);
	return !notSent && !notIssued && postsOk && confirmationsOk && perVoucher >= BUDGET.perSecond;
}

export interface RegistrationRateOptions {
	/** How many registrations are timed (after a warm-up of 500). */
	readonly timed: number;
	/** A PostgreSQL server whose user may create databases; without it, SQLite only. */
	readonly postgresUrl: string | undefined;
}

/**
 * Measures the flow on SQLite, then on PostgreSQL with two processes when `postgresUrl` is set, and
 * prints each step's figures beside the budget. Answers whether every registration was acknowledged,
 * every confirmation gave a voucher, and every figure is within its budget.
 */
export async function measureRegistrationRate({
	timed,
	postgresUrl,
}: RegistrationRateOptions): Promise<boolean> {
	const setups: (() => Promise<Setup>)[] = [];
	const sessionSecret = randomBytes(32).toString("base64url");
	setups.push(() => sqliteSetup(sessionSecret));
	if (postgresUrl) setups.push(() => postgresSetup(postgresUrl, sessionSecret));
	else console.log("BENCH_DATABASE_URL / TEST_DATABASE_URL not set: SQLite only");

	let completed = true;
	for (const make of setups) {
		const setup = await make();
		try {
			if (!(await bench(setup, sessionSecret, timed))) completed = false;
		} finally {
			await setup.stop();
		}
	}
	return completed;
}
