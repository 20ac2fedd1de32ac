/** A text block as stored: its current text and version (1 for the first save; 0 means never saved). */
export interface StoredBlock {
	readonly body: string;
	readonly version: number;
}

export interface BlockVersion extends StoredBlock {
	readonly createdAt: string;
	readonly authorName: string | null;
}

/** What a page render knows about its editable texts (Site.content). */
export interface PageContent {
	/** The content-editing view: an editor opened the page with `?edit`. */
	readonly editing: boolean;
	/**
	 * Names the stored texts this render sees (changes with any save): the render cache's key, so a page
	 * rendered before a save is never served after it.
	 */
	readonly version: string;
	/** The stored text of a block in the page's language, if an editor ever saved one. */
	block(key: string): StoredBlock | undefined;
	/** The block's latest versions, newest first (only filled in the editing view). */
	history(key: string): readonly BlockVersion[];
}

export const NO_PAGE_CONTENT: PageContent = {
	editing: false,
	version: "",
	block: () => undefined,
	history: () => [],
};
