import type { FastifyPluginAsync } from "fastify";
import { buildApp } from "./app";
import { readClientAssets } from "./assets";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db";
import { seedStores } from "./stores";

/**
 * Starts the server from the environment's configuration and stops it gracefully on SIGTERM/SIGINT:
 * no new connections, requests in flight finish, then the database closes.
 */
export async function startServer(options: { plugins?: FastifyPluginAsync[] } = {}): Promise<void> {
	try {
		const config = loadConfig();
		const assets = readClientAssets(config.clientDir, config.basePath);
		const database = await openDatabase(config);
		await seedStores(database.db);
		const app = await buildApp({ config, database, assets, plugins: options.plugins });
		await app.listen({ host: config.host, port: config.port });

		let closing = false;
		const shutdown = async (signal: string) => {
			if (closing) return;
			closing = true;
			app.log.info({ signal }, "shutting down: finishing requests in flight");
			try {
				await app.close();
				await database.close();
				process.exit(0);
			} catch (error) {
				app.log.error(error);
				process.exit(1);
			}
		};
		process.once("SIGTERM", () => void shutdown("SIGTERM"));
		process.once("SIGINT", () => void shutdown("SIGINT"));
	} catch (error) {
		console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
		process.exit(1);
	}
}
