import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";

/** PostgreSQL runs when TEST_DATABASE_URL is set (.ci/run sets it); each test gets its own database. */
const postgresUrl = process.env.TEST_DATABASE_URL;
let databases = 0;

async function admin(query: string): Promise<void> {
	const client = new pg.Client({ connectionString: postgresUrl });
	await client.connect();
	try {
		await client.query(query);
	} finally {
		await client.end();
	}
}

async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
	const name = `lumen_test_${process.pid}_${++databases}`;
	await admin(`create database ${name}`);
	const url = new URL(postgresUrl!);
	url.pathname = `/${name}`;
	return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const engines: [string, () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>][] = [
	[
		"sqlite",
		async () => {
			const dataDir = mkdtempSync(join(tmpdir(), "lumen-db-"));
			return { handle: await openDatabase({ dataDir }), cleanup: async () => {} };
		},
	],
];
if (postgresUrl) {
	engines.push([
		"postgres",
		async () => {
			const { url, drop } = await freshPostgresDatabase();
			return { handle: await openDatabase({ databaseUrl: url, dataDir: "unused" }), cleanup: drop };
		},
	]);
}

describe.each(engines)("database on %s", (kind, open) => {
	const cleanups: (() => Promise<void>)[] = [];
	afterAll(async () => {
		for (const cleanup of cleanups) await cleanup();
	});

	it("migrates, answers ping, reads and writes, and migrating again changes nothing", async () => {
		const { handle, cleanup } = await open();
		cleanups.push(cleanup);
		expect(handle.kind).toBe(kind);
		expect(await handle.ping()).toBe(true);
		await handle.db.insertInto("app_meta").values({ key: "greeting", value: "ahoj" }).execute();
		const row = await handle.db
			.selectFrom("app_meta")
			.select(["key", "value"])
			.where("key", "=", "greeting")
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ key: "greeting", value: "ahoj" });
		await expect(
			handle.db.insertInto("app_meta").values({ key: "greeting", value: "again" }).execute(),
		).rejects.toThrow();
		await handle.close();
	});

	it("rolls back a failed transaction completely", async () => {
		const { handle, cleanup } = await open();
		cleanups.push(cleanup);
		await expect(
			handle.db.transaction().execute(async (trx) => {
				await trx.insertInto("app_meta").values({ key: "partial", value: "1" }).execute();
				await trx.insertInto("app_meta").values({ key: "partial", value: "2" }).execute();
			}),
		).rejects.toThrow();
		const rows = await handle.db.selectFrom("app_meta").selectAll().where("key", "=", "partial").execute();
		expect(rows).toEqual([]);
		await handle.close();
	});

	it("reports not ready once closed", async () => {
		const { handle, cleanup } = await open();
		cleanups.push(cleanup);
		await handle.close();
		expect(await handle.ping()).toBe(false);
	});
});
