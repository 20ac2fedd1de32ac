import type { FastifyPluginAsync } from "fastify";
import { parseStoreQuery, STORES_PER_PAGE, storeQueryString } from "../../domain/stores/query";
import { listStores } from "../../domain/stores/stores";
import { FILTER_SNIPPETS, MORE_SNIPPETS, StoresPage } from "../../pages/stores/StoresPage";
import { isAjax } from "../reply";

export interface StoreRoutesOptions {
	/** The clock "open now" is judged by; tests set their own. */
	now?: () => Date;
}

/**
 * The store finder. A full page shows pages 1 to `page`, so a reload or a link without JavaScript shows
 * everything loaded so far; an ajax "load more" gets only the next page, to append.
 */
export const storeRoutes: FastifyPluginAsync<StoreRoutesOptions> = async (
	app,
	{ now = () => new Date() },
) => {
	const renderCache = {
		// "Open now" changes on a whole minute at most: a rendered page is right until the next one.
		expires: (now: number) => (Math.floor(now / 60_000) + 1) * 60_000,
		query: (query: unknown) => storeQueryString(parseStoreQuery(query)),
		version: async () => (await app.stores.snapshot()).version,
	};
	app.get("/stores", { config: { renderCache } }, async (request, reply) => {
		const query = parseStoreQuery(request.query);
		const append = isAjax(request) && query.page > 1;
		const first = append ? (query.page - 1) * STORES_PER_PAGE : 0;
		const { stores, total } = listStores((await app.stores.snapshot()).stores, {
			region: query.region,
			text: query.text,
			offset: first,
			limit: append ? STORES_PER_PAGE : query.page * STORES_PER_PAGE,
		});
		return reply.page(
			<StoresPage
				query={query}
				stores={stores}
				total={total}
				shown={Math.min(first + stores.length, total)}
				now={now()}
				appending={append}
			/>,
			{ snippets: append ? MORE_SNIPPETS : FILTER_SNIPPETS },
		);
	});
};
