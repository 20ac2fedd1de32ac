import { createHash } from "node:crypto";
import type { BlockVersion, StoredBlock } from "./content-store";

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

// The content store keeps one map per language for a second: computed once per map, not per request.
const versions = new WeakMap<ReadonlyMap<string, StoredBlock>, string>();

/** A block's version only grows, so the blocks' keys and versions name the texts exactly. */
function versionOf(blocks: ReadonlyMap<string, StoredBlock>): string {
	let version = versions.get(blocks);
	if (version === undefined) {
		const hash = createHash("sha256");
		for (const key of [...blocks.keys()].sort()) hash.update(`${key}\0${blocks.get(key)?.version}\0`);
		version = hash.digest("base64url").slice(0, 16);
		versions.set(blocks, version);
	}
	return version;
}

/** The page's texts; with a history, the editing view. */
export function pageContentOf(
	blocks: ReadonlyMap<string, StoredBlock>,
	history?: ReadonlyMap<string, readonly BlockVersion[]>,
): PageContent {
	return {
		editing: history !== undefined,
		version: versionOf(blocks),
		block: (key) => blocks.get(key),
		history: (key) => history?.get(key) ?? [],
	};
}
