/**
 * The partner stores the site starts with, made deterministically from locations.ts: the same
 * addresses always give the same stores, ids and hours, so a seeded database never drifts.
 */
import type { Kysely } from "kysely";
import { DAYS, type Interval, type WeekHours } from "../../domain/stores/hours";
import type { Database, StoresTable } from "../db/schema";
import { type Address, REGIONAL_CAPITALS, TOWNS, type Town } from "./locations";

/** Fictional drugstore chains; the stores take them in turn. */
export const CHAINS = [
	"Drogerie Sluníčko",
	"Pleťovka",
	"Drogerie Levandule",
	"Heřmánek drogerie",
	"Lumen Partner",
];

/** "08:00-12:00 13:00-17:00" → intervals; "" is a closed day. */
const day = (spec: string): Interval[] =>
	spec
		.split(" ")
		.filter(Boolean)
		.map((range) => range.split("-") as unknown as Interval);

function week(weekdays: string, saturday: string, sunday: string): WeekHours {
	const [mon, tue, wed, thu, fri] = DAYS.map(() => day(weekdays));
	return { mon: mon!, tue: tue!, wed: wed!, thu: thu!, fri: fri!, sat: day(saturday), sun: day(sunday) };
}

/** Shopping centres keep their own hours, every day. */
const MALL = week("09:00-21:00", "09:00-21:00", "09:00-21:00");
/** A city-centre store open past midnight on Friday and Saturday nights. */
const LATE: WeekHours = {
	...week("07:00-22:00", "", "09:00-22:00"),
	fri: day("07:00-02:00"),
	sat: day("08:00-02:00"),
};
const CITY = [
	week("08:00-20:00", "09:00-18:00", "10:00-18:00"),
	week("08:00-19:00", "09:00-13:00", ""),
	week("07:30-19:00", "08:00-14:00", ""),
];
const TOWN = [week("08:00-18:00", "08:00-12:00", ""), week("08:00-19:00", "08:00-13:00", "")];
/** Small towns close for lunch. */
const SMALL = week("08:00-12:00 13:00-17:00", "08:00-11:00", "");

function hoursFor(town: Town, address: Address, index: number): WeekHours {
	if (typeof address !== "string") return "mall" in address ? MALL : LATE;
	const pick = <T>(list: readonly T[]) => list[index % list.length]!;
	if (town.region === "CZ-10" || REGIONAL_CAPITALS.has(town.city)) return pick(CITY);
	return town.addresses.length > 1 || index % 3 !== 0 ? pick(TOWN) : SMALL;
}

const streetOf = (address: Address) =>
	typeof address === "string" ? address : "mall" in address ? address.mall : address.late;

/** "Palackého náměstí 12" → "Palackého náměstí": a store's name tells stores of one town apart by street. */
const streetName = (street: string) => street.replace(/\s+[\d/a-z]+$/, "");

/** "Praha 1", "Václavské náměstí 21" → "praha-1-vaclavske-namesti-21". */
export function storeId(city: string, street: string): string {
	return `${city} ${street}`
		.normalize("NFD")
		.replace(/\p{M}/gu, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-|-$/g, "");
}

/** Every seeded store as a database row. */
export function seedStoreRows(): StoresTable[] {
	const cityStores = new Map<string, number>();
	for (const town of TOWNS)
		cityStores.set(town.city, (cityStores.get(town.city) ?? 0) + town.addresses.length);
	let index = 0;
	return TOWNS.flatMap((town) =>
		town.addresses.map((address) => {
			const street = streetOf(address);
			const place = town.city.replace(/ \d+$/, "");
			const several = (cityStores.get(town.city) ?? 0) > 1 || place !== town.city;
			const row: StoresTable = {
				id: storeId(town.city, street),
				name: `${CHAINS[index % CHAINS.length]} ${place}${several ? ` – ${streetName(street)}` : ""}`,
				region: town.region,
				city: town.city,
				street,
				postcode: town.postcode,
				opening_hours: JSON.stringify(hoursFor(town, address, index)),
			};
			index++;
			return row;
		}),
	);
}

/**
 * Fills an empty stores table. Safe when two servers start at once on one PostgreSQL database: both
 * may see it empty, and the second one's rows are ignored as conflicts.
 */
export async function seedStores(db: Kysely<Database>): Promise<void> {
	const existing = await db.selectFrom("stores").select("id").limit(1).executeTakeFirst();
	if (existing) return;
	const rows = seedStoreRows();
	// Batches stay far below SQLite's and PostgreSQL's limits on bound parameters.
	for (let start = 0; start < rows.length; start += 100) {
		await db
			.insertInto("stores")
			.values(rows.slice(start, start + 100))
			.onConflict((conflict) => conflict.column("id").doNothing())
			.execute();
	}
}
