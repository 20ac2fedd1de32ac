import type { Kysely } from "kysely";

/**
 * Closed settlement months (src/server/settlement): each one's frozen statement and its checksum, and
 * the redemptions it settled (and the undone ones it took back), so no later month counts them again.
 */
export async function settlement(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("settlement_months")
		.addColumn("month", "text", (c) => c.primaryKey())
		.addColumn("statement", "text", (c) => c.notNull())
		.addColumn("checksum", "text", (c) => c.notNull())
		.addColumn("closed_at", "text", (c) => c.notNull())
		.addColumn("closed_by", "text")
		.execute();
	await db.schema
		.createTable("settlement_items")
		.addColumn("redemption_id", "text", (c) => c.notNull())
		// "redemption": settled as owed; "reversal": an undone one, settled back.
		.addColumn("kind", "text", (c) => c.notNull())
		.addColumn("month", "text", (c) => c.notNull())
		.addColumn("store_id", "text")
		.addColumn("redeemed_at", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("settlement_items_pk", ["redemption_id", "kind"])
		.execute();
	await db.schema.createIndex("settlement_items_month").on("settlement_items").column("month").execute();
}
