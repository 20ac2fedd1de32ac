/** Partner stores as pages show them: the store finder's filter, the registration form's regions. */
import { REGIONS, type RegionCode } from "../../i18n/regions";
import type { WeekHours } from "./hours";

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

/** Lower case without accents: "Plzeň" and "plzen" match. */
export const searchable = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Stores matching a filter, in the order given (the catalog's: by city and name as Czech sorts them). */
export function listStores(all: readonly Store[], filter: StoreFilter = {}): StoreList {
	const words = searchable(filter.text ?? "")
		.split(/\s+/)
		.filter(Boolean);
	const matching = all.filter((store) => {
		if (filter.region && store.region !== filter.region) return false;
		if (!words.length) return true;
		const haystack = searchable(
			`${store.name} ${store.city} ${store.street} ${store.postcode} ${store.postcode.replace(" ", "")}`,
		);
		return words.every((word) => haystack.includes(word));
	});
	const offset = filter.offset ?? 0;
	return {
		stores: matching.slice(offset, filter.limit === undefined ? undefined : offset + filter.limit),
		total: matching.length,
	};
}

/** Every region in the order of REGIONS with its stores (regions without stores left out). */
export function storesByRegion(all: readonly Store[]): { region: RegionCode; stores: Store[] }[] {
	return (Object.keys(REGIONS) as RegionCode[])
		.map((region) => ({ region, stores: all.filter((store) => store.region === region) }))
		.filter((group) => group.stores.length > 0);
}
