import type { Kysely } from "kysely";
import type { Option } from "../../forms";
import type { Database } from "../db/schema";

export interface StoreRow {
	readonly id: string;
	readonly name: string;
	readonly city: string;
	readonly street: string;
}

/**
 * Every stored store as form options, for the admins' forms: unlike the public catalog (app.stores),
 * also stores without one of the fourteen regions. The same array while the stores stay the same, so
 * that forms made per list of options (a WeakMap by the array) are made once.
 */
export function everyStoreOptions(db: Kysely<Database>, option: (store: StoreRow) => Option) {
	let last: { key: string; options: Option[] } | undefined;
	return async (): Promise<Option[]> => {
		const rows = await db
			.selectFrom("stores")
			.select(["id", "name", "city", "street"])
			.orderBy("city")
			.orderBy("name")
			.orderBy("street")
			.execute();
		const options = rows.map(option);
		const key = JSON.stringify(options);
		if (last?.key !== key) last = { key, options };
		return last.options;
	};
}
