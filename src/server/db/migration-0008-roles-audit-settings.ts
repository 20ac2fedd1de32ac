import type { Kysely } from "kysely";

/**
 * The audit log of what staff change (accounts, settings, settlement months), the campaign's settings as
 * admins set them (until the first change, the environment's), and the row every audited change locks
 * first, so two admins' changes are decided one after the other (the last admin is never removed twice).
 * The roles need no change: staff_users.role is text, and "marketing" is one more value.
 */
export async function rolesAuditSettings(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("audit_log")
		.addColumn("id", "text", (c) => c.primaryKey())
		.addColumn("created_at", "text", (c) => c.notNull())
		// null: a command on the server (npm run user:add), not a signed-in account.
		.addColumn("actor_id", "text")
		.addColumn("actor_name", "text", (c) => c.notNull())
		.addColumn("action", "text", (c) => c.notNull())
		.addColumn("subject_id", "text")
		.addColumn("before", "text")
		.addColumn("after", "text")
		.execute();
	await db.schema.createIndex("audit_log_newest").on("audit_log").columns(["created_at", "id"]).execute();

	await db.schema
		.createTable("campaign_settings")
		.addColumn("id", "text", (c) => c.primaryKey())
		.addColumn("start_date", "text")
		.addColumn("end_date", "text")
		.addColumn("voucher_limit", "integer", (c) => c.notNull())
		.addColumn("voucher_value_czk", "integer", (c) => c.notNull())
		.addColumn("voucher_valid_days", "integer", (c) => c.notNull())
		.addColumn("updated_at", "text", (c) => c.notNull())
		.addColumn("updated_by", "text")
		.execute();

	await db
		.insertInto("app_meta" as never)
		.values({ key: "audited_changes_lock", value: "" } as never)
		.execute();
}
