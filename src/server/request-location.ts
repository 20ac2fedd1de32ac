import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_LANG, type Lang, localizedPath, splitLangPath } from "../i18n";
import type { Config } from "./config";
import { PLUGIN } from "./plugin-names";

declare module "fastify" {
	interface FastifyRequest {
		/** The page's language, from its URL (/en/… is English). Set before any other hook runs. */
		lang: Lang;
		/** The path in that language, below the base path and the language's prefix ("/register" of /en/register). */
		pagePath: string;
	}
}

/** The language of a URL below the base path and its path in that language. */
export function locationOf(url: string, basePath: string): { lang: Lang; path: string } {
	const pathname = url.split("?")[0] ?? "/";
	const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
	return splitLangPath(below || "/");
}

/** A path of this site as the request's page links to it: under the base path and in its language. */
export function sitePath(request: FastifyRequest, path: string): string {
	return localizedPath(request.server.config.basePath, request.lang, path);
}

/**
 * An absolute URL of the site (e-mails, canonical links, the sitemap, API problem types): always the
 * configured public origin, never the request's Host or X-Forwarded-Host. Read at each call: with
 * PORT=0 the origin is completed once the server listens.
 */
export function siteUrl(config: Pick<Config, "publicOrigin" | "basePath">, lang: Lang, path: string): string {
	return `${config.publicOrigin}${localizedPath(config.basePath, lang, path)}`;
}

/**
 * Works out each request's language and page path once, in the first onRequest hook, for every later
 * hook, handler, error page and reply.page to read.
 */
export const requestLocationPlugin = fp(
	(app: FastifyInstance) => {
		const { basePath } = app.config;
		app.decorateRequest("lang", DEFAULT_LANG);
		app.decorateRequest("pagePath", "/");
		app.addHook("onRequest", async (request) => {
			const { lang, path } = locationOf(request.url, basePath);
			request.lang = lang;
			request.pagePath = path;
		});
	},
	{ name: PLUGIN.requestLocation, decorators: { fastify: ["config"] } },
);
