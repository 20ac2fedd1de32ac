import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";

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

export interface TestDatabase {
	readonly handle: DatabaseHandle;
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
				return {
					handle,
					async dispose() {
						await closeQuietly(handle);
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
				const name = `lumen_test_${process.pid}_${++created}`;
				await admin(`create database ${name}`);
				const url = new URL(postgresUrl);
				url.pathname = `/${name}`;
				const handle = await openDatabase({ databaseUrl: url.href, dataDir: "unused" });
				return {
					handle,
					async dispose() {
						await closeQuietly(handle);
						await admin(`drop database if exists ${name} with (force)`);
					},
				};
			},
		]);
	}
	return engines;
}
