import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase } from "kysely";

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect expects (that of
 * better-sqlite3), so the embedded database needs no native addon.
 */
export function openSqlite(file: string): SqliteDatabase {
	const database = new DatabaseSync(file);
	database.exec(`
		PRAGMA journal_mode = WAL;
		PRAGMA synchronous = NORMAL;
		PRAGMA foreign_keys = ON;
		PRAGMA busy_timeout = 5000;
	`);
	return {
		close: () => database.close(),
		prepare(sql) {
			const statement = database.prepare(sql);
			return {
				reader: statement.columns().length > 0,
				all: (parameters) => statement.all(...parameters.map(toSqlite)),
				run: (parameters) => statement.run(...parameters.map(toSqlite)),
				iterate: (parameters) => statement.iterate(...parameters.map(toSqlite)),
			};
		},
	};
}

function toSqlite(value: unknown): SQLInputValue {
	if (value === undefined || value === null) return null;
	if (typeof value === "boolean") return value ? 1 : 0;
	if (value instanceof Date) return value.toISOString();
	if (typeof value === "number" || typeof value === "bigint" || typeof value === "string") return value;
	if (value instanceof Uint8Array) return value;
	throw new TypeError(`Cannot bind a ${typeof value} to an SQLite parameter`);
}
