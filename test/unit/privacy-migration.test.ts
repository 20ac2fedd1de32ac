/**
 * Migration 0006 on data stored before it, on SQLite and PostgreSQL: each consent kept as a flag and a
 * time becomes a record ("unrecorded" words and method), the outbox's e-mails get their mailbox, and the
 * daily retention run's row exists.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/server/db/migrations";
import { describeUnmigratedDatabases, type UnmigratedDatabase } from "../helpers/test-databases";

const AT = "2026-05-01T08:00:00.000Z";

function registration(email: string, marketing: number) {
	const id = randomUUID();
	return {
		id,
		name: `Jana ${id}`,
		email,
		email_canonical: email,
		person_key: id,
		birth_date: "1990-01-01",
		phone: null,
		store_id: null,
		marketing_consent: marketing,
		terms_accepted_at: AT,
		lang: "en",
		created_at: AT,
		confirmed_at: AT,
		duplicate_of: null,
	};
}

function signup(fields: { email: string | null; marketing: number | null; accepted: string | null }) {
	return {
		id: randomUUID(),
		email: fields.email,
		email_canonical: fields.email,
		name: fields.email && "Eva",
		birth_date: fields.email && "1990-01-01",
		phone: null,
		store_id: null,
		marketing_consent: fields.marketing,
		terms_accepted_at: fields.accepted,
		lang: "cs",
		created_at: AT,
		expires_at: "2026-05-03T08:00:00.000Z",
		confirm_hash: null,
		last_mail_at: AT,
		outcome: fields.email ? null : "person",
		resolved_at: fields.email ? null : AT,
		registration_id: null,
	};
}

describeUnmigratedDatabases("migration 0006 on %s", (_kind, open) => {
	const opened: UnmigratedDatabase[] = [];
	afterAll(async () => {
		for (const database of opened) await database.close();
	});

	it("turns stored consents into records and gives the outbox its mailboxes", async () => {
		const database = await open();
		opened.push(database);
		const { db } = database;
		await migrate(db as unknown as Kysely<unknown>, "0004_double_opt_in");
		const news = registration("news@example.cz", 1);
		const quiet = registration("quiet@example.cz", 0);
		const waiting = signup({ email: "eva@example.cz", marketing: 1, accepted: AT });
		const resolved = signup({ email: null, marketing: null, accepted: null });
		for (const row of [news, quiet]) await db.insertInto("registrations").values(row).execute();
		for (const row of [waiting, resolved]) await db.insertInto("signups").values(row).execute();
		await db
			.insertInto("outbox")
			.values({
				id: "mail-1",
				recipient: "Alice.Test+eshop@GoogleMail.com",
				subject: "s",
				text_body: "t",
				html_body: "h",
				created_at: AT,
			})
			.execute();

		await migrate(db as unknown as Kysely<unknown>);

		const consents = await db
			.selectFrom("consents")
			.select([
				"id",
				"signup_id",
				"registration_id",
				"purpose",
				"granted",
				"text_version",
				"lang",
				"method",
				"created_at",
			])
			.orderBy("id")
			.execute();
		const unrecorded = { granted: 1, text_version: "unrecorded", method: "unrecorded", created_at: AT };
		expect(consents).toEqual(
			[
				{
					id: `marketing:${news.id}`,
					signup_id: null,
					registration_id: news.id,
					purpose: "marketing",
					lang: "en",
				},
				{
					id: `marketing:${waiting.id}`,
					signup_id: waiting.id,
					registration_id: null,
					purpose: "marketing",
					lang: "cs",
				},
				{ id: `terms:${news.id}`, signup_id: null, registration_id: news.id, purpose: "terms", lang: "en" },
				{ id: `terms:${quiet.id}`, signup_id: null, registration_id: quiet.id, purpose: "terms", lang: "en" },
				{
					id: `terms:${waiting.id}`,
					signup_id: waiting.id,
					registration_id: null,
					purpose: "terms",
					lang: "cs",
				},
			]
				.map((row) => ({ ...row, ...unrecorded }))
				.sort((a, b) => (a.id < b.id ? -1 : 1)),
		);
		const mail = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
		expect(mail).toMatchObject({ recipient_canonical: "alicetest@gmail.com", unsubscribe_url: null });
		const meta = await db
			.selectFrom("app_meta")
			.selectAll()
			.where("key", "=", "privacy_retention_day")
			.execute();
		expect(meta).toEqual([{ key: "privacy_retention_day", value: "" }]);
	});
});
