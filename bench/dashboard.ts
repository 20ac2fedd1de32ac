/**
 * `npm run bench:dashboard`: the dashboard's and the settlement's answer times with a campaign of
 * BENCH_DASHBOARD_REGISTRATIONS registrations (default 1,000,000, seeded by scripts/lib/campaign-seed.ts
 * over ten months, 60 % redeemed), p50 and p95 of each page against the 300 ms budget (docs/budgets.md),
 * on SQLite with one server process, and on a fresh PostgreSQL database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. Run `npm run build` first.
 *
 * A marketing account signs in and opens each page BENCH_DASHBOARD_REPEATS times (default 30, after 3
 * not counted), one request at a time, as one person at the dashboard does: the whole campaign, one
 * region over the whole campaign, one month, and a month's settlement. The first view of each is printed
 * beside them: the first page reads the settled days' counts (src/server/dashboard/rollups.ts), the first
 * region's also the vouchers issued per store, and the later filters add up what those kept.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { seedCampaign } from "../scripts/lib/campaign-seed";
import { addDays, pragueDate } from "../src/prague-time";
import { openDatabase } from "../src/server/db";
import { startServer } from "../test/helpers/server";
import { seedStaff } from "../test/helpers/staff-fixtures";

const REGISTRATIONS = Number(process.env.BENCH_DASHBOARD_REGISTRATIONS ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_DASHBOARD_REPEATS ?? 30);
const WARM_UP = 3;
const BUDGET_MS = 300;
const DAYS = 300;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

const percentile = (sorted: readonly number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const end = pragueDate(new Date());
const start = addDays(end, -(DAYS - 1));
const month = addDays(end, -60).slice(0, 7);
const pages = [
	["dashboard, whole campaign", "/staff/dashboard"],
	["dashboard, one region", "/staff/dashboard?region=CZ-64"],
	["dashboard, one month", `/staff/dashboard?from=${month}-01&to=${month}-28`],
	["settlement, one month", `/staff/settlement?month=${month}`],
] as const;

/** Seeds the database, starts a server on it and times each page; false when a page is over budget. */
async function run(name: string, database: { dataDir: string; databaseUrl?: string }): Promise<boolean> {
	const seeding = performance.now();
	const handle = await openDatabase(database);
	let password = "";
	let email = "";
	try {
		await seedCampaign(handle.db, { registrations: REGISTRATIONS, start, days: DAYS });
		// Fresh statistics for the planner, as autovacuum (PostgreSQL) or `PRAGMA optimize` would make in time;
		// on PostgreSQL also the visibility map autovacuum keeps, without which no index scan is index-only.
		await (handle.kind === "postgres" ? sql`vacuum analyze` : sql`analyze`).execute(handle.db);
		password = randomUUID();
		email = (await seedStaff(handle.db, { role: "marketing", password })).email;
	} finally {
		await handle.close();
	}
	const seeded = ((performance.now() - seeding) / 1000).toFixed(0);
	const server = await startServer({
		entry: "dist/server/main.js",
		env: {
			APP_ENV: "production",
			CLIENT_DIR: "dist/client",
			DATA_DIR: database.dataDir,
			CAMPAIGN_START: start,
			CAMPAIGN_END: end,
			VOUCHER_LIMIT: String(REGISTRATIONS),
			...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
		},
		quiet: true,
	});
	let ok = true;
	try {
		const login = await fetch(`${server.origin}/staff/login`, {
			method: "POST",
			body: new URLSearchParams({ email, password, signIn: "" }),
			redirect: "manual",
		});
		const cookie = login.headers
			.getSetCookie()
			.find((header) => header.startsWith("lumen_staff="))
			?.split(";")[0];
		if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
		console.log(
			`\n${name}: ${REGISTRATIONS} registrations from ${start} to ${end} (seeded in ${seeded} s)\n`,
		);
		console.log(
			`  ${"page".padEnd(28)} ${"first".padStart(9)} ${"p50".padStart(9)} ${"p95".padStart(9)}   budget p95 < ${BUDGET_MS} ms`,
		);
		for (const [label, path] of pages) {
			const times: number[] = [];
			let first = 0;
			for (let index = 0; index < WARM_UP + REPEATS; index++) {
				const started = performance.now();
				const response = await fetch(`${server.origin}${path}`, { headers: { cookie } });
				await response.arrayBuffer();
				if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
				if (index === 0) first = performance.now() - started;
				if (index >= WARM_UP) times.push(performance.now() - started);
			}
			times.sort((a, b) => a - b);
			const p95 = percentile(times, 95);
			ok &&= p95 < BUDGET_MS;
			console.log(
				`  ${label.padEnd(28)} ${first.toFixed(1).padStart(6)} ms ${percentile(times, 50).toFixed(1).padStart(6)} ms ${p95.toFixed(1).padStart(6)} ms   ${p95 < BUDGET_MS ? "ok" : "OVER BUDGET"}`,
			);
		}
	} finally {
		await server.stop();
	}
	return ok;
}

const dataDir = mkdtempSync(join(tmpdir(), "lumen-bench-dashboard-"));
let ok = true;
try {
	ok = await run("SQLite, one server process", { dataDir });
	if (postgresUrl) {
		process.env.TEST_DATABASE_URL = postgresUrl;
		const { createPostgresDatabase } = await import("../test/helpers/test-databases");
		const postgres = await createPostgresDatabase();
		const postgresDir = mkdtempSync(join(tmpdir(), "lumen-bench-dashboard-pg-"));
		try {
			ok =
				(await run("PostgreSQL, one server process", { dataDir: postgresDir, databaseUrl: postgres.url })) &&
				ok;
		} finally {
			await postgres.drop();
			rmSync(postgresDir, { recursive: true, force: true });
		}
	} else {
		console.log("\nPostgreSQL: skipped (BENCH_DATABASE_URL or TEST_DATABASE_URL is not set)");
	}
} finally {
	rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) process.exitCode = 1;
