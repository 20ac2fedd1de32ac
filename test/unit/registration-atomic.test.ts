/**
 * A registration is stored completely or not at all: with the e-mail's insert failing (the last write
 * of a signup), nothing of the signup stays: not the signup, its consents, the bot check's used token,
 * nor a correction's change to the signup it replaces. The failure is forced by a trigger, on each
 * database, so every run tests it (a killed process only sometimes lands inside the transaction).
 */
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/schema";
import { type Submitted, submitSignup } from "../../src/server/registration/signups";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { context, NOW, withStore } from "./privacy-support";

const jana: Submitted = {
	name: "Jana Nováková",
	email: "jana.novakova@example.cz",
	emailCanonical: "jana.novakova@example.cz",
	birthDate: "1990-03-15",
	phone: null,
	storeId: "store-1",
	marketingConsent: true,
	lang: "cs",
	consentMethod: "form",
};

const signUp = async (db: Kysely<Database>, submitted: Submitted, used: string[] = [], replaces?: string) =>
	submitSignup(
		db,
		submitted,
		{ ...context(NOW), used: used.map((id) => ({ id, expiresAt: new Date(NOW.getTime() + 3_600_000) })) },
		replaces === undefined
			? undefined
			: await db.selectFrom("signups").selectAll().where("id", "=", replaces).executeTakeFirstOrThrow(),
	);

/** Every row of the tables a signup writes, to compare before and after. */
async function stored(db: Kysely<Database>) {
	return {
		signups: await db.selectFrom("signups").selectAll().orderBy("id").execute(),
		consents: await db.selectFrom("consents").selectAll().orderBy("id").execute(),
		used: await db.selectFrom("used_challenges").selectAll().orderBy("id").execute(),
		outbox: await db.selectFrom("outbox").selectAll().orderBy("id").execute(),
	};
}

async function failOutboxInserts(db: Kysely<Database>, kind: string): Promise<void> {
	if (kind === "sqlite") {
		await sql`create trigger outbox_down before insert on outbox begin select raise(abort, 'outbox down'); end`.execute(
			db,
		);
		return;
	}
	await sql`create function outbox_down() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$`.execute(
		db,
	);
	await sql`create trigger outbox_down before insert on outbox for each row execute function outbox_down()`.execute(
		db,
	);
}

describeDatabases("a signup on %s whose e-mail cannot be stored", (kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("stores nothing: no signup, consent or used token, and a corrected signup stays as it was", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const first = await signUp(db, jana, ["token-1"]);
		const before = await stored(db);
		expect(before.signups).toHaveLength(1);
		expect(before.outbox).toHaveLength(1);

		await failOutboxInserts(db, kind);
		await expect(
			signUp(db, { ...jana, email: "j.n@example.cz", emailCanonical: "j.n@example.cz" }, ["token-2"]),
		).rejects.toThrow(/outbox down/);
		expect(await stored(db)).toEqual(before);
		// A correction of the first signup: the replaced one is changed in the same transaction.
		await expect(
			signUp(
				db,
				{ ...jana, email: "jana@example.cz", emailCanonical: "jana@example.cz" },
				["token-3"],
				first,
			),
		).rejects.toThrow(/outbox down/);
		expect(await stored(db)).toEqual(before);
	});
});
