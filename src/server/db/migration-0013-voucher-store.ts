import { type Kysely, sql } from "kysely";

/**
 * Each voucher keeps the store chosen when its registration was made: the dashboard counts a region's
 * vouchers issued by it (src/server/dashboard), and counting them through their registrations looked up
 * every voucher's registration, a second of SQLite's time for each month of a million registrations.
 * A copy of the registration's, set when the voucher is issued and nulled when the registration is
 * erased (src/server/privacy); no foreign key of its own, as the registration's checks the store.
 *
 * It replaces the registration's id in the index of vouchers by issue time, which nothing reads any
 * more, so issuing a voucher writes no more index entries than before.
 */
export async function voucherStore(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("vouchers").addColumn("store_id", "text").execute();
	await sql`update vouchers set store_id = (select registrations.store_id from registrations where registrations.id = vouchers.registration_id)`.execute(
		db,
	);
	await db.schema
		.createIndex("vouchers_created_store")
		.on("vouchers")
		.columns(["created_at", "store_id"])
		.execute();
	await db.schema.dropIndex("vouchers_created_registration").execute();
}
