import { basename, join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { createElement } from "react";
import { DEFAULT_LANG, LANGS, type Lang, langPrefix } from "../i18n";
import { MESSAGES } from "../i18n/site-texts";
import { ErrorPage, errorPageStatus } from "../pages/ErrorPage";
import type { ClientAssets } from "../render/client-assets";
import { apiPlugin } from "./api/plugin";
import { registerCampaign } from "./campaign/plugin";
import { registerPageContent } from "./cms/plugin";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db";
import { registerForms } from "./forms/plugin";
import { loggerOptions } from "./logging/logger";
import { registerDailyRetention } from "./privacy/plugin";
import { registerRenderCache } from "./render-cache/plugin";
import { decorateReplies, isAjax, requestLocation } from "./reply";
import { requestId } from "./request-id";
import { galleryRoutes } from "./routes/gallery";
import { healthRoutes } from "./routes/health";
import { pageRoutes } from "./routes/pages";
import { seoRoutes } from "./routes/seo";
import { registerSecurityHeaders } from "./security/headers";
import { registerRequestOriginCheck } from "./security/request-origin";
import { registerSameOriginCheck } from "./security/same-origin";
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
	interface FastifyRequest {
		/** The page's language, from its URL (/en/… is English). */
		lang: Lang;
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

	decorateReplies(app, config, assets);
	app.decorate("config", config);
	app.decorate("database", database);
	app.decorate("stores", new StoreCatalog(database.db));
	registerCampaign(app);
	registerDailyRetention(app);
	app.decorateRequest("lang", DEFAULT_LANG);
	app.addHook("onRequest", async (request, reply) => {
		request.lang = requestLocation(request, config.basePath).lang;
		reply.header("x-request-id", request.id);
	});

	// Before any plugin: a plugin context takes the error handler set when it is registered.
	app.setErrorHandler((error, request, reply) => {
		const status = statusOf(error);
		// With the request (its URL redacted, see logging/): the line tells what failed on its own.
		if (status >= 500) request.log.error({ err: error, req: request }, "request failed");
		if (isAjax(request)) return reply.code(status).send({ error: ajaxError(request.lang, status) });
		return reply.page(createElement(ErrorPage, { status: errorPageStatus(status) }), { status });
	});

	await registerSecurityHeaders(
		app,
		config,
		process.env,
		assets.inlineStyle ? [assets.inlineStyle.hash] : [],
	);
	// After the security headers' hook: a refusal is a page with its nonce and policy like any other.
	registerRequestOriginCheck(app);
	registerSameOriginCheck(app);
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

	await registerForms(app);
	// Session cookies of the staff area (src/server/auth); editors' sessions also open ?edit on any page.
	await app.register(cookie);
	registerPageContent(app);
	// After the page texts: their version is part of the cache key.
	registerRenderCache(app);

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
