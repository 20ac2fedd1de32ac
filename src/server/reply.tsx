import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ReactElement } from "react";
import type { ClientAssets } from "../render/client-assets";
import { renderPage, renderSnippets } from "../render/render-page";
import { createSite } from "../render/site-context";
import type { SnippetName } from "../snippet-names";
import { PLUGIN } from "./plugin-names";
import { sitePath } from "./request-location";

/** What an ajax response may carry besides snippets (docs/markup-contract.md, Ajax). */
export interface PayloadExtras {
	append?: boolean;
}

export interface PageOptions {
	status?: number;
	/** For an ajax request: the snippets to send (default: every snippet of the page, and the title). */
	snippets?: readonly SnippetName[];
	payload?: PayloadExtras;
}

declare module "fastify" {
	interface FastifyReply {
		/**
		 * Answers with a server-rendered page; an ajax request to the same URL gets the JSON payload with
		 * the page's snippets instead. HTML is never cached by the browser without revalidation.
		 */
		page(element: ReactElement, options?: PageOptions): FastifyReply;
		/** After a successful POST: 303 to the path (under base path and language), or `{redirect}` for ajax. */
		seeOther(path: string): FastifyReply;
	}
}

export function isAjax(request: FastifyRequest): boolean {
	return request.headers["x-requested-with"] === "XMLHttpRequest";
}

/**
 * Decorates `reply.page` and `reply.seeOther`. A page is rendered in the request's language and at its
 * page path, as the request-location plugin worked them out.
 */
export const repliesPlugin = fp(
	(app: FastifyInstance, { assets }: { assets: ClientAssets }) => {
		decorateReplies(app, assets);
	},
	{
		name: PLUGIN.replies,
		dependencies: [PLUGIN.requestLocation],
		decorators: { fastify: ["config"] },
	},
);

function decorateReplies(app: FastifyInstance, assets: ClientAssets): void {
	const { config } = app;
	app.decorateReply("page", function (element: ReactElement, options: PageOptions = {}) {
		const site = createSite({
			basePath: config.basePath,
			origin: config.publicOrigin,
			lang: this.request.lang,
			path: this.request.pagePath,
			cmsMode: this.request.pageContent?.editing ?? false,
			content: this.request.pageContent ?? undefined,
			sentryDsn: config.sentryDsn,
			nonce: this.cspNonce?.style,
			assets,
		});
		// The same URL answers HTML or JSON: caches must keep them apart.
		const status = options.status ?? 200;
		if (isAjax(this.request)) {
			const snippets = renderSnippets(site, element, options.snippets ? new Set(options.snippets) : "all");
			return this.code(status)
				.header("vary", "X-Requested-With")
				.header("cache-control", "no-store")
				.send({ snippets, ...options.payload });
		}
		const html = renderPage(site, element);
		return this.code(status)
			.header("vary", "X-Requested-With")
			.type("text/html; charset=utf-8")
			.header("cache-control", "no-cache")
			.send(html);
	});

	app.decorateReply("seeOther", function (path: string) {
		const url = sitePath(this.request, path);
		if (isAjax(this.request)) return this.header("cache-control", "no-store").send({ redirect: url });
		return this.redirect(url, 303);
	});
}
