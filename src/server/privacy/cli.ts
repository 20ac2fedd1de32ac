import { existsSync } from "node:fs";
import { type Config, loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db";

/** `--email <address>` (or `--email=<address>`) of a privacy command's arguments, or undefined. */
export function emailOption(args: readonly string[]): string | undefined {
	const at = args.findIndex((arg) => arg === "--email" || arg.startsWith("--email="));
	const arg = args[at];
	if (arg === undefined) return undefined;
	const value = arg === "--email" ? args[at + 1] : arg.slice("--email=".length);
	return value?.trim() ? value.trim() : undefined;
}

/**
 * Runs a privacy command against the server's database (its .env, DATA_DIR or DATABASE_URL), closing
 * it after; a failure is printed and exits with 1.
 */
export async function withServerDatabase(
	run: (database: DatabaseHandle, config: Config) => Promise<void>,
): Promise<void> {
	if (existsSync(".env")) process.loadEnvFile(".env");
	const config = loadConfig();
	const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
	try {
		await run(database, config);
	} catch (error) {
		console.error(error);
		process.exitCode = 1;
	} finally {
		await database.close();
	}
}
