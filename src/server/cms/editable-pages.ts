import type { Lang } from "../../i18n";
import { HOME_TEXTS } from "../../i18n/home";

/**
 * The pages that render `<Editable>` texts, by their path in a language ("/" is the home page in either),
 * and the keys of their blocks: the same ids, in the same order, as the page renders them. A save names
 * a page and a block; one that names anything else (a forged form, a path a redirect could not even
 * carry) is refused before anything is stored. test/e2e/cms-save.test.ts compares this list with what
 * the editing view of each page shows.
 */
const EDITABLE_PAGES: Readonly<Record<string, (lang: Lang) => readonly string[]>> = {
	"/": (lang) => {
		const t = HOME_TEXTS[lang];
		return [
			"home.hero.title",
			"home.hero.lead",
			"home.advantages.title",
			"home.steps.title",
			...t.steps.items.flatMap((_, index) => [
				`home.steps.${index + 1}.title`,
				`home.steps.${index + 1}.text`,
			]),
			"home.faq.title",
			...t.faq.items.map((item) => `home.${item.id}.answer`),
			// Shown while registration is open; editable whenever, so the text is ready when it opens.
			"home.cta.title",
			"home.cta.text",
		];
	},
};

/** The block keys of the page at `path` in `lang`, in page order (none: not a page with editable texts). */
export function editableBlocks(lang: Lang, path: string): readonly string[] {
	return Object.hasOwn(EDITABLE_PAGES, path) ? (EDITABLE_PAGES[path]?.(lang) ?? []) : [];
}
