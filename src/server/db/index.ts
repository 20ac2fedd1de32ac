import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { startCheckpoints } from "./checkpoints";
import { migrate } from "./migrations";
import { nameStatements } from "./named-statements";
import type { Database } from "./schema";
import { openSqlite, SqliteWriterDialect } from "./sqlite";

export type DatabaseKind = "sqlite" | "postgres";

/** The embedded database's file in DATA_DIR (WAL mode: with -wal and -shm files beside it while open). */
export const sqliteFile = (dataDir: string): string => join(dataDir, "lumen.sqlite");

export interface DatabaseHandle {
	readonly db: Kysely<Database>;
	readonly kind: DatabaseKind;
	/** Answers whether the database takes queries now (for /readyz). */
	ping(): Promise<boolean>;
	close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file under dataDir, and migrates it. */
export async function openDatabase(options: {
	databaseUrl?: string;
	dataDir: string;
}): Promise<DatabaseHandle> {
	const kind: DatabaseKind = options.databaseUrl ? "postgres" : "sqlite";
	const file = options.databaseUrl ? undefined : sqliteFile(options.dataDir);
	let dialect: SqliteWriterDialect | PostgresDialect;
	if (file === undefined) {
		const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
		// An idle connection can be cut (a database restart, a failover, an administrator): without a
		// listener that error would end the process. The pool drops the connection and opens another.
		pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
		pool.on("connect", nameStatements);
		dialect = new PostgresDialect({ pool });
	} else {
		mkdirSync(options.dataDir, { recursive: true });
		dialect = new SqliteWriterDialect({ database: async () => openSqlite(file) });
	}
	const db = new Kysely<Database>({ dialect });
	await migrate(db as Kysely<unknown>);
	// After the migrations, which create the file in WAL mode.
	const checkpoints = file === undefined ? undefined : startCheckpoints(file);
	return {
		db,
		kind,
		async ping() {
			try {
				await sql`select count(*) from ${sql.table("app_meta")}`.execute(db);
				return true;
			} catch {
				return false;
			}
		},
		async close() {
			// The worker first: the last connection to close checkpoints the rest and removes the WAL.
			await checkpoints?.stop();
			await db.destroy();
		},
	};
}
