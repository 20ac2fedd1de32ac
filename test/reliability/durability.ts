/**
 * `npm run test:durability`: nothing acknowledged is lost, nothing is stored partly, when the server is
 * killed.
 *
 * Starts the built test server (`npm run build:test`, TEST_DIST) on SQLite and registers 10,000 people
 * from 100 concurrent clients (bench/lib/registration-client.ts), each the way a person does: the form's
 * POST (acknowledged by its 303 to /register/sent), then the confirmation link (acknowledged by its 303
 * to the voucher). Three times during the load (near a quarter, a half and three quarters of it) it
 * kills the server with SIGKILL, starts it again on the same data and goes on. Then it checks the database:
 * - every acknowledged signup is stored, with its confirmation e-mail (its own link) in the outbox;
 * - every acknowledged confirmation has its registration and exactly one voucher, the one it was sent to;
 * - nothing partial, also of what was in flight at the kill: every signup has its e-mail (one each),
 *   every registration exactly one voucher and a signup confirmed into it, every "issued" signup its
 *   voucher, and the campaign's counter of vouchers issued equals the vouchers stored;
 * - no voucher code or token repeats, and the database passes its own check (SQLite's
 *   `PRAGMA integrity_check`, PostgreSQL's amcheck).
 * Then the same on PostgreSQL when TEST_DATABASE_URL is set. Prints the figures; exits with 1 when
 * anything is wrong.
 *
 * A request refused before it reached the server (connection refused while it was down) is sent again
 * once it is back, as a browser's user would. A POST cut off by the kill has no answer and is not sent
 * again: its signup must be stored completely or not at all. A confirmation cut off is opened again
 * after the load, as the mailbox's owner would click the link again: it must then give the voucher.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import {
	type ConfirmationAnswer,
	RegistrationClient,
	type SignupAnswer,
	type SignupBody,
} from "../../bench/lib/registration-client";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";
import { confirmToken, signupKeys } from "../../src/server/registration/links";
import { startServer, type TestServer } from "../helpers/server";
import {
	mailsByRecipient,
	type StoredRegistrations,
	type StoredSignup,
	storedRegistrations,
	storedSignups,
} from "../helpers/stored-registrations";
import { createPostgresDatabase } from "../helpers/test-databases";

const TOTAL = Number(process.env.DURABILITY_REGISTRATIONS ?? 10_000);
/** Kills per run: one rarely lands in the middle of a registration's transaction; several do. */
const KILLS = 3;
/** How long a request waits for the server to come back after a kill before the run fails. */
const RESTART_TIMEOUT_MS = 60_000;
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
	/** Registration POSTs answered or cut off (each body once). */
	posted: number;
	/** Acknowledged signups (303 to /register/sent): signup id → e-mail. */
	signups: Map<string, string>;
	/** Acknowledged confirmations (303 to a voucher): signup id → voucher token. */
	vouchers: Map<string, string>;
	otherAnswers: Map<string, number>;
	/** POSTs cut off by the kill: no answer, fate unknown (their e-mails). */
	postsCutOff: string[];
	/** Confirmations cut off by the kill (their signups' ids). */
	confirmationsCutOff: string[];
	/** The cut-off confirmations opened again after the load: how they answered. */
	reopened: Map<string, number>;
	/** Vouchers acknowledged at each kill. */
	killedAfter: number[];
	restartMs: number[];
	/** Sending, the kill and the restart included (not the solving of challenges before). */
	seconds: number;
}

async function load(engine: Engine, sessionSecret: string): Promise<Figures> {
	const env = { ...engine.env, SESSION_SECRET: sessionSecret };
	const connect = async () => {
		const server = await startServer({ env, quiet: true });
		return { server, client: await RegistrationClient.connect({ url: server.origin, sessionSecret }) };
	};
	let current: { server: TestServer; client: RegistrationClient } = await connect();
	let restarted: Promise<void> | undefined;
	// Spread over the load, each a little off its mark, so that runs land in different places.
	const killsAt = Array.from({ length: KILLS }, (_, index) =>
		Math.floor(TOTAL * ((index + 1) / (KILLS + 1) + (Math.random() - 0.5) * 0.1)),
	);
	const figures: Figures = {
		posted: 0,
		signups: new Map(),
		vouchers: new Map(),
		otherAnswers: new Map(),
		postsCutOff: [],
		confirmationsCutOff: [],
		reopened: new Map(),
		killedAfter: [],
		restartMs: [],
		seconds: 0,
	};
	const other = (label: string) =>
		figures.otherAnswers.set(label, (figures.otherAnswers.get(label) ?? 0) + 1);

	const killAndRestart = async () => {
		const killed = current.server;
		figures.killedAfter.push(figures.vouchers.size);
		killed.process.kill("SIGKILL");
		await killed.stop();
		const started = performance.now();
		current = await connect();
		figures.restartMs.push(performance.now() - started);
	};
	/** Waits for the restart while the server is down (the kill may not have been noticed yet). */
	const serverBack = async (since: number) => {
		if (performance.now() - since > RESTART_TIMEOUT_MS) throw new Error("the server did not come back");
		await restarted;
		await new Promise((resolve) => setTimeout(resolve, 20));
	};
	/** Sends again what never reached the server (connection refused while it was down). */
	async function reaching<T extends SignupAnswer | ConfirmationAnswer>(send: () => Promise<T>): Promise<T> {
		const since = performance.now();
		for (;;) {
			const answer = await send();
			if (answer.kind !== "failed" || answer.error !== "ECONNREFUSED") return answer;
			await serverBack(since);
		}
	}

	// Challenges are solved first (this process's CPU), so that 100 requests really are in flight.
	const bodies: SignupBody[] = [];
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
				const body = bodies[next++] as SignupBody;
				const email = body.get("email") as string;
				const sent = await reaching(() => current.client.post(body));
				figures.posted++;
				if (sent.kind === "failed") figures.postsCutOff.push(email);
				if (sent.kind === "refused") other(`POST ${sent.status}`);
				if (sent.kind !== "sent") continue;
				figures.signups.set(sent.signupId, email);

				const confirmed = await reaching(() => current.client.confirm(sent.signupId));
				if (confirmed.kind === "failed") figures.confirmationsCutOff.push(sent.signupId);
				if (confirmed.kind === "refused") other(`confirmation ${confirmed.status}`);
				if (confirmed.kind !== "voucher") continue;
				figures.vouchers.set(sent.signupId, confirmed.token);
				// One after the other: a kill waits for the restart before it.
				if (killsAt.includes(figures.vouchers.size))
					restarted = (restarted ?? Promise.resolve()).then(killAndRestart);
			}
		}),
	);
	figures.seconds = (performance.now() - started) / 1000;
	await restarted;

	for (const signupId of figures.confirmationsCutOff) {
		const again = await current.client.confirm(signupId);
		const label = again.kind === "failed" ? `failed (${again.error})` : `${again.kind} ${again.status}`;
		figures.reopened.set(label, (figures.reopened.get(label) ?? 0) + 1);
		if (again.kind === "voucher") figures.vouchers.set(signupId, again.token);
	}
	await current.server.stop();
	return figures;
}

interface Stored extends StoredRegistrations {
	signupsById: ReadonlyMap<string, StoredSignup>;
	mailsTo: ReadonlyMap<string, readonly string[]>;
	integrity: string[];
}

async function inspect(engine: Engine): Promise<Stored> {
	const handle = await engine.open();
	try {
		return {
			...(await storedRegistrations(handle.db)),
			signupsById: await storedSignups(handle.db),
			mailsTo: await mailsByRecipient(handle.db),
			integrity: await engine.integrity(handle),
		};
	} finally {
		await handle.close();
	}
}

/** Prints the figures of one engine; answers whether everything held. */
function report(engine: Engine, figures: Figures, stored: Stored, sessionSecret: string): boolean {
	const keys = signupKeys(sessionSecret);
	/** Whether the e-mail to `email` carrying `signupId`'s own confirmation link is queued. */
	const linkMailed = (email: string, signupId: string) =>
		(stored.mailsTo.get(email) ?? []).some((text) =>
			text.includes(`/register/confirm/${confirmToken(keys, signupId)}`),
		);

	const signupsLost = [...figures.signups].filter(
		([id, email]) => !stored.signupsById.has(id) || !linkMailed(email, id),
	).length;
	const vouchersLost = [...figures.vouchers].filter(([id, token]) => {
		const email = figures.signups.get(id) as string;
		return stored.signupsById.get(id)?.voucherToken !== token || stored.byEmail.get(email) !== token;
	}).length;
	// Pending signups still hold their address: each must have its own link in the outbox.
	const pendingWithoutMail = [...stored.signupsById].filter(
		([id, signup]) => signup.outcome === null && signup.email !== null && !linkMailed(signup.email, id),
	).length;
	const storedEmails = new Set([...stored.signupsById.values()].map((signup) => signup.email));
	const cutOffStored = figures.postsCutOff.filter((email) => storedEmails.has(email)).length;
	const unexpected = stored.signups - figures.signups.size - cutOffStored;
	const issued = stored.signupOutcomes.get("issued") ?? 0;
	const others = [...figures.otherAnswers].map(([label, n]) => `${label}: ${n}`).join(", ") || "none";
	const reopened = [...figures.reopened].map(([label, n]) => `${label}: ${n}`).join(", ") || "none";
	const outcomes = [...stored.signupOutcomes].map(([outcome, n]) => `${outcome} ${n}`).join(", ");
	const checks: [string, string | number, boolean][] = [
		["registration POSTs sent", figures.posted, figures.posted === TOTAL],
		["signups acknowledged (303 to /register/sent)", figures.signups.size, true],
		["confirmations acknowledged (303 to a voucher)", figures.vouchers.size, true],
		["other answers", others, figures.otherAnswers.size === 0],
		[
			"killed (SIGKILL) after vouchers",
			figures.killedAfter.join(", "),
			figures.killedAfter.length === KILLS && figures.killedAfter.every((vouchers) => vouchers > 0),
		],
		["restarts took", figures.restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", "), true],
		["POSTs cut off by the kill (no answer)", figures.postsCutOff.length, true],
		["  of those stored (completely)", cutOffStored, true],
		["confirmations cut off by the kill", figures.confirmationsCutOff.length, true],
		[
			"  opened again after the restart",
			reopened,
			[...figures.reopened.keys()].every((label) => label === "voucher 303"),
		],
		["stored signups", stored.signups, unexpected === 0],
		[
			"  by outcome (pending: not confirmed, or cut off)",
			outcomes,
			stored.pendingSignups === cutOffStored + figures.signups.size - figures.vouchers.size,
		],
		["acknowledged signups lost (row or its e-mail)", signupsLost, signupsLost === 0],
		["acknowledged vouchers lost or different", vouchersLost, vouchersLost === 0],
		["pending signups without their e-mail", pendingWithoutMail, pendingWithoutMail === 0],
		[
			"e-mails queued / signups + vouchers (each one's e-mail)",
			`${stored.mails} / ${stored.signups + stored.vouchers}`,
			stored.mails === stored.signups + stored.vouchers,
		],
		[
			"registrations without their voucher's e-mail",
			stored.withoutVoucherMail,
			stored.withoutVoucherMail === 0,
		],
		[
			"registrations / signups issued",
			`${stored.registrations} / ${issued}`,
			stored.registrations === issued,
		],
		["registrations without their signup", stored.withoutSignup, stored.withoutSignup === 0],
		['"issued" signups without a voucher', stored.issuedWithoutVoucher, stored.issuedWithoutVoucher === 0],
		["registrations without exactly one voucher", stored.notOneVoucher, stored.notOneVoucher === 0],
		[
			"vouchers / counted (vouchers_issued)",
			`${stored.vouchers} / ${stored.vouchersCounted}`,
			stored.vouchers === stored.vouchersCounted,
		],
		["duplicate voucher codes", stored.duplicateCodes, stored.duplicateCodes === 0],
		["duplicate voucher tokens", stored.duplicateTokens, stored.duplicateTokens === 0],
		[
			engine.name === "sqlite" ? "PRAGMA integrity_check" : "amcheck (every B-tree index)",
			stored.integrity.length ? stored.integrity.join("; ") : "ok",
			stored.integrity.length === 0,
		],
	];
	console.log(
		`\n${engine.name}: ${TOTAL} registrations (POST and confirmation), ${CONCURRENCY} concurrent, in ${figures.seconds.toFixed(1)} s`,
	);
	for (const [label, value, ok] of checks) {
		console.log(`  ${label.padEnd(48)} ${String(value).padStart(10)}${ok ? "" : "   FAILED"}`);
	}
	return checks.every(([, , ok]) => ok);
}

const engines: (() => Promise<Engine>)[] = [async () => sqliteEngine()];
if (process.env.TEST_DATABASE_URL) engines.push(postgresEngine);
else console.log("TEST_DATABASE_URL is not set: SQLite only");

let failed = false;
for (const make of engines) {
	const engine = await make();
	const sessionSecret = randomBytes(32).toString("base64url");
	try {
		const figures = await load(engine, sessionSecret);
		if (!report(engine, figures, await inspect(engine), sessionSecret)) failed = true;
	} finally {
		await engine.remove();
	}
}
console.log(failed ? "\nDURABILITY CHECK FAILED" : "\nDurability check passed");
process.exit(failed ? 1 : 0);
