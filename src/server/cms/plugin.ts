import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { canEdit } from "../../domain/staff/user";
import type { PageContent } from "../../render/page-content";
import { currentUser } from "../auth/current-user";
import { PLUGIN } from "../plugin-names";
import { ContentStore } from "./content-store";
import { pageContentOf } from "./page-content";

declare module "fastify" {
	interface FastifyInstance {
		/** Page texts editors changed (src/server/cms). */
		readonly content: ContentStore;
	}
	interface FastifyRequest {
		/**
		 * Set before the handler runs (null before that, e.g. for a request refused in onRequest); reply.page
		 * hands it to the rendered page as Site.content.
		 */
		pageContent: PageContent | null;
	}
}

/** `?edit` in the address, with or without a value. */
function asksToEdit(request: FastifyRequest): boolean {
	const query = request.url.indexOf("?");
	return query >= 0 && new URLSearchParams(request.url.slice(query + 1)).has("edit");
}

/**
 * Gives every request its page's texts before the handler renders it. The editing view is for editors
 * (and admins) only: for anyone else `?edit` changes nothing, so the page gives no hint that an editor
 * exists.
 */
export function registerPageContent(app: FastifyInstance): void {
	const store = new ContentStore(app.database.db);
	app.decorate("content", store);
	app.decorateRequest("pageContent", null);
	const assets = `${app.config.basePath}/assets/`;
	app.addHook("preHandler", async (request) => {
		if (request.url.startsWith(assets)) return;
		try {
			const blocks = await store.blocks(request.lang);
			const role =
				request.method === "GET" && asksToEdit(request) ? (await currentUser(request))?.role : undefined;
			const editing = role !== undefined && canEdit(role);
			request.pageContent = pageContentOf(blocks, editing ? await store.history(request.lang) : undefined);
		} catch (error) {
			// Without the database a page still renders, with its default texts (and /healthz still answers).
			request.log.warn({ err: error }, "page texts unavailable");
		}
	});
	// The editing view is one person's, with names in it: never cached anywhere (after reply.page's header).
	app.addHook("onSend", async (request, reply) => {
		if (request.pageContent?.editing) reply.header("cache-control", "no-store");
	});
}

/** The page texts read in the request's language, and an editor known by the session cookie. */
export const pageContentPlugin = fp(registerPageContent, {
	name: PLUGIN.pageContent,
	dependencies: [PLUGIN.requestLocation, PLUGIN.cookie],
	decorators: { fastify: ["config", "database"] },
});
