import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
	CompiledQuery,
	type DatabaseConnection,
	type SqliteDatabase,
	SqliteDialect,
	type SqliteDialectConfig,
	SqliteDriver,
} from "kysely";

/** Kysely sends the same few texts again and again; an `in (…)` of varying length is the only churn. */
const CACHED_STATEMENTS = 500;

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects (that of
 * better-sqlite3), so the embedded database needs no native addon. Its WAL is checkpointed by
 * startCheckpoints (checkpoints.ts), which must run beside it.
 */
export function openSqlite(file: string): SqliteDatabase {
	const database = new DatabaseSync(file);
	// A statement is compiled once per text rather than per query (a third of a short query's cost).
	// Reusing one is safe: Kysely runs one query at a time on this connection.
	const statements = new Map<string, { statement: StatementSync; reader: boolean }>();
	// Checkpoints are checkpoints.ts's worker's, off this thread; after a peak has grown the WAL file,
	// the writer cuts it back to 64 MiB when it starts it over.
	database.exec(`
		PRAGMA journal_mode = WAL;
		PRAGMA synchronous = NORMAL;
		PRAGMA wal_autocheckpoint = 0;
		PRAGMA journal_size_limit = 67108864;
		PRAGMA foreign_keys = ON;
		PRAGMA busy_timeout = 5000;
	`);
	return {
		close: () => database.close(),
		prepare(sql) {
			let cached = statements.get(sql);
			if (!cached) {
				if (statements.size >= CACHED_STATEMENTS) statements.clear();
				const prepared = database.prepare(sql);
				cached = { statement: prepared, reader: prepared.columns().length > 0 };
				statements.set(sql, cached);
			}
			const { statement, reader } = cached;
			return {
				reader,
				all: (parameters) => statement.all(...parameters.map(toSqlite)),
				run: (parameters) => statement.run(...parameters.map(toSqlite)),
				iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
			};
		},
	};
}

/**
 * Kysely's SQLite dialect, with every transaction begun IMMEDIATE: it takes the write lock at once.
 * A deferred one that reads and then writes fails at its first write ("database is locked", without
 * waiting) when another process (a second server, an operator's command) wrote after its read; an
 * immediate one waits its turn behind busy_timeout instead.
 */
export class SqliteWriterDialect extends SqliteDialect {
	readonly #config: SqliteDialectConfig;
	constructor(config: SqliteDialectConfig) {
		super(config);
		this.#config = config;
	}
	override createDriver(): SqliteDriver {
		return new ImmediateTransactionsDriver(this.#config);
	}
}

class ImmediateTransactionsDriver extends SqliteDriver {
	override async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw("begin immediate"));
	}
}

function toSqlite(value: unknown): SQLInputValue {
	if (value === undefined || value === null) return null;
	if (typeof value === "boolean") return value ? 1 : 0;
	if (value instanceof Date) return value.toISOString();
	if (typeof value === "number" || typeof value === "bigint" || typeof value === "string") return value;
	if (value instanceof Uint8Array) return value;
	throw new TypeError(`Cannot bind a ${typeof value} to an SQLite parameter`);
}
