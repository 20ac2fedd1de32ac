import { type Kysely, sql } from "kysely";
import type {
	DashboardFigures,
	DashboardFilter,
	DayFigures,
	StoreFigures,
} from "../../domain/dashboard/figures";
import { addDays, endOfPragueDay, pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import { chainOf } from "../settlement/settlement";

type Db = Kysely<Database>;
type Count = string | number | bigint;

/** A half-open range [start, end) of ISO instants (times are stored as ISO-8601 UTC text). */
export interface Range {
	readonly start: string;
	readonly end: string;
}

/** The UTC instant (ISO) at which a Prague day starts. */
export const startOfPragueDay = (date: string) =>
	new Date(endOfPragueDay(addDays(date, -1)).getTime() + 1).toISOString();

/** The filter's days as instants. */
export function rangeOf(filter: DashboardFilter): Range {
	return { start: startOfPragueDay(filter.from), end: startOfPragueDay(addDays(filter.to, 1)) };
}

/**
 * The UTC hour of a stored ISO time ("2026-03-01T14"). The database groups by it, in plain SQL both
 * engines share; the hours are then folded into Prague days here, which gets the daylight-saving
 * switches right without the databases' own (different) time-zone functions. A range has at most
 * 24 × 731 hours, so the rows sent back stay few whatever the number of registrations.
 */
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, ${sql.lit(1)}, ${sql.lit(13)})`;
/** The UTC date of a stored ISO time. */
const dateOf = (column: string) => sql<string>`substr(${sql.ref(column)}, ${sql.lit(1)}, ${sql.lit(10)})`;

/** The stores of a region, as a subquery (stores_region_city's first column). */
const storesOf = (db: Db, region: string) =>
	db.selectFrom("stores").select("stores.id").where("region", "=", region);

interface HourCount {
	hour: string;
	count: Count;
}

/**
 * The aggregates of a range of instants (one region or all): what the database sends back, before it is
 * folded into the days of a filter. Two of them for adjoining ranges add up (see cache.ts).
 */
export interface Aggregates {
	readonly series: Record<keyof Omit<DayFigures, "date">, readonly HourCount[]>;
	readonly perStore: readonly { store: string | null; count: Count }[];
	/** Vouchers redeemed, by the UTC dates of their issue and their redemption. */
	readonly pairs: readonly { issued: string; redeemed: string; count: Count }[];
}

/** Registrations created, or confirmed, per UTC hour (of the region's chosen stores). */
function registrationsPerHour(
	db: Db,
	column: "created_at" | "confirmed_at",
	region: string | undefined,
	range: Range,
) {
	const ref = `registrations.${column}` as const;
	return db
		.selectFrom("registrations")
		.select([hourOf(ref).as("hour"), (eb) => eb.fn.countAll().as("count")])
		.where(ref, ">=", range.start)
		.where(ref, "<", range.end)
		.$if(region !== undefined, (query) =>
			query.where("registrations.store_id", "in", storesOf(db, region ?? "")),
		)
		.groupBy(hourOf(ref))
		.execute() as Promise<HourCount[]>;
}

/** Vouchers issued in the range; in a region, by the store chosen when registering (vouchers_created_store). */
function issued(db: Db, region: string | undefined, range: Range) {
	return db
		.selectFrom("vouchers")
		.where("vouchers.created_at", ">=", range.start)
		.where("vouchers.created_at", "<", range.end)
		.$if(region !== undefined, (query) => query.where("vouchers.store_id", "in", storesOf(db, region ?? "")));
}

/** Redemptions in the range (at the region's stores): vouchers_redeemed_store_created_redemption covers these. */
function redemptions(db: Db, region: string | undefined, range: Range) {
	return db
		.selectFrom("vouchers")
		.where("vouchers.redeemed_at", ">=", range.start)
		.where("vouchers.redeemed_at", "<", range.end)
		.$if(region !== undefined, (query) =>
			query.where("vouchers.redeemed_store_id", "in", storesOf(db, region ?? "")),
		);
}

/** The aggregates of a range, each a range scan of one of migration 0010's covering indexes. */
export async function aggregates(db: Db, region: string | undefined, range: Range): Promise<Aggregates> {
	const [registrations, confirmed, issuedPerHour, redeemed, perStore, pairs] = await Promise.all([
		registrationsPerHour(db, "created_at", region, range),
		registrationsPerHour(db, "confirmed_at", region, range),
		issued(db, region, range)
			.select([hourOf("vouchers.created_at").as("hour"), (eb) => eb.fn.countAll().as("count")])
			.groupBy(hourOf("vouchers.created_at"))
			.execute() as Promise<HourCount[]>,
		redemptions(db, region, range)
			.select([hourOf("vouchers.redeemed_at").as("hour"), (eb) => eb.fn.countAll().as("count")])
			.groupBy(hourOf("vouchers.redeemed_at"))
			.execute() as Promise<HourCount[]>,
		redemptions(db, region, range)
			.where("vouchers.redeemed_store_id", "is not", null)
			.select(["vouchers.redeemed_store_id as store", (eb) => eb.fn.countAll().as("count")])
			.groupBy("vouchers.redeemed_store_id")
			.execute(),
		redemptions(db, region, range)
			.select([
				dateOf("vouchers.created_at").as("issued"),
				dateOf("vouchers.redeemed_at").as("redeemed"),
				(eb) => eb.fn.countAll().as("count"),
			])
			.groupBy([dateOf("vouchers.created_at"), dateOf("vouchers.redeemed_at")])
			.execute(),
	]);
	return { series: { registrations, confirmed, issued: issuedPerHour, redeemed }, perStore, pairs };
}

/** Vouchers issued and redeemed before an instant (the running totals' start). */
export async function totalsBefore(db: Db, region: string | undefined, end: string) {
	const range = { start: "", end };
	const [issuedBefore, redeemedBefore] = await Promise.all([
		issued(db, region, range)
			.select((eb) => eb.fn.countAll().as("count"))
			.executeTakeFirst(),
		redemptions(db, region, range)
			.select((eb) => eb.fn.countAll().as("count"))
			.executeTakeFirst(),
	]);
	return { issued: Number(issuedBefore?.count ?? 0), redeemed: Number(redeemedBefore?.count ?? 0) };
}

export type DayCounts = { -readonly [K in keyof Omit<DayFigures, "date">]: number };

/**
 * Aggregates folded into what the page shows: counts per Prague day, redemptions per store, and vouchers
 * per number of days from issue to redemption. Folded parts of adjoining ranges add up.
 */
export interface Folded {
	readonly byDate: ReadonlyMap<string, Readonly<DayCounts>>;
	readonly perStore: ReadonlyMap<string, number>;
	readonly spans: ReadonlyMap<number, number>;
}

/** The Prague date of each UTC hour seen: hours recur on every view, the formatting is the cost. */
const pragueDates = new Map<string, string>();
function pragueDateOfHour(hour: string): string {
	let date = pragueDates.get(hour);
	if (date === undefined) {
		date = pragueDate(new Date(`${hour}:00:00.000Z`));
		// Two years of hours are 17,520: a bound that never drops one a campaign uses.
		if (pragueDates.size >= 50_000) pragueDates.clear();
		pragueDates.set(hour, date);
	}
	return date;
}

/**
 * Hours into their Prague days; dates of issue and redemption into days between them (UTC dates, which
 * the database can group by in the same SQL on both engines; a Prague date differs from the UTC one only
 * in the hour or two before midnight UTC).
 */
export function fold(part: Aggregates): Folded {
	const byDate = new Map<string, DayCounts>();
	for (const [name, rows] of Object.entries(part.series) as [keyof DayCounts, readonly HourCount[]][]) {
		for (const row of rows) {
			const date = pragueDateOfHour(row.hour);
			let day = byDate.get(date);
			if (!day) {
				day = { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
				byDate.set(date, day);
			}
			day[name] += Number(row.count);
		}
	}
	const perStore = new Map<string, number>();
	for (const row of part.perStore) {
		if (row.store !== null) perStore.set(row.store, (perStore.get(row.store) ?? 0) + Number(row.count));
	}
	const spans = new Map<number, number>();
	for (const pair of part.pairs) {
		const days = Math.round((Date.parse(pair.redeemed) - Date.parse(pair.issued)) / 86_400_000);
		spans.set(days, (spans.get(days) ?? 0) + Number(pair.count));
	}
	return { byDate, perStore, spans };
}

/** The median of the days from issue to redemption, weighted by how many vouchers took each. */
function medianDays(spans: ReadonlyMap<number, number>): number | null {
	const sorted = [...spans].sort((a, b) => a[0] - b[0]);
	const total = sorted.reduce((sum, [, count]) => sum + count, 0);
	if (total === 0) return null;
	/** The value at a 0-based position of the sorted vouchers. */
	const at = (position: number) => {
		let seen = 0;
		for (const [days, count] of sorted) {
			seen += count;
			if (position < seen) return days;
		}
		return sorted.at(-1)?.[0] ?? 0;
	};
	return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

/** The figures of a filter from the folded parts that make up its range. */
export async function figuresOf(
	db: Db,
	filter: DashboardFilter,
	parts: readonly Folded[],
	before: DashboardFigures["before"],
): Promise<DashboardFigures> {
	const days: DayFigures[] = [];
	for (let date = filter.from; date <= filter.to; date = addDays(date, 1)) {
		const day = { date, registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
		for (const part of parts) {
			const counts = part.byDate.get(date);
			if (!counts) continue;
			day.registrations += counts.registrations;
			day.confirmed += counts.confirmed;
			day.issued += counts.issued;
			day.redeemed += counts.redeemed;
		}
		days.push(day);
	}
	const counts = new Map<string, number>();
	const spans = new Map<number, number>();
	for (const part of parts) {
		for (const [store, count] of part.perStore) counts.set(store, (counts.get(store) ?? 0) + count);
		for (const [span, count] of part.spans) spans.set(span, (spans.get(span) ?? 0) + count);
	}
	const stores = await db.selectFrom("stores").select(["id", "name", "region"]).execute();
	const storeById = new Map(stores.map((store) => [store.id, store]));
	const storeFigures: StoreFigures[] = [...counts]
		.map(([id, redeemed]) => {
			const store = storeById.get(id);
			const name = store?.name ?? "–";
			return { storeId: id, name, region: store?.region ?? "", chain: chainOf(name), redeemed };
		})
		.sort((a, b) => b.redeemed - a.redeemed || a.name.localeCompare(b.name));
	return { filter, days, before, stores: storeFigures, medianDaysToRedeem: medianDays(spans) };
}

/** Everything the dashboard shows for a filter, straight from the database (cache.ts keeps most of it). */
export async function dashboardFigures(db: Db, filter: DashboardFilter): Promise<DashboardFigures> {
	const range = rangeOf(filter);
	const [part, before] = await Promise.all([
		aggregates(db, filter.region, range),
		totalsBefore(db, filter.region, range.start),
	]);
	return figuresOf(db, filter, [fold(part)], before);
}
