import { createHash } from "node:crypto";
import type { BlockVersion, PageContent, StoredBlock } from "../../render/page-content";

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
