import { createContext, use } from "react";
import type { ClientAssets } from "./assets";
import type { SnippetCollector } from "./snippets";

/** What every server-rendered component may know about the request it renders for. */
export interface Site {
	readonly basePath: string;
	readonly lang: string;
	readonly cmsMode: boolean;
	readonly sentryDsn: string | undefined;
	readonly assets: ClientAssets;
	/** Set when rendering an ajax response: the page's snippets are collected instead of rendered. */
	readonly snippets: SnippetCollector | undefined;
	/** Turns a site path ('/register') into a URL under the base path. */
	href(path: string): string;
	/** Unique per page: the identifierPrefix of the next island of that name. */
	nextIslandId(name: string): string;
}

export function createSite(options: Omit<Site, "href" | "nextIslandId">): Site {
	const islandCounts = new Map<string, number>();
	return {
		...options,
		href: (path) => `${options.basePath}${path.startsWith("/") ? path : `/${path}`}`,
		nextIslandId(name) {
			const count = (islandCounts.get(name) ?? 0) + 1;
			islandCounts.set(name, count);
			return `${name}-${count}-`;
		},
	};
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
	const site = use(SiteContext);
	if (!site) throw new Error("useSite() outside a rendered page");
	return site;
}
