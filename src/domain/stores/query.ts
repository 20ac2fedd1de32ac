/**
 * The store finder's query string (?region=CZ-64&q=brno&page=2), read leniently: it is typed into
 * address bars, shared and crawled, so what cannot be used is ignored rather than refused.
 */
import { isRegionCode, type RegionCode } from "../../i18n/regions";

export const STORES_PER_PAGE = 20;
/** Longer text finds nothing a shorter one would not; it is cut, not refused. */
export const MAX_SEARCH_LENGTH = 60;
/** Far beyond the last page of a few hundred stores; larger numbers are treated as this one. */
export const MAX_PAGE = 100;

export interface StoreQuery {
	readonly region: RegionCode | undefined;
	/** Trimmed, inner whitespace collapsed, at most MAX_SEARCH_LENGTH characters. */
	readonly text: string;
	/** 1-based: the page shows pages 1 to `page` (a "load more" request only this one). */
	readonly page: number;
}

/** Reads Fastify's parsed query (any shape a client can send). */
export function parseStoreQuery(query: unknown): StoreQuery {
	const params = typeof query === "object" && query !== null ? (query as Record<string, unknown>) : {};
	const region = single(params.region);
	return {
		region: isRegionCode(region) ? region : undefined,
		text: [...(single(params.q) ?? "").replace(/\s+/g, " ").trim()]
			.slice(0, MAX_SEARCH_LENGTH)
			.join("")
			.trim(),
		page: pageNumber(single(params.page)),
	};
}

/** A parameter given twice (?q=a&q=b) counts once: the first value. */
function single(value: unknown): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === "string" ? first : undefined;
}

function pageNumber(value: string | undefined): number {
	if (!value || !/^\d{1,9}$/.test(value)) return 1;
	return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

/** The finder's URL query for a filter: empty parameters left out, so links stay short. */
export function storeQueryString(query: Partial<StoreQuery>): string {
	const params = new URLSearchParams();
	if (query.region) params.set("region", query.region);
	if (query.text) params.set("q", query.text);
	if (query.page && query.page > 1) params.set("page", String(query.page));
	const search = params.toString();
	return search ? `?${search}` : "";
}
