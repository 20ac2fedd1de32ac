import type { Kysely } from "kysely";

/**
 * Indexes for the dashboard's aggregates (src/server/dashboard/queries.ts), which count a range of days
 * grouped by hour, store or dates. Each index holds every column its query reads, so the database
 * scans only the index entries of the range, never the table rows: with a million registrations a
 * page reads a range of each index instead of the whole table. Indexes rather than rollup tables: the
 * figures stay exact at every moment (a voided or undone redemption drops out at once), and nothing has
 * to be kept in step on the registration and redemption paths, which carry the load.
 */
export async function dashboardIndexes(db: Kysely<unknown>): Promise<void> {
	// Registrations and confirmations per hour; store_id for a region's filter.
	await db.schema
		.createIndex("registrations_created_store")
		.on("registrations")
		.columns(["created_at", "store_id"])
		.execute();
	await db.schema
		.createIndex("registrations_confirmed_store")
		.on("registrations")
		.columns(["confirmed_at", "store_id"])
		.execute();
	// A region's registrations and confirmations (its stores' ranges), and its vouchers issued (by id).
	await db.schema
		.createIndex("registrations_store_times")
		.on("registrations")
		.columns(["store_id", "created_at", "confirmed_at", "id"])
		.execute();
	// Vouchers issued per hour, and the count issued before the range.
	await db.schema
		.createIndex("vouchers_created_registration")
		.on("vouchers")
		.columns(["created_at", "registration_id"])
		.execute();
	// Redemptions per hour, per store and per pair of issue and redemption dates.
	await db.schema
		.createIndex("vouchers_redeemed_store_created")
		.on("vouchers")
		.columns(["redeemed_at", "redeemed_store_id", "created_at"])
		.execute();
	// A region's redemptions: its stores' ranges.
	await db.schema
		.createIndex("vouchers_store_redeemed")
		.on("vouchers")
		.columns(["redeemed_store_id", "redeemed_at", "created_at"])
		.execute();
}
