import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";

/**
 * Every schema change, in order. Written with Kysely's schema builder only, so the same migrations
 * run on SQLite and PostgreSQL. Never edit one that has shipped: add the next.
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
};

export async function migrate(db: Kysely<unknown>): Promise<void> {
	const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
	const { error, results } = await migrator.migrateToLatest();
	const failed = results?.find((result) => result.status === "Error");
	if (error || failed) {
		throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
	}
}
