import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";

/**
 * Every schema change, in order. Written with Kysely's schema builder only, so the same migrations
 * run on SQLite and PostgreSQL. Never edit one that has shipped: add the next.
 *
 * Portable conventions (schema.ts documents each column): ids are text made by the application
 * (no autoincrement, whose syntax differs), times are ISO-8601 UTC text and dates YYYY-MM-DD text
 * (both sort as text), flags are integers 0/1.
 */
const migrations: Record<string, Migration> = {
	"0001_app_meta": {
		async up(db) {
			await db.schema
				.createTable("app_meta")
				.addColumn("key", "text", (column) => column.primaryKey())
				.addColumn("value", "text", (column) => column.notNull())
				.execute();
		},
	},
	"0002_campaign": {
		async up(db) {
			await db.schema
				.createTable("stores")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("region", "text", (column) => column.notNull())
				.addColumn("city", "text", (column) => column.notNull())
				.addColumn("street", "text", (column) => column.notNull())
				.addColumn("postcode", "text", (column) => column.notNull())
				.addColumn("opening_hours", "text", (column) => column.notNull())
				.execute();
			await db.schema
				.createIndex("stores_region_city")
				.on("stores")
				.columns(["region", "city", "name"])
				.execute();

			await db.schema
				.createTable("staff_users")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("email", "text", (column) => column.notNull().unique())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("password_hash", "text", (column) => column.notNull())
				.addColumn("role", "text", (column) => column.notNull())
				.addColumn("store_id", "text", (column) => column.references("stores.id"))
				.addColumn("disabled", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("sessions")
				.addColumn("id_hash", "text", (column) => column.primaryKey())
				.addColumn("user_id", "text", (column) =>
					column.notNull().references("staff_users.id").onDelete("cascade"),
				)
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("expires_at", "text", (column) => column.notNull())
				.execute();
			await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

			await db.schema
				.createTable("registrations")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("email", "text", (column) => column.notNull().unique())
				.addColumn("birth_date", "text", (column) => column.notNull())
				.addColumn("phone", "text")
				.addColumn("store_id", "text", (column) => column.references("stores.id"))
				.addColumn("marketing_consent", "integer", (column) => column.notNull())
				.addColumn("terms_accepted_at", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("vouchers")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("registration_id", "text", (column) =>
					column.notNull().unique().references("registrations.id").onDelete("cascade"),
				)
				.addColumn("code", "text", (column) => column.notNull().unique())
				.addColumn("token", "text", (column) => column.notNull().unique())
				.addColumn("valid_until", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("redeemed_at", "text")
				.addColumn("redeemed_by", "text", (column) => column.references("staff_users.id"))
				.addColumn("redeemed_store_id", "text", (column) => column.references("stores.id"))
				.execute();
			await db.schema.createIndex("vouchers_redeemed_at").on("vouchers").column("redeemed_at").execute();

			await db.schema
				.createTable("content_blocks")
				.addColumn("key", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("body", "text", (column) => column.notNull())
				.addColumn("version", "integer", (column) => column.notNull())
				.addColumn("updated_at", "text", (column) => column.notNull())
				.addColumn("updated_by", "text", (column) => column.references("staff_users.id"))
				.addPrimaryKeyConstraint("content_blocks_pk", ["key", "lang"])
				.execute();

			await db.schema
				.createTable("content_versions")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("key", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("body", "text", (column) => column.notNull())
				.addColumn("version", "integer", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("created_by", "text", (column) => column.references("staff_users.id"))
				.addUniqueConstraint("content_versions_key_version", ["key", "lang", "version"])
				.execute();

			await db.schema
				.createTable("outbox")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("recipient", "text", (column) => column.notNull())
				.addColumn("subject", "text", (column) => column.notNull())
				.addColumn("text_body", "text", (column) => column.notNull())
				.addColumn("html_body", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("sent_at", "text")
				.addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("last_error", "text")
				.execute();
			await db.schema.createIndex("outbox_unsent").on("outbox").columns(["sent_at", "created_at"]).execute();

			await db.schema
				.createTable("used_challenges")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("expires_at", "text", (column) => column.notNull())
				.execute();
		},
	},
	"0003_rate_limits": {
		async up(db) {
			await db.schema
				.createTable("rate_limits")
				.addColumn("key", "text", (column) => column.primaryKey())
				.addColumn("hits", "integer", (column) => column.notNull())
				.addColumn("window_ends_at", "text", (column) => column.notNull())
				.execute();
			// No index on window_ends_at: every hit would update it, for a cleanup every ten minutes.
		},
	},
};

export async function migrate(db: Kysely<unknown>): Promise<void> {
	const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
	const { error, results } = await migrator.migrateToLatest();
	const failed = results?.find((result) => result.status === "Error");
	if (error || failed) {
		throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
	}
}
