import type { Kysely } from "kysely";
import { isRegionCode, REGIONS } from "../../i18n/regions";
import type { Database } from "../db/schema";
import type { Option } from "../forms";

/** How long the store list is reused: stores change by deployment, registrations come by the second. */
const CACHE_MS = 60_000;

let cache: { db: Kysely<Database>; at: number; options: Promise<Option[]> } | undefined;

/** The partner stores as options of the store select, grouped by region, then by city and name. */
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
	const stores = await db
		.selectFrom("stores")
		.select(["id", "name", "region", "city", "street"])
		.orderBy("region")
		.orderBy("city")
		.orderBy("name")
		.execute();
	return stores.map((store) => ({
		value: store.id,
		label: `${store.city} – ${store.name}, ${store.street}`,
		...(isRegionCode(store.region) ? { group: REGIONS[store.region] } : {}),
	}));
}
