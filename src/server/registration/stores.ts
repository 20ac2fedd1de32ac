import type { Kysely } from "kysely";
import { REGIONS } from "../../i18n/regions";
import type { Database } from "../db/schema";
import type { Option } from "../forms";
import { storesByRegion } from "../stores";

/** How long the store list is reused: stores change by deployment, registrations come by the second. */
const CACHE_MS = 60_000;

let cache: { db: Kysely<Database>; at: number; options: Promise<Option[]> } | undefined;

/** The partner stores as options of the store select, grouped by region, then by city and name as Czech sorts them. */
export function storeOptions(db: Kysely<Database>, now: Date): Promise<Option[]> {
	if (cache?.db !== db || now.getTime() - cache.at > CACHE_MS) {
		const options = loadStoreOptions(db);
		cache = { db, at: now.getTime(), options };
		// A failed query is not remembered: the next request asks again.
		options.catch(() => {
			if (cache?.options === options) cache = undefined;
		});
	}
	return cache.options;
}

async function loadStoreOptions(db: Kysely<Database>): Promise<Option[]> {
	return (await storesByRegion(db)).flatMap(({ region, stores }) =>
		stores.map((store) => ({
			value: store.id,
			label: `${store.city} – ${store.name}, ${store.street}`,
			group: REGIONS[region],
		})),
	);
}
