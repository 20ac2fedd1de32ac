/**
 * Languages of the site. Czech is the default and lives at the root (/register); English lives
 * under /en (/en/register). Everything user-facing takes its text from site-texts.ts by language.
 */
export const LANGS = ["cs", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "cs";

export function isLang(value: unknown): value is Lang {
	return value === "cs" || value === "en";
}

/** The URL prefix of a language: '' for Czech, '/en' for English. */
export function langPrefix(lang: Lang): string {
	return lang === DEFAULT_LANG ? "" : `/${lang}`;
}

/**
 * A path of the site in a language, under the base path. '/en/' reads better as '/en', also before a
 * query ('/en?edit'); the Czech home stays '/' (or the base path with its slash).
 */
export function localizedPath(basePath: string, lang: Lang, path: string): string {
	const localized = `${basePath}${langPrefix(lang)}${path.startsWith("/") ? path : `/${path}`}`;
	const cut = localized.search(/[?#]/);
	const [pathname, rest] = cut < 0 ? [localized, ""] : [localized.slice(0, cut), localized.slice(cut)];
	return lang !== DEFAULT_LANG && pathname.length > 1 && pathname.endsWith("/")
		? `${pathname.slice(0, -1)}${rest}`
		: localized;
}

/** Splits a path below the base path into its language and the path in that language. */
export function splitLangPath(path: string): { lang: Lang; path: string } {
	const match = /^\/(en)(\/.*)?$/.exec(path);
	if (match) return { lang: "en", path: match[2] || "/" };
	return { lang: DEFAULT_LANG, path: path || "/" };
}
