import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/cookie";
import { isAjax } from "../reply";
import { type CachedPage, RenderCache } from "./cache";
import type { RenderCacheRule } from "./cacheable-page";
import { acceptedEncoding } from "./encoding";

declare module "fastify" {
	interface FastifyContextConfig {
		/**
		 * Anonymous GETs of this route may be answered from rendered HTML. Set only by `cacheablePage`
		 * (./cacheable-page.ts), from a declaration of everything the page depends on.
		 */
		renderCache?: RenderCacheRule;
	}
	interface FastifyInstance {
		readonly renderCache: RenderCache;
	}
}

/** The headers of a page response that hold for every response of the same page. */
const KEPT_HEADERS = ["content-type", "cache-control", "vary", "x-robots-tag"] as const;

/**
 * Serves anonymous page views from rendered HTML, keyed by everything a page depends on: path with base
 * path and language prefix, the query as the route reads it, the version of the stored texts and that
 * of the route's other data. The origin canonical links name is the configured one, the same for every
 * request, so it is no part of the key (a forged Host cannot fill the cache with other links). An
 * editor's save changes the texts' version: in this process at once, in another within the content
 * store's refresh (CONTENT_CACHE_TTL_MS, one cheap query per language per second), the same delay its
 * uncached pages have; a per-request check of the database would cost a query on every hit. The other
 * data follow the same rule (the stores, whether registration is open).
 * Never consulted for a session cookie (staff, editors), ajax, a method other than GET or when the texts
 * could not be read; never fed a response that is not 200, sets a cookie or says no-store.
 */
export function registerRenderCache(app: FastifyInstance): void {
	const cache = new RenderCache(app.config.renderCacheBytes);
	app.decorate("renderCache", cache);
	const pending = new WeakMap<
		FastifyRequest,
		{ key: string; rule: RenderCacheRule; data: string; at: number; html?: string }
	>();

	app.addHook("preHandler", async (request, reply) => {
		const rule = request.routeOptions.config.renderCache;
		if (!rule || cache.maxBytes === 0) return;
		const content = request.pageContent;
		if (
			request.method !== "GET" ||
			isAjax(request) ||
			request.cookies[SESSION_COOKIE] !== undefined ||
			!content ||
			content.editing
		) {
			reply.header("x-render-cache", "bypass");
			return;
		}
		let data = "";
		try {
			data = (await rule.version?.()) ?? "";
		} catch {
			// The handler will meet the same failure and answer for it.
			reply.header("x-render-cache", "bypass");
			return;
		}
		const path = request.url.split("?", 1)[0];
		const key = `${path}${rule.query?.(request.query) ?? ""}\n${content.version}\n${data}`;
		const page = cache.get(key);
		if (!page) {
			// Before the render: the page can show nothing older, so its expiry is counted from here.
			pending.set(request, { key, rule, data, at: cache.clock() });
			reply.header("x-render-cache", "miss");
			return;
		}
		return sendCached(request, reply, page);
	});

	// The page as rendered, before compression, and whether its data changed while it was rendered (it
	// may then show the new data, not what the key names). Both are settled before the response goes
	// out, so that the decision once it is complete (after every onSend hook: a route's own may still
	// set no-store or a cookie) keeps the page at once: a request sent as soon as this response arrived
	// finds it.
	app.addHook("onSend", async (request, reply, payload) => {
		const miss = pending.get(request);
		if (!miss || typeof payload !== "string" || reply.statusCode !== 200) return;
		if (miss.rule.version && (await miss.rule.version().catch(() => undefined)) !== miss.data) return;
		miss.html = payload;
	});
	app.addHook("onResponse", async (request, reply) => {
		const miss = pending.get(request);
		if (!miss?.html || reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return;
		if (/no-store|private/.test(String(reply.getHeader("cache-control")))) return;
		const headers: Record<string, string> = {};
		for (const name of KEPT_HEADERS) {
			const value = reply.getHeader(name);
			if (value !== undefined) headers[name] = String(value);
		}
		if (!headers["content-type"]?.startsWith("text/html")) return;
		// Whether a hit is compressed decides its own Vary.
		const vary = headers.vary
			?.split(",")
			.map((name) => name.trim())
			.filter((name) => !/^accept-encoding$/i.test(name));
		if (vary?.length) headers.vary = vary.join(", ");
		else delete headers.vary;
		cache.set(miss.key, miss.html, {
			nonce: reply.cspNonce?.style,
			headers,
			expiresAt: miss.rule.expires?.(miss.at),
		});
	});
}

function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
	reply.code(200).headers(page.headers).header("x-render-cache", "hit");
	if (page.parts.length > 1) return reply.send(page.parts.join(reply.cspNonce?.style ?? ""));
	if (!page.br || !page.gzip) return reply.send(page.parts[0]);
	// The same URL answers in several encodings: shared caches must keep them apart.
	reply.header("vary", `${page.headers.vary ? `${page.headers.vary}, ` : ""}Accept-Encoding`);
	const encoding = acceptedEncoding(request.headers["accept-encoding"]);
	if (!encoding) return reply.send(page.parts[0]);
	// Already compressed: @fastify/compress leaves a response with a Content-Encoding alone.
	return reply.header("content-encoding", encoding).send(encoding === "br" ? page.br : page.gzip);
}
