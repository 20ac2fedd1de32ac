/**
 * Migration 0013 on vouchers stored before it, on SQLite and PostgreSQL: each voucher gets the store its
 * registration chose (none for a registration that chose none, or whose data was erased).
 */
import type { Kysely } from "kysely";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/server/db/migrations";
import { seedStore } from "../helpers/staff-fixtures";
import { describeUnmigratedDatabases, type UnmigratedDatabase } from "../helpers/test-databases";

const AT = "2026-05-01T08:00:00.000Z";

describeUnmigratedDatabases("migration 0013 on %s", (_kind, open) => {
	const opened: UnmigratedDatabase[] = [];
	afterAll(async () => {
		for (const database of opened) await database.close();
	});

	it("copies each voucher's chosen store from its registration", async () => {
		const database = await open();
		opened.push(database);
		const { db } = database;
		await migrate(db as unknown as Kysely<unknown>, "0012_dashboard_days");
		const store = await seedStore(db);
		for (const [id, chosen] of [
			["chose", store],
			["none", null],
		] as const) {
			await db
				.insertInto("registrations")
				.values({
					id,
					name: "Jana",
					email: `${id}@example.cz`,
					email_canonical: `${id}@example.cz`,
					person_key: id,
					birth_date: "1990-01-01",
					phone: null,
					store_id: chosen,
					marketing_consent: 0,
					terms_accepted_at: AT,
					lang: "cs",
					created_at: AT,
					confirmed_at: AT,
				})
				.execute();
			await db
				.insertInto("vouchers")
				.values({
					id: `${id}-voucher`,
					registration_id: id,
					code: id === "chose" ? "2000000000008" : "2000000000015",
					token: `${id}-token`,
					valid_until: "2026-06-30",
					created_at: AT,
				})
				.execute();
		}

		await migrate(db as unknown as Kysely<unknown>);

		expect(await db.selectFrom("vouchers").select(["id", "store_id"]).orderBy("id").execute()).toEqual([
			{ id: "chose-voucher", store_id: store },
			{ id: "none-voucher", store_id: null },
		]);
	});
});
