/**
 * A transaction on the embedded database that reads and then writes, while another process (a second
 * server, an operator's privacy command) writes to the same file: it holds the write lock from its
 * start, so the other writer waits for it, and both writes land.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, expect, it } from "vitest";
import { openDatabase, sqliteFile } from "../../src/server/db";

const dataDir = mkdtempSync(join(tmpdir(), "lumen-transactions-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("commits a read-then-write transaction while another connection wants to write", async () => {
	const handle = await openDatabase({ dataDir });
	// Another process's connection, which does not wait: a write it cannot make now throws at once.
	const other = new DatabaseSync(sqliteFile(dataDir));
	other.exec("PRAGMA busy_timeout = 0");
	const othersWrite = other.prepare("insert into app_meta (key, value) values ('other', '1')");
	try {
		await handle.db.transaction().execute(async (trx) => {
			const before = await trx.selectFrom("app_meta").select("key").where("key", "=", "mine").execute();
			expect(before).toEqual([]);
			expect(() => othersWrite.run()).toThrow(/database is locked/);
			await trx.insertInto("app_meta").values({ key: "mine", value: "1" }).execute();
		});
		othersWrite.run();
		const keys = await handle.db
			.selectFrom("app_meta")
			.select("key")
			.where("key", "in", ["mine", "other"])
			.orderBy("key")
			.execute();
		expect(keys).toEqual([{ key: "mine" }, { key: "other" }]);
	} finally {
		other.close();
		await handle.close();
	}
});
