import type { Lang } from "../i18n";

export type { Lang };

/** Text shown to a user: the same in every language, or one per language. */
export type Text = string | { readonly cs: string; readonly en: string };

export function translate(text: Text, lang: Lang): string {
	return typeof text === "string" ? text : text[lang];
}
