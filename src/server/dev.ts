/**
 * Development server (`npm run dev`): Vite in middleware mode serves the client sources with HMR, and
 * loads the server app through its SSR module loader (which understands import.meta.glob); when a
 * server-side file changes, the app is rebuilt on the same port.
 */
import type { FastifyInstance } from "fastify";
import { createServer } from "vite";
import type * as AppModule from "./app";
import { devAssets } from "./assets";
import { completePublicOrigin, loadConfig } from "./config";
import { openDatabase } from "./db";
import { seedStores } from "./stores/seed";

const VITE_PATHS = /^\/(@vite|@id|@fs|src\/|node_modules\/)/;
const SERVER_FILES = /\/src\/(server|pages|components|i18n|validation)\/.*\.tsx?$/;

const config = loadConfig({ ...process.env, APP_ENV: "development" });
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom", mode: "development" });
const database = await openDatabase(config);
await seedStores(database.db);
let app: FastifyInstance | undefined;

async function start(): Promise<void> {
	const { buildApp } = (await vite.ssrLoadModule("/src/server/app.ts")) as typeof AppModule;
	const next = await buildApp({ config, database, assets: devAssets, serveAssets: false });
	next.addHook("onRequest", (request, reply, done) => {
		if (!VITE_PATHS.test(request.url)) return done();
		reply.hijack();
		vite.middlewares(request.raw, reply.raw, () => {
			reply.raw.statusCode = 404;
			reply.raw.end();
		});
	});
	next.server.once("listening", () => {
		const address = next.server.address();
		if (address && typeof address === "object") completePublicOrigin(config, address.port);
	});
	await next.listen({ host: config.host, port: config.port });
	app = next;
}

vite.watcher.on("change", async (file) => {
	if (!SERVER_FILES.test(file) || file.includes("/src/browser/")) return;
	await app?.close();
	vite.moduleGraph.invalidateAll();
	await start().catch((error: unknown) => console.error(error));
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
	process.once(signal, async () => {
		await app?.close();
		await vite.close();
		await database.close();
		process.exit(0);
	});
}

await start();
