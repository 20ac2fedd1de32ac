import { sql } from "kysely";
import { expect, it } from "vitest";
import { prepare, prepareRows } from "../../src/server/db/prepared";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

// A value (upserted) and a constant of the query (the suffix) in one statement, a value used twice.
const upsert = prepare((db, meta: { key: string; value: string }) =>
	db
		.insertInto("app_meta")
		.values({ key: meta.key, value: meta.value })
		.onConflict((conflict) =>
			conflict.column("key").doUpdateSet({ value: sql<string>`${meta.value} || ${"!"}` }),
		)
		.returning(["key", "value"]),
);

// Rows of values, and a value the query takes once.
const upsertRows = prepareRows(
	(db, rows: readonly { key: string; value: string }[], shared: { suffix: string }) =>
		db
			.insertInto("app_meta")
			.values(rows)
			.onConflict((conflict) =>
				conflict.column("key").doUpdateSet({ value: sql<string>`excluded.value || ${shared.suffix}` }),
			)
			.returning(["key", "value"]),
);

describeDatabases("prepared queries on %s", (kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("runs one compiled statement with each call's values, in and out of transactions", async () => {
		const { db } = (await openDatabase()).handle;
		expect(await upsert(db, { key: "a", value: "1" })).toEqual([{ key: "a", value: "1" }]);
		expect(await upsert(db, { key: "b", value: "2" })).toEqual([{ key: "b", value: "2" }]);
		expect(await upsert(db, { key: "a", value: "3" })).toEqual([{ key: "a", value: "3!" }]);
		await db.transaction().execute(async (trx) => {
			expect(await upsert(trx, { key: "c", value: "4" })).toEqual([{ key: "c", value: "4" }]);
		});
		const rows = await db
			.selectFrom("app_meta")
			.select(["key", "value"])
			.where("key", "in", ["a", "b", "c"])
			.orderBy("key")
			.execute();
		expect(rows).toEqual([
			{ key: "a", value: "3!" },
			{ key: "b", value: "2" },
			{ key: "c", value: "4" },
		]);
	});

	it("refuses a query that does not take every value as a parameter of its own", async () => {
		const { db } = (await openDatabase()).handle;
		const computed = prepare((database, meta: { key: string; length: number }) =>
			database.selectFrom("app_meta").select("key").where("key", "=", meta.key).limit(Number(meta.length)),
		);
		await expect(computed(db, { key: "a", length: 1 })).rejects.toThrow(/length/);
	});

	it("refuses a call with other values than the first, which the statement would drop", async () => {
		const { db } = (await openDatabase()).handle;
		await upsert(db, { key: "d", value: "5" });
		const extra = { key: "e", value: "6", note: "dropped" } as { key: string; value: string };
		await expect(upsert(db, extra)).rejects.toThrow(/exactly key, value/);
	});

	it("refuses a query that returns * or table.*, which an added column would change", async () => {
		const { db } = (await openDatabase()).handle;
		const every = /names the columns it returns/;
		const selectAll = prepare((database, meta: { key: string }) =>
			database.selectFrom("app_meta").selectAll().where("key", "=", meta.key),
		);
		await expect(selectAll(db, { key: "a" })).rejects.toThrow(every);
		const tableAll = prepare((database, meta: { key: string }) =>
			database.selectFrom("app_meta").selectAll("app_meta").where("key", "=", meta.key),
		);
		await expect(tableAll(db, { key: "a" })).rejects.toThrow(every);
		const returningAll = prepare((database, meta: { key: string }) =>
			database.deleteFrom("app_meta").where("key", "=", meta.key).returningAll(),
		);
		await expect(returningAll(db, { key: "a" })).rejects.toThrow(every);
		// count(*) returns one column of its own.
		const counted = prepare((database, meta: { key: string }) =>
			database
				.selectFrom("app_meta")
				.select((eb) => eb.fn.countAll<number>().as("n"))
				.where("key", "=", meta.key),
		);
		expect(await counted(db, { key: "no such key" })).toEqual([{ n: kind === "postgres" ? "0" : 0 }]);
	});

	it("runs a query of several rows with a statement for each number of rows", async () => {
		const { db } = (await openDatabase()).handle;
		const rows = [
			{ key: "r1", value: "1" },
			{ key: "r2", value: "2" },
		];
		expect(await upsertRows(db, rows, { suffix: "!" })).toEqual(rows);
		expect(await upsertRows(db, [{ key: "r1", value: "3" }], { suffix: "?" })).toEqual([
			{ key: "r1", value: "3?" },
		]);
		expect(await upsertRows(db, [...rows, { key: "r3", value: "4" }], { suffix: "+" })).toEqual([
			{ key: "r1", value: "1+" },
			{ key: "r2", value: "2+" },
			{ key: "r3", value: "4" },
		]);
	});

	// PostgreSQL's own: SQLite's driver keeps its statements in the process (sqlite.ts).
	if (kind === "postgres")
		it("has each PostgreSQL connection parse and plan a prepared query once", async () => {
			const { db } = (await openDatabase()).handle;
			// One transaction, one connection: the statement it prepared is in its list.
			const prepared = await db.transaction().execute(async (trx) => {
				await upsert(trx, { key: "p", value: "1" });
				await upsert(trx, { key: "p", value: "2" });
				const { rows } = await sql<{ statement: string; calls: string }>`
				select statement from pg_prepared_statements where statement like ${"insert into %app_meta%"}
			`.execute(trx);
				return rows;
			});
			expect(prepared).toHaveLength(1);
		});

	if (kind === "postgres")
		it("keeps running a prepared query on the same connection after a migration adds a column", async () => {
			const { db } = (await openDatabase()).handle;
			const rows = await db.transaction().execute(async (trx) => {
				await upsert(trx, { key: "m", value: "1" });
				await sql`alter table app_meta add column migrated_note text`.execute(trx);
				return upsert(trx, { key: "m", value: "2" });
			});
			expect(rows).toEqual([{ key: "m", value: "2!" }]);
		});
});
