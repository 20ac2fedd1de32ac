import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { parseWeekHours } from "../../domain/stores/hours";
import type { Store } from "../../domain/stores/stores";
import { isRegionCode } from "../../i18n/regions";
import { Reread } from "../db/reread";
import type { Database, StoresTable } from "../db/schema";

/**
 * How long a process may show the stores as they were before a change (an import, an operator's fix):
 * each process re-reads the few hundred rows at most this often, not for every page that lists them.
 */
export const STORES_CACHE_TTL_MS = 1000;

/** Every partner store at one moment, ordered by city and name as Czech sorts them. */
export interface StoreSnapshot {
	readonly stores: readonly Store[];
	/** Names the stored rows exactly, so it changes with any change of a store: the render cache's key. */
	readonly version: string;
}

const collator = new Intl.Collator("cs", { numeric: true });
const byPlace = (a: Store, b: Store) => collator.compare(a.city, b.city) || collator.compare(a.name, b.name);

/** The partner stores of the database, as pages list them. */
export class StoreCatalog {
	readonly #snapshot: Reread<StoreSnapshot>;
	#last: StoreSnapshot | undefined;

	constructor(
		readonly db: Kysely<Database>,
		clock: () => number = Date.now,
	) {
		this.#snapshot = new Reread(() => this.#read(), STORES_CACHE_TTL_MS, clock);
	}

	snapshot(): Promise<StoreSnapshot> {
		return this.#snapshot.get();
	}

	async #read(): Promise<StoreSnapshot> {
		const rows = await this.db.selectFrom("stores").selectAll().orderBy("id").execute();
		const hash = createHash("sha256");
		for (const row of rows) hash.update(`${JSON.stringify(Object.values(row))}\n`);
		const version = hash.digest("base64url").slice(0, 16);
		// The same stores stay the same object: what is derived from them (the registration form) is kept.
		if (this.#last?.version !== version)
			this.#last = { stores: rows.flatMap((row) => toStore(row) ?? []).sort(byPlace), version };
		return this.#last;
	}
}

/** A row as a store; a row whose region is not one of the fourteen cannot be shown anywhere, so none. */
function toStore(row: Selectable<StoresTable>): Store | undefined {
	if (!isRegionCode(row.region)) return undefined;
	return {
		id: row.id,
		name: row.name,
		region: row.region,
		city: row.city,
		street: row.street,
		postcode: row.postcode,
		hours: parseWeekHours(row.opening_hours),
	};
}
