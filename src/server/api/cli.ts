import { existsSync } from "node:fs";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db";
import { ApiKeyError } from "./keys";

/**
 * Runs an API key command on the server's database (its .env, DATA_DIR or DATABASE_URL): a refusal is
 * printed as `<command>: <reason>`, anything else with its stack; either exits with 1.
 */
export async function runKeyCommand(command: string, run: (database: DatabaseHandle) => Promise<void>) {
	if (existsSync(".env")) process.loadEnvFile(".env");
	let database: DatabaseHandle | undefined;
	try {
		const config = loadConfig();
		database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
		await run(database);
	} catch (error) {
		console.error(error instanceof ApiKeyError ? `${command}: ${error.message}` : error);
		process.exitCode = 1;
	} finally {
		await database?.close();
	}
}
