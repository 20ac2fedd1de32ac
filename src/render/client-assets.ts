/** What a page needs to reference the client build: URLs relative to `<basePath>/`. */
export interface ClientAssets {
	/** Module scripts that run before the runtime (the Vite client in development). */
	readonly scripts: readonly string[];
	readonly runtime: string;
	readonly stylesheets: readonly string[];
	/** The staff area's stylesheet (its pages, and public pages in the content-editing view). */
	readonly staffStylesheet: string;
	/**
	 * The site's stylesheet, put into every page's <head> rather than linked: on a phone's first visit
	 * the request for it would be one more round trip before anything shows. Allowed by the CSP through
	 * its hash (`'sha256-…'`), which stays the same for every response, so cached pages stay byte-equal.
	 */
	readonly inlineStyle: { readonly css: string; readonly hash: string } | undefined;
	/** The stylesheet's fonts, preloaded: the stylesheet alone would fetch them only once it has been parsed. */
	readonly fonts: readonly string[];
	/** Chunks the runtime imports statically, preloaded so they do not wait for runtime.js to parse. */
	readonly modulePreloads: readonly string[];
	readonly buildId: string;
}
