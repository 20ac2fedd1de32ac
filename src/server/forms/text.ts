/** Languages of the site: Czech is the default, English the second. */
export type Lang = "cs" | "en";

/** Text shown to a user: the same in every language, or one per language. */
export type Text = string | { readonly cs: string; readonly en: string };

export function langOf(lang: string): Lang {
	return lang === "en" ? "en" : "cs";
}

export function translate(text: Text, lang: Lang): string {
	return typeof text === "string" ? text : text[lang];
}
