import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { sqliteFile } from "./index";

/**
 * Copies the embedded database into `target`, a new file, while the server keeps running: `VACUUM INTO`
 * reads one consistent snapshot (a read transaction, which in WAL mode never blocks the server's writes)
 * and writes it compacted. The copy is a complete database on its own, with no -wal file to go with it.
 */
export function backupSqlite(dataDir: string, target: string): void {
	const source = sqliteFile(dataDir);
	if (!existsSync(source)) throw new Error(`there is no database at ${source}`);
	if (existsSync(target)) throw new Error(`${target} exists already: choose a new file`);
	const database = new DatabaseSync(source, { readOnly: true });
	try {
		database.prepare("VACUUM INTO ?").run(target);
	} finally {
		database.close();
	}
}

/** SQLite's own check of a database file: "ok", or what is wrong. */
export function checkSqlite(file: string): string {
	const database = new DatabaseSync(file, { readOnly: true });
	try {
		const rows = database.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
		return rows.map((row) => row.integrity_check).join("; ");
	} finally {
		database.close();
	}
}
