import { REGIONS } from "../../i18n/regions";
import type { Option } from "../forms";
import { type StoreSnapshot, storesByRegion } from "../stores";

const options = new WeakMap<StoreSnapshot, Option[]>();

/**
 * The partner stores as options of the store select, grouped by region, then by city and name as Czech
 * sorts them; the same array while the stores stay the same, so the form made from it is kept too.
 */
export function storeOptions(snapshot: StoreSnapshot): Option[] {
	let list = options.get(snapshot);
	if (!list) {
		list = storesByRegion(snapshot.stores).flatMap(({ region, stores }) =>
			stores.map((store) => ({
				value: store.id,
				label: `${store.city} – ${store.name}, ${store.street}`,
				group: REGIONS[region],
			})),
		);
		options.set(snapshot, list);
	}
	return list;
}
