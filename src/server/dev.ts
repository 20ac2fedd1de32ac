/**
 * Development server (`npm run dev`): the same app, with Vite in middleware mode serving the client
 * sources with HMR instead of the built client.
 */
import { createServer } from "vite";
import { buildApp } from "./app";
import { devAssets } from "./assets";
import { loadConfig } from "./config";
import { openDatabase } from "./db";

const VITE_PATHS = /^\/(@vite|@id|@fs|@react-refresh|src\/|node_modules\/)/;

const config = loadConfig({ ...process.env, APP_ENV: "development" });
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom", mode: "development" });
const database = await openDatabase(config);
const app = await buildApp({ config, database, assets: devAssets, serveAssets: false });

app.addHook("onRequest", (request, reply, done) => {
	if (!VITE_PATHS.test(request.url)) return done();
	reply.hijack();
	vite.middlewares(request.raw, reply.raw, () => {
		reply.raw.statusCode = 404;
		reply.raw.end();
	});
});
app.addHook("onClose", () => vite.close());

await app.listen({ host: config.host, port: config.port });
