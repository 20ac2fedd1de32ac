import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, describe } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";
import type { Database } from "../../src/server/db/schema";
import { openSqlite } from "../../src/server/db/sqlite";

/** PostgreSQL joins when TEST_DATABASE_URL is set (.ci/run sets it); each opened database is a fresh one. */
const postgresUrl = process.env.TEST_DATABASE_URL;
let created = 0;

async function admin(query: string): Promise<void> {
	const client = new pg.Client({ connectionString: postgresUrl });
	await client.connect();
	try {
		await client.query(query);
	} finally {
		await client.end();
	}
}

/** A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server, for a server process to use. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
	if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
	// The pid and a random part: test files in worker threads share a pid and each count from 1.
	const name = `lumen_test_${process.pid}_${randomBytes(4).toString("hex")}_${++created}`;
	await admin(`create database ${name}`);
	const url = new URL(postgresUrl);
	url.pathname = `/${name}`;
	return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface TestDatabase {
	readonly handle: DatabaseHandle;
	/** Another handle on the same database, as another server process has; closed by dispose(). */
	openAnother(): Promise<DatabaseHandle>;
	/** Closes the database (unless the test did) and removes it. */
	dispose(): Promise<void>;
}

/** A test may have closed the handle itself (to test closing): closing again is not a failure. */
const closeQuietly = (handle: DatabaseHandle) => handle.close().catch(() => {});

type Opener = () => Promise<TestDatabase>;

/** `[kind, open]` pairs for describe.each: SQLite always, PostgreSQL when configured. */
export function testDatabases(): [string, Opener][] {
	const engines: [string, Opener][] = [
		[
			"sqlite",
			async () => {
				const dataDir = mkdtempSync(join(tmpdir(), "lumen-db-"));
				const handle = await openDatabase({ dataDir });
				const others: DatabaseHandle[] = [];
				return {
					handle,
					openAnother: async () => others[others.push(await openDatabase({ dataDir })) - 1]!,
					async dispose() {
						for (const other of [handle, ...others]) await closeQuietly(other);
						rmSync(dataDir, { recursive: true, force: true });
					},
				};
			},
		],
	];
	if (postgresUrl) {
		engines.push([
			"postgres",
			async () => {
				const database = await createPostgresDatabase();
				const open = () => openDatabase({ databaseUrl: database.url, dataDir: "unused" });
				const handle = await open();
				const others: DatabaseHandle[] = [];
				return {
					handle,
					openAnother: async () => others[others.push(await open()) - 1]!,
					async dispose() {
						for (const other of [handle, ...others]) await closeQuietly(other);
						await database.drop();
					},
				};
			},
		]);
	}
	return engines;
}

/** `open`, with every database it opens in the calling describe block disposed of after the block. */
export function disposedAfterAll(open: Opener): Opener {
	const opened: TestDatabase[] = [];
	afterAll(async () => {
		for (const database of opened) await database.dispose();
	});
	return async () => {
		const database = await open();
		opened.push(database);
		return database;
	};
}

/** What a server process under test is given to use a fresh database of its own, and how to drop it. */
export type ServerDatabase = { env: Record<string, string>; drop(): Promise<void> };

/**
 * `[kind, create]` pairs for describe.each over server processes: SQLite (the server's own data folder,
 * nothing to set) and PostgreSQL when TEST_DATABASE_URL is set.
 */
export function serverDatabases(): [string, () => Promise<ServerDatabase>][] {
	const engines: [string, () => Promise<ServerDatabase>][] = [
		["sqlite", async () => ({ env: {}, drop: async () => {} })],
	];
	if (postgresUrl) {
		engines.push([
			"postgres",
			async () => {
				const database = await createPostgresDatabase();
				return { env: { DATABASE_URL: database.url }, drop: database.drop };
			},
		]);
	}
	return engines;
}

/** An empty database, not migrated (the others here are migrated to the latest on opening): for tests of a migration. */
export type UnmigratedDatabase = { db: Kysely<Database>; close(): Promise<void> };

function unmigratedDatabases(): [string, () => Promise<UnmigratedDatabase>][] {
	const engines: [string, () => Promise<UnmigratedDatabase>][] = [
		[
			"sqlite",
			async () => {
				const dir = mkdtempSync(join(tmpdir(), "lumen-migration-"));
				const db = new Kysely<Database>({
					dialect: new SqliteDialect({ database: async () => openSqlite(join(dir, "lumen.sqlite")) }),
				});
				return {
					db,
					async close() {
						await db.destroy();
						rmSync(dir, { recursive: true, force: true });
					},
				};
			},
		],
	];
	if (postgresUrl) {
		engines.push([
			"postgres",
			async () => {
				const created = await createPostgresDatabase();
				const db = new Kysely<Database>({
					dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: created.url, max: 2 }) }),
				});
				return {
					db,
					async close() {
						await db.destroy();
						await created.drop();
					},
				};
			},
		]);
	}
	return engines;
}

const WITHOUT_POSTGRES = "skipped: TEST_DATABASE_URL is not set";

/** Fails if called: the PostgreSQL suite of a run without TEST_DATABASE_URL is only registered, never run. */
const unconfigured = async (): Promise<never> => {
	throw new Error("TEST_DATABASE_URL is not set");
};

/**
 * describe.each over `engines`, and without TEST_DATABASE_URL the PostgreSQL suite too, registered as
 * skipped with the reason: a run without PostgreSQL then reports those tests as skipped, rather than
 * counting fewer tests as if they did not exist.
 */
function describeEngines<T>(
	engines: [string, T][],
	unavailable: T,
	name: string,
	suite: (kind: string, value: T) => void,
): void {
	describe.each(engines)(name, suite);
	if (!postgresUrl)
		describe.skip(`${name.replace("%s", "postgres")} (${WITHOUT_POSTGRES})`, () =>
			suite("postgres", unavailable));
}

/** A suite on each database (see testDatabases); the PostgreSQL one reported as skipped when unconfigured. */
export function describeDatabases(name: string, suite: (kind: string, open: Opener) => void): void {
	describeEngines(testDatabases(), unconfigured, name, suite);
}

/** A suite on each server database (see serverDatabases); the PostgreSQL one reported as skipped when unconfigured. */
export function describeServerDatabases(
	name: string,
	suite: (kind: string, createDatabase: () => Promise<ServerDatabase>) => void,
): void {
	describeEngines(serverDatabases(), unconfigured, name, suite);
}

/** A suite on each database, empty and not migrated; the PostgreSQL one reported as skipped when unconfigured. */
export function describeUnmigratedDatabases(
	name: string,
	suite: (kind: string, open: () => Promise<UnmigratedDatabase>) => void,
): void {
	describeEngines(unmigratedDatabases(), unconfigured, name, suite);
}
