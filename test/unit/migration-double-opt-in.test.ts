/**
 * Migration 0004 on registrations stored before one voucher per mailbox and per person were enforced:
 * every row gets its mailbox and person, the later ones of either are marked as duplicates and kept,
 * and the campaign's counter starts at the vouchers already issued.
 */
import type { Kysely } from "kysely";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/server/db/migrations";
import { describeUnmigratedDatabases, type UnmigratedDatabase } from "../helpers/test-databases";

/** A registration as version 0003 stored it (e-mail trimmed and lower-cased), with its voucher. */
function legacy(n: number, email: string, name: string, birthDate: string) {
	const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
	const at = new Date(Date.UTC(2026, 3, 1, 8, n)).toISOString();
	return {
		registration: {
			id,
			name,
			email,
			birth_date: birthDate,
			phone: null,
			store_id: null,
			marketing_consent: 0,
			terms_accepted_at: at,
			lang: "cs",
			created_at: at,
		},
		voucher: {
			id: `v-${id}`,
			registration_id: id,
			code: `29000000${String(n).padStart(5, "0")}`,
			token: `t${String(n).padStart(42, "0")}`,
			valid_until: "2026-05-31",
			created_at: at,
		},
	};
}

describeUnmigratedDatabases("migration 0004 on %s", (_kind, open) => {
	const opened: UnmigratedDatabase[] = [];
	afterAll(async () => {
		for (const database of opened) await database.close();
	});

	it("marks later registrations of a mailbox or a person as duplicates, keeps every row, counts the vouchers", async () => {
		const database = await open();
		opened.push(database);
		const db = database.db as unknown as Kysely<unknown>;
		await migrate(db, "0003_rate_limits");
		const rows = [
			legacy(1, "alice.test+1@gmail.com", "Alice Test", "1990-01-01"),
			legacy(2, "alicetest@googlemail.com", "Alice Other", "1991-02-02"),
			legacy(3, '"alicetest"@gmail.com', "Alice Third", "1992-03-03"),
			legacy(4, "bob@example.cz", "Bob Novák", "1980-05-05"),
			legacy(5, "bob.second@example.cz", "novák bob", "1980-05-05"),
			legacy(6, "carol@example.cz", "Carol Svobodová", "1975-07-07"),
		];
		for (const row of rows) {
			await database.db
				.insertInto("registrations")
				.values(row.registration as never)
				.execute();
			await database.db.insertInto("vouchers").values(row.voucher).execute();
		}

		await migrate(db);

		const stored = await database.db
			.selectFrom("registrations")
			.select(["id", "email", "email_canonical", "duplicate_of", "confirmed_at"])
			.orderBy("created_at")
			.execute();
		const first = (n: number) => rows[n - 1]?.registration.id;
		expect(stored.map((row) => [row.email_canonical, row.duplicate_of])).toEqual([
			["alicetest@gmail.com", null],
			["alicetest@gmail.com", first(1)],
			["alicetest@gmail.com", first(1)],
			["bob@example.cz", null],
			["bob.second@example.cz", first(4)],
			["carol@example.cz", null],
		]);
		// The address as typed stays; so does every voucher.
		expect(stored.map((row) => row.email)).toEqual(rows.map((row) => row.registration.email));
		expect(stored.every((row) => row.confirmed_at === null)).toBe(true);
		const vouchers = await database.db.selectFrom("vouchers").select("id").execute();
		expect(vouchers).toHaveLength(6);
		const counter = await database.db
			.selectFrom("campaign_counters")
			.select("value")
			.where("name", "=", "vouchers_issued")
			.executeTakeFirstOrThrow();
		expect(Number(counter.value)).toBe(6);

		// From now on the mailbox and the person are unique among the rows that are not duplicates.
		const again = { ...legacy(7, "ALICETEST@gmail.com", "Someone Else", "2000-01-01").registration };
		await expect(
			database.db
				.insertInto("registrations")
				.values({
					...again,
					email_canonical: "alicetest@gmail.com",
					person_key: "x",
					duplicate_of: null,
					confirmed_at: null,
				})
				.execute(),
		).rejects.toThrow();
	});
});
