import { type Kysely, sql } from "kysely";

/**
 * The partner API (src/server/api): keys (only their hashes), the stores each key may redeem at, the
 * answers kept under Idempotency-Key, the undone redemptions and the audit of every call. Every
 * redemption gets an id, the API's handle for undoing it; those made before have their voucher's id.
 */
export async function partnerApi(db: Kysely<unknown>): Promise<void> {
	await db.schema.alterTable("vouchers").addColumn("redemption_id", "text").execute();
	await db
		.updateTable("vouchers" as never)
		.set({ redemption_id: sql.ref("id") } as never)
		.where(sql.ref("redeemed_at"), "is not", null)
		.execute();

	await db.schema
		.createTable("api_keys")
		.addColumn("id", "text", (c) => c.primaryKey())
		.addColumn("name", "text", (c) => c.notNull())
		.addColumn("key_hash", "text", (c) => c.notNull().unique())
		.addColumn("rate_limit_per_minute", "integer", (c) => c.notNull())
		.addColumn("created_at", "text", (c) => c.notNull())
		.addColumn("revoked_at", "text")
		.execute();
	await db.schema
		.createTable("api_key_stores")
		.addColumn("key_id", "text", (c) => c.notNull().references("api_keys.id").onDelete("cascade"))
		.addColumn("store_id", "text", (c) => c.notNull().references("stores.id"))
		.addPrimaryKeyConstraint("api_key_stores_pk", ["key_id", "store_id"])
		.execute();

	await db.schema
		.createTable("api_idempotency")
		.addColumn("key_id", "text", (c) => c.notNull())
		.addColumn("idempotency_key_hash", "text", (c) => c.notNull())
		.addColumn("fingerprint", "text", (c) => c.notNull())
		.addColumn("status", "integer", (c) => c.notNull())
		.addColumn("body", "text", (c) => c.notNull())
		.addColumn("created_at", "text", (c) => c.notNull())
		.addPrimaryKeyConstraint("api_idempotency_pk", ["key_id", "idempotency_key_hash"])
		.execute();
	await db.schema
		.createIndex("api_idempotency_created_at")
		.on("api_idempotency")
		.column("created_at")
		.execute();

	await db.schema
		.createTable("redemption_undos")
		.addColumn("redemption_id", "text", (c) => c.primaryKey())
		.addColumn("voucher_id", "text", (c) => c.notNull().references("vouchers.id"))
		.addColumn("store_id", "text")
		.addColumn("redeemed_at", "text", (c) => c.notNull())
		.addColumn("undone_at", "text", (c) => c.notNull())
		.addColumn("key_id", "text", (c) => c.notNull())
		.execute();

	await db.schema
		.createTable("api_calls")
		.addColumn("id", "text", (c) => c.primaryKey())
		.addColumn("key_id", "text")
		.addColumn("method", "text", (c) => c.notNull())
		.addColumn("route", "text")
		.addColumn("voucher_code", "text")
		.addColumn("status", "integer", (c) => c.notNull())
		.addColumn("created_at", "text", (c) => c.notNull())
		.execute();
	await db.schema.createIndex("api_calls_created_at").on("api_calls").column("created_at").execute();
}
