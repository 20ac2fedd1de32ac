import { createContext, type ReactNode, use } from "react";
import { renderToString } from "react-dom/server";
import { type SnippetName, snippetId } from "../snippet-names";
import { escapeHtml } from "./escape-html";
import { SiteContext, useSite } from "./site-context";

/**
 * Collects the snippets of a page for an ajax response: only those the handler asked for (all of them
 * by default), rendered by the same components as the full page.
 */
export class SnippetCollector {
	readonly snippets: Record<string, string> = {};
	constructor(readonly wanted: ReadonlySet<SnippetName> | "all") {}

	wants(name: SnippetName): boolean {
		return this.wanted === "all" || this.wanted.has(name);
	}

	add(name: SnippetName, html: string): void {
		this.snippets[snippetId(name)] = html;
	}
}

/** Set while a page renders for an ajax response (renderSnippets); absent for a whole page. */
export const SnippetCollectorContext = createContext<SnippetCollector | null>(null);

interface SnippetProps {
	name: SnippetName;
	/** Ajax updates append to this snippet instead of replacing it ("load more"). */
	append?: boolean;
	className?: string;
	/** A live region: its text, replaced by an ajax answer, is read out (it must exist before it changes). */
	role?: "status";
	children: ReactNode;
}

/** A part of a page that ajax responses can update: `<div id="snippet--name">`. */
export function Snippet({ name, append, className, role, children }: SnippetProps) {
	const site = useSite();
	const collector = use(SnippetCollectorContext);
	if (collector) {
		// In an ajax response the page itself is not sent: only what was asked for is collected, nested
		// snippets included in their parent's HTML (its own render has no collector).
		if (collector.wants(name)) {
			collector.add(name, renderToString(<SiteContext value={site}>{children}</SiteContext>));
			return null;
		}
		// Not asked for itself, but a snippet inside it may be.
		return <>{children}</>;
	}
	return (
		<div id={snippetId(name)} className={className} role={role} data-ajax-append={append ? "" : undefined}>
			{children}
		</div>
	);
}

/** The page's `<title>`; in an ajax response the `title` snippet: its text, escaped. */
export function TitleSnippet({ children }: { children: string }) {
	const collector = use(SnippetCollectorContext);
	if (collector) {
		if (collector.wants("title")) collector.add("title", escapeHtml(children));
		return null;
	}
	return <title>{children}</title>;
}
