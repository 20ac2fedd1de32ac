import { expect, it } from "vitest";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describeDatabases("database on %s", (kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const fresh = async () => (await openDatabase()).handle;

	it("migrates, answers ping, reads and writes, and migrating again changes nothing", async () => {
		const handle = await fresh();
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
	});

	it("rolls back a failed transaction completely", async () => {
		const handle = await fresh();
		await expect(
			handle.db.transaction().execute(async (trx) => {
				await trx.insertInto("app_meta").values({ key: "partial", value: "1" }).execute();
				await trx.insertInto("app_meta").values({ key: "partial", value: "2" }).execute();
			}),
		).rejects.toThrow();
		const rows = await handle.db.selectFrom("app_meta").selectAll().where("key", "=", "partial").execute();
		expect(rows).toEqual([]);
	});

	it("reports not ready once closed", async () => {
		const handle = await fresh();
		await handle.close();
		expect(await handle.ping()).toBe(false);
	});
});
