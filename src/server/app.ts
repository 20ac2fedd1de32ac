import { basename, join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { createElement } from "react";
import { LANGS, type Lang, langPrefix } from "../i18n";
import { MESSAGES } from "../i18n/site-texts";
import { ErrorPage, errorPageStatus } from "../pages/ErrorPage";
import type { ClientAssets } from "../render/client-assets";
import { apiPlugin } from "./api/plugin";
import { campaignPlugin } from "./campaign/plugin";
import { pageContentPlugin } from "./cms/plugin";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db";
import { formsPlugin } from "./forms/plugin";
import { fraudWatchPlugin } from "./fraud/plugin";
import { loggerOptions } from "./logging/logger";
import { retentionPlugin } from "./privacy/plugin";
import { registrationPlugin } from "./registration/settings";
import { renderCachePlugin } from "./render-cache/declared-plugin";
import { isAjax, repliesPlugin } from "./reply";
import { requestId } from "./request-id";
import { requestLocationPlugin } from "./request-location";
import { galleryRoutes } from "./routes/gallery";
import { healthRoutes } from "./routes/health";
import { pageRoutes } from "./routes/pages";
import { seoRoutes } from "./routes/seo";
import { securityPlugin } from "./security/plugin";
import { staffPlugin } from "./staff/plugin";
import { StoreCatalog } from "./stores/catalog";

declare module "fastify" {
	interface FastifyInstance {
		readonly config: Config;
		/** The database: route plugins reach it as `app.database.db`. */
		readonly database: DatabaseHandle;
		/** The partner stores, re-read at most once a second. */
		readonly stores: StoreCatalog;
	}
}

export interface AppOptions {
	config: Config;
	database: DatabaseHandle;
	assets: ClientAssets;
	/** false when another server (Vite in development) serves the client build. */
	serveAssets?: boolean;
	/** More routes under the base path (the test server's fixtures). */
	plugins?: FastifyPluginAsync[] | undefined;
}

/**
 * The client build names content-hashed files name-<6 base64url characters>.ext (vite.config.ts; the
 * build adds .br/.gz copies); others (runtime.js) change in place.
 */
const HASHED_NAME = /-[\w-]{6}\.\w+(\.br|\.gz)?$/;

export async function buildApp({ config, database, assets, serveAssets = true, plugins = [] }: AppOptions) {
	const app: FastifyInstance = Fastify({
		logger: loggerOptions(config.logLevel),
		genReqId: requestId,
		requestIdHeader: false,
		trustProxy: config.trustProxy,
		return503OnClosing: true,
	});

	app.decorate("config", config);
	app.decorate("database", database);
	app.decorate("stores", new StoreCatalog(database.db));
	// The parts below name the parts they need (fastify-plugin's `dependencies`, plugin-names.ts): one
	// registered out of order stops the start with an error that names both.
	await app.register(requestLocationPlugin);
	app.addHook("onRequest", async (request, reply) => {
		reply.header("x-request-id", request.id);
	});
	await app.register(repliesPlugin, { assets });
	await app.register(campaignPlugin);
	await app.register(retentionPlugin);

	// Before any plugin context: a plugin context takes the error handler set when it is registered.
	app.setErrorHandler((error, request, reply) => {
		const status = statusOf(error);
		// With the request (its URL redacted, see logging/): the line tells what failed on its own.
		if (status >= 500) request.log.error({ err: error, req: request }, "request failed");
		if (isAjax(request)) return reply.code(status).send({ error: ajaxError(request.lang, status) });
		return reply.page(createElement(ErrorPage, { status: errorPageStatus(status) }), { status });
	});

	await app.register(securityPlugin, { styleHashes: assets.inlineStyle ? [assets.inlineStyle.hash] : [] });
	// Pages and JSON, compressed per response (quick settings: they are made per request);
	// the static assets come precompressed at the best settings.
	await app.register(compress, {
		global: true,
		threshold: 1024,
		brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
		zlibOptions: { level: 6 },
		// In one call, not through a stream: a page (the largest, /register, is ~55 KB) compresses in under
		// a millisecond, while the stream's thread-pool round trips cost more than that on every response.
		// The plugin's default limit (8 KB on two cores) would stream nearly every page.
		syncThreshold: 256 * 1024,
	});

	await app.register(formsPlugin);
	// Session cookies of the staff area (src/server/auth); editors' sessions also open ?edit on any page.
	await app.register(cookie);
	await app.register(pageContentPlugin);
	await app.register(renderCachePlugin);
	await app.register(fraudWatchPlugin);
	await app.register(registrationPlugin);

	if (serveAssets) {
		await app.register(fastifyStatic, {
			root: join(config.clientDir, "assets"),
			prefix: `${config.basePath}/assets/`,
			index: false,
			cacheControl: false,
			// The build wrote .br and .gz copies (build/precompress-plugin.ts).
			preCompressed: true,
			setHeaders(reply, path) {
				reply.header(
					"cache-control",
					HASHED_NAME.test(basename(path)) ? "public, max-age=31536000, immutable" : "no-cache",
				);
			},
		});
	}

	await app.register(healthRoutes, { database, prefix: config.basePath });
	await app.register(seoRoutes, { prefix: config.basePath });
	await app.register(staffPlugin, { prefix: config.basePath });
	await app.register(apiPlugin, { prefix: `${config.basePath}/api` });
	// Every page exists in each language: Czech at the base path, English under /en.
	for (const lang of LANGS) {
		await app.register(
			async (site) => {
				await site.register(pageRoutes);
				if (config.env !== "production") await site.register(galleryRoutes);
				for (const plugin of plugins) await site.register(plugin);
			},
			{ prefix: `${config.basePath}${langPrefix(lang)}` },
		);
	}

	app.setNotFoundHandler((request, reply) => {
		if (isAjax(request)) return reply.code(404).send({ error: ajaxError(request.lang, 404) });
		return reply.page(createElement(ErrorPage, { status: 404 }), { status: 404 });
	});

	return app;
}

/**
 * The `error` of an ajax failure: the ajax runtime shows it to the visitor, so it is the error page's text
 * in the page's language, never an internal (and English) message such as Fastify's or a refusal's.
 */
function ajaxError(lang: Lang, status: number): string {
	const { title, text } = MESSAGES[lang].errors[errorPageStatus(status)];
	return `${title}. ${text}`;
}

function statusOf(error: unknown): number {
	const status = (error as { statusCode?: unknown }).statusCode;
	return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
