import type { BlockVersion, StoredBlock } from "./content-store";

/** What a page render knows about its editable texts (Site.content). */
export interface PageContent {
	/** The content-editing view: an editor opened the page with `?edit`. */
	readonly editing: boolean;
	/** The stored text of a block in the page's language, if an editor ever saved one. */
	block(key: string): StoredBlock | undefined;
	/** The block's latest versions, newest first (only filled in the editing view). */
	history(key: string): readonly BlockVersion[];
}

export const NO_PAGE_CONTENT: PageContent = { editing: false, block: () => undefined, history: () => [] };

/** The page's texts; with a history, the editing view. */
export function pageContentOf(
	blocks: ReadonlyMap<string, StoredBlock>,
	history?: ReadonlyMap<string, readonly BlockVersion[]>,
): PageContent {
	return {
		editing: history !== undefined,
		block: (key) => blocks.get(key),
		history: (key) => history?.get(key) ?? [],
	};
}
