import type { FastifyPluginAsync } from "fastify";
import { parseStoreQuery, STORES_PER_PAGE, storeQueryString } from "../../domain/stores/query";
import { listStores } from "../../domain/stores/stores";
import { FILTER_SNIPPETS, MORE_SNIPPETS, StoresPage } from "../../pages/stores/StoresPage";
import { cacheablePage } from "../render-cache/cacheable-page";

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
	cacheablePage(app, {
		path: "/stores",
		query: { parse: parseStoreQuery, key: storeQueryString },
		data: { version: async () => (await app.stores.snapshot()).version },
		// "Open now" changes on a whole minute at most: a rendered page is right until the next one.
		expires: (renderedAt) => (Math.floor(renderedAt / 60_000) + 1) * 60_000,
		render: async ({ query, ajax }) => {
			const append = ajax && query.page > 1;
			const first = append ? (query.page - 1) * STORES_PER_PAGE : 0;
			const { stores, total } = listStores((await app.stores.snapshot()).stores, {
				region: query.region,
				text: query.text,
				offset: first,
				limit: append ? STORES_PER_PAGE : query.page * STORES_PER_PAGE,
			});
			return {
				element: (
					<StoresPage
						query={query}
						stores={stores}
						total={total}
						shown={Math.min(first + stores.length, total)}
						now={now()}
						appending={append}
					/>
				),
				options: { snippets: append ? MORE_SNIPPETS : FILTER_SNIPPETS },
			};
		},
	});
};
