import { randomUUID } from "node:crypto";
import { basename, join } from "node:path";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import { createElement, type ReactElement } from "react";
import { ErrorPage } from "../pages/ErrorPage";
import type { ClientAssets } from "./assets";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db";
import { renderPage } from "./render";
import { galleryRoutes } from "./routes/gallery";
import { healthRoutes } from "./routes/health";
import { pageRoutes } from "./routes/pages";
import { createSite } from "./site-context";

declare module "fastify" {
	interface FastifyReply {
		/** Sends a server-rendered page as HTML (never cached by the browser without revalidation). */
		page(element: ReactElement, status?: number): FastifyReply;
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
	logger?: FastifyServerOptions["logger"];
}

/** Vite names content-hashed files name-<8 base64url characters>.ext; others (runtime.js) change in place. */
const HASHED_NAME = /-[\w-]{8}\.\w+$/;

export async function buildApp({
	config,
	database,
	assets,
	serveAssets = true,
	plugins = [],
	logger,
}: AppOptions) {
	const app: FastifyInstance = Fastify({
		logger: logger ?? { level: config.logLevel },
		genReqId: () => randomUUID(),
		requestIdHeader: "x-request-id",
		trustProxy: true,
		return503OnClosing: true,
	});

	app.decorateReply("page", function (element: ReactElement, status = 200) {
		const site = createSite({
			basePath: config.basePath,
			lang: "cs",
			cmsMode: false,
			sentryDsn: config.sentryDsn,
			assets,
		});
		return this.code(status)
			.type("text/html; charset=utf-8")
			.header("cache-control", "no-cache")
			.send(renderPage(site, element));
	});

	await app.register(helmet, {
		// The Vite dev server injects inline styles and opens a websocket: no CSP there.
		contentSecurityPolicy:
			config.env === "development"
				? false
				: {
						useDefaults: false,
						directives: {
							defaultSrc: ["'self'"],
							scriptSrc: ["'self'"],
							styleSrc: ["'self'"],
							imgSrc: ["'self'", "data:"],
							fontSrc: ["'self'"],
							connectSrc: ["'self'", ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : [])],
							objectSrc: ["'none'"],
							baseUri: ["'self'"],
							formAction: ["'self'"],
							frameAncestors: ["'none'"],
						},
					},
	});

	if (serveAssets) {
		await app.register(fastifyStatic, {
			root: join(config.clientDir, "assets"),
			prefix: `${config.basePath}/assets/`,
			index: false,
			cacheControl: false,
			setHeaders(reply, path) {
				reply.header(
					"cache-control",
					HASHED_NAME.test(basename(path)) ? "public, max-age=31536000, immutable" : "no-cache",
				);
			},
		});
	}

	await app.register(
		async (site) => {
			await site.register(healthRoutes, { database });
			await site.register(pageRoutes);
			if (config.env !== "production") await site.register(galleryRoutes);
			for (const plugin of plugins) await site.register(plugin);
		},
		{ prefix: config.basePath },
	);

	app.setNotFoundHandler((request, reply) => {
		if (isAjax(request.headers)) return reply.code(404).send({ error: "Not found" });
		return reply.page(createElement(ErrorPage, { status: 404 }), 404);
	});

	app.setErrorHandler((error, request, reply) => {
		const status = statusOf(error);
		if (status >= 500) request.log.error(error);
		if (isAjax(request.headers)) {
			const message = status < 500 && error instanceof Error ? error.message : "Internal server error";
			return reply.code(status).send({ error: message });
		}
		return reply.page(createElement(ErrorPage, { status: status === 404 ? 404 : 500 }), status);
	});

	return app;
}

function isAjax(headers: Record<string, string | string[] | undefined>): boolean {
	return headers["x-requested-with"] === "XMLHttpRequest";
}

function statusOf(error: unknown): number {
	const status = (error as { statusCode?: unknown }).statusCode;
	return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
