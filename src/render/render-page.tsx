import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { SnippetName } from "../snippet-names";
import { type Site, SiteContext } from "./site-context";
import { SnippetCollector, SnippetCollectorContext } from "./snippets";

/** Renders a whole page (renderToString: synchronous pages render about twice as fast as streamed). */
export function renderPage(site: Site, page: ReactElement): string {
	return `<!doctype html>${renderToString(<SiteContext value={site}>{page}</SiteContext>)}`;
}

/**
 * Renders a page for an ajax response: only its snippets (those wanted, or all of them), as HTML by
 * element id. The same components render them as render the whole page.
 */
export function renderSnippets(
	site: Site,
	page: ReactElement,
	wanted: ReadonlySet<SnippetName> | "all",
): Record<string, string> {
	const collector = new SnippetCollector(wanted);
	renderToString(
		<SiteContext value={site}>
			<SnippetCollectorContext value={collector}>{page}</SnippetCollectorContext>
		</SiteContext>,
	);
	return collector.snippets;
}
