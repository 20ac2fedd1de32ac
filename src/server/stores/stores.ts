/**
 * Reading partner stores: the list the store finder filters, one store by id, all stores by region
 * (the registration form's store select).
 */
import type { Kysely, Selectable } from "kysely";
import { isRegionCode, REGIONS, type RegionCode } from "../../i18n/regions";
import type { Database, StoresTable } from "../db/schema";
import { parseWeekHours, type WeekHours } from "./hours";

export interface Store {
	readonly id: string;
	readonly name: string;
	readonly region: RegionCode;
	readonly city: string;
	readonly street: string;
	readonly postcode: string;
	/** undefined when the stored hours are not well-formed: the page says to check with the store. */
	readonly hours: WeekHours | undefined;
}

export interface StoreFilter {
	readonly region?: RegionCode | undefined;
	/** Words that must all occur in the name, city, street or postcode; case and accents do not matter. */
	readonly text?: string | undefined;
	readonly offset?: number;
	readonly limit?: number;
}

export interface StoreList {
	readonly stores: Store[];
	/** How many stores match the filter, beyond offset and limit. */
	readonly total: number;
}

const collator = new Intl.Collator("cs", { numeric: true });
const byPlace = (a: Store, b: Store) => collator.compare(a.city, b.city) || collator.compare(a.name, b.name);

/** Lower case without accents: "Plzeň" and "plzen" match. */
export const searchable = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Stores matching a filter, ordered by city and name as Czech sorts them. A few hundred stores are
 * matched here rather than in SQL: neither accent-insensitive matching nor Czech ordering is portable
 * between SQLite and PostgreSQL.
 */
export async function listStores(db: Kysely<Database>, filter: StoreFilter = {}): Promise<StoreList> {
	let query = db.selectFrom("stores").selectAll();
	if (filter.region) query = query.where("region", "=", filter.region);
	const words = searchable(filter.text ?? "")
		.split(/\s+/)
		.filter(Boolean);
	const matching = (await query.execute())
		.flatMap((row) => toStore(row) ?? [])
		.filter((store) => {
			if (!words.length) return true;
			const haystack = searchable(
				`${store.name} ${store.city} ${store.street} ${store.postcode} ${store.postcode.replace(" ", "")}`,
			);
			return words.every((word) => haystack.includes(word));
		})
		.sort(byPlace);
	const offset = filter.offset ?? 0;
	return {
		stores: matching.slice(offset, filter.limit === undefined ? undefined : offset + filter.limit),
		total: matching.length,
	};
}

export async function findStore(db: Kysely<Database>, id: string): Promise<Store | undefined> {
	const row = await db.selectFrom("stores").selectAll().where("id", "=", id).executeTakeFirst();
	return row && toStore(row);
}

/** Every region in the order of REGIONS with its stores (regions without stores left out). */
export async function storesByRegion(
	db: Kysely<Database>,
): Promise<{ region: RegionCode; stores: Store[] }[]> {
	const { stores } = await listStores(db);
	return (Object.keys(REGIONS) as RegionCode[])
		.map((region) => ({ region, stores: stores.filter((store) => store.region === region) }))
		.filter((group) => group.stores.length > 0);
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
