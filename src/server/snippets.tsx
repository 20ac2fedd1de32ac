import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type Site, SiteContext, useSite } from "./site-context";

/** The element id of a snippet, as Nette names them: `snippet--<name>`. */
export const snippetId = (name: string) => `snippet--${name}`;

/**
 * Collects the snippets of a page for an ajax response: only those the handler invalidated (all of
 * them by default), rendered by the same components as the full page.
 */
export class SnippetCollector {
	readonly snippets: Record<string, string> = {};
	constructor(readonly wanted: ReadonlySet<string> | "all") {}

	wants(name: string): boolean {
		return this.wanted === "all" || this.wanted.has(name);
	}

	add(name: string, html: string): void {
		this.snippets[snippetId(name)] = html;
	}
}

interface SnippetProps {
	name: string;
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
	if (site.snippets) {
		// In an ajax response the page itself is not sent: only what was asked for is collected, nested
		// snippets included in their parent's HTML.
		if (site.snippets.wants(name)) {
			const inner: Site = { ...site, snippets: undefined };
			site.snippets.add(name, renderToString(<SiteContext value={inner}>{children}</SiteContext>));
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
