/**
 * `npm run test:durability`: no acknowledged registration is lost when the server is killed.
 *
 * Starts the built test server (`npm run build:test`, TEST_DIST) on SQLite, sends 10,000 valid
 * registrations from 100 concurrent clients (bench/lib/registration-client.ts), kills the server with
 * SIGKILL in the middle, starts it again on the same data and sends the rest. Then it checks the
 * database: every registration that got its 303 to a voucher page is stored, with its voucher and its
 * e-mail; every stored registration has exactly one voucher and one e-mail in the outbox (nothing
 * partial, also of those in flight at the kill); no voucher code or token repeats; and the database
 * passes its integrity check (SQLite's `PRAGMA integrity_check`, PostgreSQL's amcheck). Then the same on
 * PostgreSQL when TEST_DATABASE_URL is set. Prints the figures; exits with 1 when anything is wrong.
 *
 * A request refused before it reached the server (connection refused while it was down) is sent again
 * once it is back, as a browser's user would; a request cut off by the kill has no answer and is not
 * sent again: it must be stored completely or not at all.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type RegistrationAnswer, RegistrationClient } from "../../bench/lib/registration-client";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";
import { startServer, type TestServer } from "../helpers/server";
import { type StoredRegistrations, storedRegistrations } from "../helpers/stored-registrations";
import { createPostgresDatabase } from "../helpers/test-databases";

const TOTAL = Number(process.env.DURABILITY_REGISTRATIONS ?? 10_000);
const CONCURRENCY = 100;

interface Engine {
	readonly name: "sqlite" | "postgres";
	readonly env: Record<string, string>;
	open(): Promise<DatabaseHandle>;
	/** The engine's own check of its files: a list of problems, empty when sound. */
	integrity(handle: DatabaseHandle): Promise<string[]>;
	remove(): Promise<void>;
}

function sqliteEngine(): Engine {
	const dataDir = mkdtempSync(join(tmpdir(), "lumen-durability-"));
	return {
		name: "sqlite",
		env: { DATA_DIR: dataDir },
		open: () => openDatabase({ dataDir }),
		async integrity({ db }) {
			const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
			const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
			return [
				...check.rows.map((row) => row.integrity_check).filter((result) => result !== "ok"),
				...foreignKeys.rows.map((row) => `foreign key: ${JSON.stringify(row)}`),
			];
		},
		async remove() {
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

async function postgresEngine(): Promise<Engine> {
	const database = await createPostgresDatabase();
	return {
		name: "postgres",
		env: { DATABASE_URL: database.url },
		open: () => openDatabase({ databaseUrl: database.url, dataDir: "unused" }),
		async integrity({ db }) {
			// amcheck: every B-tree index is well formed and holds every row of its table.
			await sql`create extension if not exists amcheck`.execute(db);
			const indexes = await sql<{ index: string }>`
				select c.relname as index from pg_index i
				join pg_class c on c.oid = i.indexrelid
				join pg_namespace n on n.oid = c.relnamespace
				join pg_am a on a.oid = c.relam
				where n.nspname = 'public' and a.amname = 'btree'`.execute(db);
			const problems: string[] = [];
			for (const { index } of indexes.rows) {
				try {
					await sql`select bt_index_check(${index}::regclass, true)`.execute(db);
				} catch (error) {
					problems.push(`${index}: ${(error as Error).message}`);
				}
			}
			return problems;
		},
		remove: () => database.drop(),
	};
}

interface Figures {
	sent: number;
	acknowledged: number;
	otherAnswers: Map<string, number>;
	/** Cut off by the kill: no answer, fate unknown. */
	noAnswer: string[];
	/** Acknowledged registrations: voucher token → e-mail. */
	vouchers: Map<string, string>;
	killedAfter: number;
	restartMs: number;
	/** Sending, the kill and the restart included (not the solving of challenges before). */
	seconds: number;
}

async function load(engine: Engine): Promise<Figures> {
	const sessionSecret = randomBytes(32).toString("base64url");
	const env = { ...engine.env, SESSION_SECRET: sessionSecret };
	const connect = async () => {
		const server = await startServer({ env, quiet: true });
		return { server, client: await RegistrationClient.connect({ url: server.origin, sessionSecret }) };
	};
	let current: { server: TestServer; client: RegistrationClient } = await connect();
	let restarted: Promise<void> | undefined;
	const killAt = Math.floor(TOTAL * (0.4 + Math.random() * 0.2));
	const figures: Figures = {
		sent: 0,
		acknowledged: 0,
		otherAnswers: new Map(),
		noAnswer: [],
		vouchers: new Map(),
		killedAfter: 0,
		restartMs: 0,
		seconds: 0,
	};

	const killAndRestart = async () => {
		const killed = current.server;
		figures.killedAfter = figures.acknowledged;
		killed.process.kill("SIGKILL");
		await killed.stop();
		const started = performance.now();
		current = await connect();
		figures.restartMs = performance.now() - started;
	};
	/** Waits for the restart while the server is down (the kill may not have been noticed yet). */
	let waits = 0;
	const serverBack = async () => {
		if (++waits > 10_000) throw new Error("the server did not come back");
		await restarted;
		await new Promise((resolve) => setTimeout(resolve, 20));
	};

	// Challenges are solved first (this process's CPU), so that 100 requests really are in flight.
	const bodies: URLSearchParams[] = [];
	let prepared = 0;
	await Promise.all(
		Array.from({ length: 8 }, async () => {
			while (prepared++ < TOTAL) bodies.push(await current.client.fields());
		}),
	);

	const started = performance.now();
	let next = 0;
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < TOTAL) {
				const body = bodies[next++] as URLSearchParams;
				let answer: RegistrationAnswer;
				for (;;) {
					answer = await current.client.post(body);
					if (answer.kind !== "failed" || answer.error !== "ECONNREFUSED") break;
					await serverBack();
				}
				figures.sent++;
				const email = body.get("email") as string;
				if (answer.kind === "created") {
					figures.acknowledged++;
					figures.vouchers.set(answer.token, email);
					if (figures.acknowledged === killAt) restarted = killAndRestart();
				} else if (answer.kind === "failed") {
					figures.noAnswer.push(email);
				} else {
					const label = `${answer.kind} ${answer.status}`;
					figures.otherAnswers.set(label, (figures.otherAnswers.get(label) ?? 0) + 1);
				}
			}
		}),
	);
	figures.seconds = (performance.now() - started) / 1000;
	await restarted;
	await current.server.stop();
	return figures;
}

interface Stored extends StoredRegistrations {
	integrity: string[];
}

async function inspect(engine: Engine): Promise<Stored> {
	const handle = await engine.open();
	try {
		return { ...(await storedRegistrations(handle.db)), integrity: await engine.integrity(handle) };
	} finally {
		await handle.close();
	}
}

/** Prints the figures of one engine; answers whether everything held. */
function report(engine: Engine, figures: Figures, stored: Stored): boolean {
	const lost = [...figures.vouchers].filter(([token, email]) => stored.byEmail.get(email) !== token).length;
	const inFlightStored = figures.noAnswer.filter((email) => stored.byEmail.has(email)).length;
	const unexpected = stored.registrations - figures.acknowledged - inFlightStored;
	const others = [...figures.otherAnswers].map(([label, n]) => `${label}: ${n}`).join(", ") || "none";
	const checks: [string, string | number, boolean][] = [
		["registrations sent", figures.sent, figures.sent === TOTAL],
		["acknowledged (303 to a voucher)", figures.acknowledged, true],
		["other answers", others, figures.otherAnswers.size === 0],
		["killed (SIGKILL) after acknowledging", figures.killedAfter, figures.killedAfter > 0],
		["restart took", `${(figures.restartMs / 1000).toFixed(1)} s`, true],
		["cut off by the kill (no answer)", figures.noAnswer.length, true],
		["  of those stored (completely)", inFlightStored, true],
		["stored registrations", stored.registrations, unexpected === 0],
		["acknowledged but not stored with their voucher", lost, lost === 0],
		["stored without exactly one voucher", stored.notOneVoucher, stored.notOneVoucher === 0],
		["stored without exactly one e-mail", stored.notOneMail, stored.notOneMail === 0],
		["vouchers / e-mails stored", `${stored.vouchers} / ${stored.mails}`, true],
		["duplicate voucher codes", stored.duplicateCodes, stored.duplicateCodes === 0],
		["duplicate voucher tokens", stored.duplicateTokens, stored.duplicateTokens === 0],
		[
			engine.name === "sqlite" ? "PRAGMA integrity_check" : "amcheck (every B-tree index)",
			stored.integrity.length ? stored.integrity.join("; ") : "ok",
			stored.integrity.length === 0,
		],
	];
	console.log(
		`\n${engine.name}: ${TOTAL} registrations, ${CONCURRENCY} concurrent, in ${figures.seconds.toFixed(1)} s`,
	);
	for (const [label, value, ok] of checks) {
		console.log(`  ${label.padEnd(48)} ${String(value).padStart(8)}${ok ? "" : "   FAILED"}`);
	}
	return checks.every(([, , ok]) => ok);
}

const engines: (() => Promise<Engine>)[] = [async () => sqliteEngine()];
if (process.env.TEST_DATABASE_URL) engines.push(postgresEngine);
else console.log("TEST_DATABASE_URL is not set: SQLite only");

let failed = false;
for (const make of engines) {
	const engine = await make();
	try {
		const figures = await load(engine);
		if (!report(engine, figures, await inspect(engine))) failed = true;
	} finally {
		await engine.remove();
	}
}
console.log(failed ? "\nDURABILITY CHECK FAILED" : "\nDurability check passed");
process.exit(failed ? 1 : 0);
