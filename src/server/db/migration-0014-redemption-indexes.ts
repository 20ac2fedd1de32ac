import { type Kysely, sql } from "kysely";

/**
 * The vouchers' indexes of redemptions hold redeemed vouchers only. Every query that reads them asks
 * for a range of redemption times or a list of stores, which no unredeemed voucher is in; yet issuing a
 * voucher wrote an entry for it in each, three of the eight a voucher's insert wrote. The index of
 * redemption times alone goes: the index led by the redemption time (and the store, the issue time and
 * the redemption, for the dashboard and the settlement) serves every range it served.
 */
export async function redemptionIndexes(db: Kysely<unknown>): Promise<void> {
	await db.schema.dropIndex("vouchers_redeemed_at").execute();
	await db.schema.dropIndex("vouchers_redeemed_store_created_redemption").execute();
	await db.schema
		.createIndex("vouchers_redeemed_store_created_redemption")
		.on("vouchers")
		.columns(["redeemed_at", "redeemed_store_id", "created_at", "redemption_id"])
		.where(sql.ref("redeemed_at"), "is not", null)
		.execute();
	await db.schema.dropIndex("vouchers_store_redeemed_redemption").execute();
	await db.schema
		.createIndex("vouchers_store_redeemed_redemption")
		.on("vouchers")
		.columns(["redeemed_store_id", "redeemed_at", "created_at", "redemption_id"])
		.where(sql.ref("redeemed_store_id"), "is not", null)
		.execute();
}
