import type { FastifyPluginAsync } from "fastify";
import { buildApp } from "./app";
import { readClientAssets } from "./assets";
import { ConfigError, completePublicOrigin, loadConfig } from "./config";
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
		// As the socket binds, before any connection is accepted: PORT=0's port completes the origin.
		app.server.once("listening", () => {
			const address = app.server.address();
			if (address && typeof address === "object") completePublicOrigin(config, address.port);
		});
		await app.listen({ host: config.host, port: config.port });
		if (config.env === "production" && !config.hasPublicUrl) {
			app.log.warn(
				{ publicOrigin: config.publicOrigin },
				"PUBLIC_URL is not set: links in pages and e-mails name the address the server listens on; set PUBLIC_URL to the site's public origin",
			);
		}

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
