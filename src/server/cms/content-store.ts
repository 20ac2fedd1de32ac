import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Lang } from "../../i18n";
import type { BlockVersion, StoredBlock } from "../../render/page-content";
import { Reread } from "../db/reread";
import type { Database } from "../db/schema";

export type SaveResult =
	| { readonly saved: true; readonly block: StoredBlock }
	/** The block changed since the editor loaded it: `current` is what is stored now. */
	| { readonly saved: false; readonly current: StoredBlock };

/**
 * How long another process may show an old text after a save. Each process re-reads the blocks of a
 * language at most this often; the process that saved forgets its copy at once.
 */
export const CONTENT_CACHE_TTL_MS = 1000;
/** Versions listed per block in the editing view. */
export const HISTORY_LENGTH = 10;

/** The page texts editors changed: read through a short-lived per-process cache, written in transactions. */
export class ContentStore {
	readonly #blocks = new Map<Lang, Reread<ReadonlyMap<string, StoredBlock>>>();

	constructor(
		readonly db: Kysely<Database>,
		readonly clock: () => number = Date.now,
	) {}

	blocks(lang: Lang): Promise<ReadonlyMap<string, StoredBlock>> {
		let blocks = this.#blocks.get(lang);
		if (!blocks) {
			blocks = new Reread(() => this.#load(lang), CONTENT_CACHE_TTL_MS, this.clock);
			this.#blocks.set(lang, blocks);
		}
		return blocks.get();
	}

	async #load(lang: Lang): Promise<ReadonlyMap<string, StoredBlock>> {
		const rows = await this.db
			.selectFrom("content_blocks")
			.select(["key", "body", "version"])
			.where("lang", "=", lang)
			.execute();
		return new Map(rows.map((row) => [row.key, { body: row.body, version: Number(row.version) }]));
	}

	/** The latest versions of every block of a language, newest first (the editing view only). */
	async history(lang: Lang): Promise<ReadonlyMap<string, readonly BlockVersion[]>> {
		const rows = await this.db
			.selectFrom("content_versions")
			.leftJoin("staff_users", "staff_users.id", "content_versions.created_by")
			.select([
				"content_versions.key",
				"content_versions.body",
				"content_versions.version",
				"content_versions.created_at",
				"staff_users.name",
			])
			.where("content_versions.lang", "=", lang)
			.orderBy("content_versions.key")
			.orderBy("content_versions.version", "desc")
			.execute();
		const history = new Map<string, BlockVersion[]>();
		for (const row of rows) {
			const versions = history.get(row.key) ?? [];
			if (versions.length >= HISTORY_LENGTH) continue;
			versions.push({
				body: row.body,
				version: Number(row.version),
				createdAt: row.created_at,
				authorName: row.name,
			});
			history.set(row.key, versions);
		}
		return history;
	}

	/**
	 * Saves a block as the next version if it is still at `baseVersion` (what the editor saw), and records
	 * the version in the history, both in one transaction. A save based on an older version is refused.
	 */
	async save(change: {
		key: string;
		lang: Lang;
		body: string;
		baseVersion: number;
		userId: string;
		now?: Date;
	}): Promise<SaveResult> {
		const { key, lang, body, baseVersion, userId } = change;
		const now = (change.now ?? new Date()).toISOString();
		const version = baseVersion + 1;
		try {
			const saved = await this.db.transaction().execute(async (trx) => {
				if (baseVersion === 0) {
					// A concurrent first save makes this insert fail on the primary key: a conflict, below.
					await trx
						.insertInto("content_blocks")
						.values({ key, lang, body, version, updated_at: now, updated_by: userId })
						.execute();
				} else {
					const result = await trx
						.updateTable("content_blocks")
						.set({ body, version, updated_at: now, updated_by: userId })
						.where("key", "=", key)
						.where("lang", "=", lang)
						.where("version", "=", baseVersion)
						.executeTakeFirst();
					if (Number(result.numUpdatedRows) !== 1) return false;
				}
				await trx
					.insertInto("content_versions")
					.values({ id: randomUUID(), key, lang, body, version, created_at: now, created_by: userId })
					.execute();
				return true;
			});
			if (saved) {
				this.#blocks.get(lang)?.forget();
				return { saved: true, block: { body, version } };
			}
		} catch (error) {
			// Only a lost race explains a failed write of a well-formed block; anything else is a real error.
			const current = await this.#current(key, lang);
			if (current.version === baseVersion) throw error;
			return { saved: false, current };
		}
		return { saved: false, current: await this.#current(key, lang) };
	}

	async #current(key: string, lang: Lang): Promise<StoredBlock> {
		const row = await this.db
			.selectFrom("content_blocks")
			.select(["body", "version"])
			.where("key", "=", key)
			.where("lang", "=", lang)
			.executeTakeFirst();
		return row ? { body: row.body, version: Number(row.version) } : { body: "", version: 0 };
	}
}
