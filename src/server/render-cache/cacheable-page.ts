import type { FastifyInstance } from "fastify";
import { isValidElement, type ReactElement } from "react";
import { isAjax, type PageOptions } from "../reply";

/**
 * How a page reads its query string: `parse` turns Fastify's parsed query into what the page shows,
 * `key` writes that in one form for every way of writing it (the cache key's part). Any query the page
 * does not read (`?utm_source=…`) is then the same page, and junk queries cannot push the site's pages
 * out of the cache.
 */
export interface CachedQuery<Query> {
	readonly parse: (query: unknown) => Query;
	readonly key: (query: Query) => string;
}

/**
 * The data other than its texts that a page shows (the stores, the campaign's settings), by version.
 * The version is read before the render (part of the key) and again once the page is rendered, before
 * it is sent: a page whose data changed meanwhile may show the new data, so it is not kept under the old
 * version's key.
 */
export interface CachedData {
	readonly version: () => Promise<string>;
}

/** All a cacheable page's render sees: the query as it declared it, never the request. */
export interface CachedPageView<Query> {
	readonly query: Query;
	/**
	 * An ajax request (X-Requested-With), which the cache never answers nor keeps: the page may answer
	 * it differently (a "load more" sends only the next rows).
	 */
	readonly ajax: boolean;
}

/** A page and how to send it (a status other than 200 is sent, never kept). */
export type CachedPageAnswer =
	| ReactElement
	| { readonly element: ReactElement; readonly options: PageOptions };

/**
 * A page anonymous GETs may get from rendered HTML. Each member names one thing its HTML depends on
 * besides its path and its texts, or says that it depends on none: a route cannot leave one out. The
 * render gets no request: a page that reads a cookie, a header or a session cannot be declared (and
 * the cache never answers a request with a session cookie, nor keeps a response that sets a cookie).
 * A per-request value other than the CSP nonce (a form's time trap) must not be in it either.
 */
export interface CacheablePage<Query> {
	readonly path: string;
	/** The part of the query string the page reads, or "none": `?anything` is then the same page. */
	readonly query: CachedQuery<Query> | "none";
	/** The data besides the texts the page shows, or "texts only". */
	readonly data: CachedData | "texts only";
	/**
	 * When a page whose render began at `renderedAt` (epoch ms) may be wrong because time passed ("open
	 * now"), or "never": then it stays right until its texts or its data change.
	 */
	readonly expires: ((renderedAt: number) => number) | "never";
	readonly render: (view: CachedPageView<Query>) => CachedPageAnswer | Promise<CachedPageAnswer>;
}

declare const declared: unique symbol;

/**
 * A route's consent to the render cache (route config `renderCache`), in the form the cache reads it.
 * Made only by `cacheablePage` from a whole declaration (the brand cannot be written elsewhere).
 */
export interface RenderCacheRule {
	readonly expires?: (now: number) => number;
	readonly query?: (query: unknown) => string;
	readonly version?: () => Promise<string>;
	readonly [declared]: true;
}

/** Registers a GET route for a cacheable page; the cache serves and keeps it (./plugin.ts). */
export function cacheablePage<Query>(app: FastifyInstance, page: CacheablePage<Query>): void {
	const rule = cacheRule(page);
	const parse = page.query === "none" ? () => undefined as Query : page.query.parse;
	app.get(page.path, { config: { renderCache: rule } }, async (request, reply) => {
		const answer = await page.render({ query: parse(request.query), ajax: isAjax(request) });
		return isValidElement(answer) ? reply.page(answer) : reply.page(answer.element, answer.options);
	});
}

/** The rule of a declaration, checked member by member: a declaration built at run time may be wrong. */
export function cacheRule<Query>(page: CacheablePage<Query>): RenderCacheRule {
	const wrong = (member: string, expected: string) =>
		new TypeError(`The cacheable page ${String(page.path)} needs ${member}: ${expected}`);
	if (typeof page.path !== "string" || !page.path.startsWith("/")) throw wrong("path", "a path from /");
	const { query, data, expires } = page;
	if (query !== "none" && (typeof query?.parse !== "function" || typeof query.key !== "function")) {
		throw wrong("query", '"none" or { parse, key }');
	}
	if (data !== "texts only" && typeof data?.version !== "function") {
		throw wrong("data", '"texts only" or { version }');
	}
	if (expires !== "never" && typeof expires !== "function") throw wrong("expires", '"never" or a function');
	if (typeof page.render !== "function") throw wrong("render", "a function");
	return {
		...(query === "none" ? {} : { query: (raw: unknown) => query.key(query.parse(raw)) }),
		...(data === "texts only" ? {} : { version: data.version }),
		...(expires === "never" ? {} : { expires }),
	} as RenderCacheRule;
}
