import { createContext, use } from "react";
import { type Lang, localizedPath } from "../i18n";
import { MESSAGES, type Messages } from "../i18n/site-texts";
import type { ClientAssets } from "./client-assets";
import { NO_PAGE_CONTENT, type PageContent } from "./page-content";

/** What every server-rendered component may know about the request it renders for. */
export interface Site {
	readonly basePath: string;
	/** The public origin (PUBLIC_URL, else the configured HOST and PORT), for absolute URLs. */
	readonly origin: string;
	readonly lang: Lang;
	/** The site's texts in the page's language. */
	readonly t: Messages;
	/** The page's path in its language, without base path and language prefix ('/register'). */
	readonly path: string;
	/** The content-editing view (an editor's `?edit`): `<Editable>` texts become editable in place. */
	readonly cmsMode: boolean;
	/** The page's editable texts as editors saved them (read by `<Editable>`). */
	readonly content: PageContent;
	readonly sentryDsn: string | undefined;
	/** This response's CSP nonce, for the rare element that must be inline (`<style nonce>`). */
	readonly nonce: string | undefined;
	readonly assets: ClientAssets;
	/** A page of the site in the page's language: '/register' → '/en/register' on English pages. */
	href(path: string): string;
	/** The same, in another language (the language switch). */
	hrefIn(lang: Lang, path: string): string;
	/** A URL under the base path that no language changes: assets, endpoints. */
	url(path: string): string;
	/** Unique per page: the identifierPrefix of the next island of that name. */
	nextIslandId(name: string): string;
}

type SiteOptions = Omit<Site, "t" | "href" | "hrefIn" | "url" | "nextIslandId" | "content"> & {
	content?: PageContent;
};

export function createSite(options: SiteOptions): Site {
	const islandCounts = new Map<string, number>();
	const url = (path: string) => `${options.basePath}${path.startsWith("/") ? path : `/${path}`}`;
	const hrefIn = (lang: Lang, path: string) => localizedPath(options.basePath, lang, path);
	return {
		...options,
		content: options.content ?? NO_PAGE_CONTENT,
		t: MESSAGES[options.lang],
		url,
		hrefIn,
		href: (path) => hrefIn(options.lang, path),
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
