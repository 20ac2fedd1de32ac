/**
 * Backs up the embedded SQLite database while the server runs: `npm run db:backup -- <new file>`.
 * Uses the server's configuration (DATA_DIR, .env); checks the copy's integrity. Restoring is in the
 * README ("Backup and restore"). PostgreSQL is backed up with its own tools (pg_dump).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadConfig } from "../src/server/config";
import { backupSqlite, checkSqlite } from "../src/server/db/backup";

const target = process.argv[2];
if (!target) {
	console.error(
		"Usage: npm run db:backup -- <new file>, e.g. npm run db:backup -- backups/lumen-2026-05-12.sqlite",
	);
	process.exit(2);
}
if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig();
if (config.databaseUrl) {
	console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README).");
	process.exit(2);
}
try {
	const file = resolve(target);
	backupSqlite(config.dataDir, file);
	const check = checkSqlite(file);
	if (check !== "ok") throw new Error(`the copy fails its integrity check: ${check}`);
	console.log(`Backed up ${config.dataDir} to ${file} (integrity check: ok)`);
} catch (error) {
	console.error(`Backup failed: ${(error as Error).message}`);
	process.exit(1);
}
