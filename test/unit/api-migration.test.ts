/**
 * Migration 0007 (the partner API) on vouchers stored before it: each redeemed voucher gets a redemption
 * id (its own id), so the API can name and undo it; the others get none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/server/db/migrations";
import type { Database } from "../../src/server/db/schema";
import { openSqlite } from "../../src/server/db/sqlite";

const dir = mkdtempSync(join(tmpdir(), "lumen-migration-0007-"));
const db = new Kysely<Database>({
	dialect: new SqliteDialect({ database: async () => openSqlite(join(dir, "lumen.sqlite")) }),
});
afterAll(async () => {
	await db.destroy();
	rmSync(dir, { recursive: true, force: true });
});

const AT = "2026-05-01T08:00:00.000Z";

it("gives each redeemed voucher a redemption id, and none to the others", async () => {
	await migrate(db as unknown as Kysely<unknown>, "0006_consents_and_privacy");
	for (const [id, redeemedAt] of [
		["redeemed", AT],
		["open", null],
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
				store_id: null,
				marketing_consent: 0,
				terms_accepted_at: AT,
				lang: "cs",
				created_at: AT,
			})
			.execute();
		// Without redemption_id: the column does not exist yet.
		await db
			.insertInto("vouchers")
			.values({
				id: `voucher-${id}`,
				registration_id: id,
				code: id === "open" ? "2900000000018" : "2900000000025",
				token: id,
				valid_until: "2099-12-31",
				created_at: AT,
				redeemed_at: redeemedAt,
				redeemed_by: null,
				redeemed_store_id: null,
			})
			.execute();
	}
	await migrate(db as unknown as Kysely<unknown>);
	const rows = await db.selectFrom("vouchers").select(["id", "redemption_id"]).orderBy("id").execute();
	expect(rows).toEqual([
		{ id: "voucher-open", redemption_id: null },
		{ id: "voucher-redeemed", redemption_id: "voucher-redeemed" },
	]);
	for (const table of [
		"api_keys",
		"api_key_stores",
		"api_idempotency",
		"redemption_undos",
		"api_calls",
	] as const) {
		expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
	}
});
