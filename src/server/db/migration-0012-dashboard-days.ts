import { type Kysely, sql } from "kysely";

/**
 * Indexes for the settlement and for the dashboard's days (src/server/dashboard/rollups.ts).
 *
 * A month's settlement counts its redemptions per store, leaving out those a closed month settled (by
 * redemption_id): migration 0010's two indexes of redemptions (by time, and by store and time) lack
 * redemption_id, so each of a month's tens of thousands of redemptions cost a read of its table row,
 * whichever of them the planner takes. These replace them with redemption_id added, so they cover the
 * settlement as well as the dashboard, and the redemption path still writes two indexes for them.
 *
 * The dashboard keeps each settled Prague day's counts once computed; the one change to such a day is
 * an erased registration losing its store, which it finds by when that happened. Only erased
 * registrations are in this index, so registering writes nothing more.
 */
export async function dashboardDays(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createIndex("vouchers_redeemed_store_created_redemption")
		.on("vouchers")
		.columns(["redeemed_at", "redeemed_store_id", "created_at", "redemption_id"])
		.execute();
	await db.schema.dropIndex("vouchers_redeemed_store_created").execute();
	await db.schema
		.createIndex("vouchers_store_redeemed_redemption")
		.on("vouchers")
		.columns(["redeemed_store_id", "redeemed_at", "created_at", "redemption_id"])
		.execute();
	await db.schema.dropIndex("vouchers_store_redeemed").execute();
	await db.schema
		.createIndex("registrations_anonymised_at")
		.on("registrations")
		.column("anonymised_at")
		.where(sql.ref("anonymised_at"), "is not", null)
		.execute();
}
