import { type Kysely, sql } from "kysely";
import { addDays, pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import { type DayCounts, type Folded, startOfPragueDay } from "./queries";

type Db = Kysely<Database>;
type Count = string | number | bigint;

/**
 * One settled Prague day's counts: per store ("" for none) the registrations and confirmations by the
 * store chosen when registering and the redemptions by the store that redeemed; the vouchers issued;
 * and the redemptions per region of that store ("" for none) per whole days from issue, as queries.ts's
 * fold counts them. A few hundred rows a day, whatever the number of registrations.
 */
export interface DayRollup {
	readonly stores: ReadonlyMap<string, Readonly<DayCounts>>;
	readonly issued: number;
	readonly spans: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

/** The vouchers issued on a settled day per store chosen when registering ("" for none). */
export type IssuedByStore = ReadonlyMap<string, number>;

const dateOf = (column: string) => sql<string>`substr(${sql.ref(column)}, ${sql.lit(1)}, ${sql.lit(10)})`;

/**
 * What a stored time's Prague day is known from: its UTC date, or its UTC hour at 22 and 23, when a
 * Prague day starts (CEST or CET). Up to 21:59 UTC the Prague date is the UTC date under either offset.
 * Plain SQL both engines share, and few values a day, so a range of days is grouped in one scan.
 */
const dayKeyOf = (column: string) =>
	sql<string>`case when substr(${sql.ref(column)}, ${sql.lit(12)}, ${sql.lit(2)}) < ${sql.lit("22")} then ${dateOf(column)} else substr(${sql.ref(column)}, ${sql.lit(1)}, ${sql.lit(13)}) end`;

/** The Prague dates of the evening hours seen: formatting a date is the cost, and they recur on every read. */
const eveningDates = new Map<string, string>();
function pragueDateOfKey(key: string): string {
	if (key.length === 10) return key;
	let date = eveningDates.get(key);
	if (date === undefined) {
		date = pragueDate(new Date(`${key}:00:00.000Z`));
		// Two years of evenings are 1,462 hours: a bound that never drops one a campaign uses.
		if (eveningDates.size >= 10_000) eveningDates.clear();
		eveningDates.set(key, date);
	}
	return date;
}

/**
 * Days read in one go: a week. A read's four scans run back to back on SQLite's (synchronous) thread,
 * so a week holds other requests up for a quarter of what a month did (50 ms against 240 at 300,000
 * registrations), and the reads take no longer in all.
 */
const DAYS_A_READ = 7;

/** The counts of Prague days from the database: four range scans of migration 0010's and 0012's indexes. */
async function readDays(
	db: Db,
	dates: readonly string[],
	regionOf: ReadonlyMap<string, string>,
): Promise<Map<string, DayRollup>> {
	const start = startOfPragueDay(dates[0] ?? "");
	const end = startOfPragueDay(addDays(dates.at(-1) ?? "", 1));
	const perStore = (column: "created_at" | "confirmed_at") =>
		db
			.selectFrom("registrations")
			.select([
				dayKeyOf(`registrations.${column}`).as("day"),
				"registrations.store_id as store",
				(eb) => eb.fn.countAll().as("count"),
			])
			.where(`registrations.${column}`, ">=", start)
			.where(`registrations.${column}`, "<", end)
			.groupBy([dayKeyOf(`registrations.${column}`), "registrations.store_id"])
			.execute();
	const [registrations, confirmed, issued, redeemed] = await Promise.all([
		perStore("created_at"),
		perStore("confirmed_at"),
		db
			.selectFrom("vouchers")
			.select([dayKeyOf("vouchers.created_at").as("day"), (eb) => eb.fn.countAll().as("count")])
			.where("vouchers.created_at", ">=", start)
			.where("vouchers.created_at", "<", end)
			.groupBy(dayKeyOf("vouchers.created_at"))
			.execute(),
		db
			.selectFrom("vouchers")
			.select([
				dayKeyOf("vouchers.redeemed_at").as("day"),
				"vouchers.redeemed_store_id as store",
				dateOf("vouchers.created_at").as("issued"),
				(eb) => eb.fn.countAll().as("count"),
			])
			.where("vouchers.redeemed_at", ">=", start)
			.where("vouchers.redeemed_at", "<", end)
			.groupBy([
				dayKeyOf("vouchers.redeemed_at"),
				"vouchers.redeemed_store_id",
				dateOf("vouchers.created_at"),
			])
			.execute(),
	]);
	const days = new Map<
		string,
		{ stores: Map<string, DayCounts>; issued: number; spans: Map<string, Map<number, number>> }
	>(dates.map((date) => [date, { stores: new Map(), issued: 0, spans: new Map() }]));
	const add = (
		rows: readonly { day: string; store: string | null; count: Count }[],
		name: keyof DayCounts,
	) => {
		for (const row of rows) {
			const day = days.get(pragueDateOfKey(row.day));
			if (!day) continue;
			const key = row.store ?? "";
			let counts = day.stores.get(key);
			if (!counts) {
				counts = { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
				day.stores.set(key, counts);
			}
			counts[name] += Number(row.count);
		}
	};
	add(registrations, "registrations");
	add(confirmed, "confirmed");
	for (const row of issued) {
		const day = days.get(pragueDateOfKey(row.day));
		if (day) day.issued += Number(row.count);
	}
	add(redeemed, "redeemed");
	for (const row of redeemed) {
		const day = days.get(pragueDateOfKey(row.day));
		if (!day) continue;
		const region = (row.store !== null && regionOf.get(row.store)) || "";
		let ofRegion = day.spans.get(region);
		if (!ofRegion) {
			ofRegion = new Map();
			day.spans.set(region, ofRegion);
		}
		// Whole days between the UTC dates of issue and redemption, as queries.ts's fold counts them.
		const spanDays = Math.round((Date.parse(row.day.slice(0, 10)) - Date.parse(row.issued)) / 86_400_000);
		ofRegion.set(spanDays, (ofRegion.get(spanDays) ?? 0) + Number(row.count));
	}
	return days;
}

/** The vouchers issued on Prague days per store chosen when registering: a range scan of vouchers_created_store. */
async function readIssuedByStore(db: Db, dates: readonly string[]): Promise<Map<string, IssuedByStore>> {
	const rows = await db
		.selectFrom("vouchers")
		.select([
			dayKeyOf("vouchers.created_at").as("day"),
			"vouchers.store_id as store",
			(eb) => eb.fn.countAll().as("count"),
		])
		.where("vouchers.created_at", ">=", startOfPragueDay(dates[0] ?? ""))
		.where("vouchers.created_at", "<", startOfPragueDay(addDays(dates.at(-1) ?? "", 1)))
		.groupBy([dayKeyOf("vouchers.created_at"), "vouchers.store_id"])
		.execute();
	const days = new Map(dates.map((date) => [date, new Map<string, number>()]));
	for (const row of rows) {
		const day = days.get(pragueDateOfKey(row.day));
		const store = row.store ?? "";
		day?.set(store, (day.get(store) ?? 0) + Number(row.count));
	}
	return days;
}

/** Runs of consecutive days, at most a week each: a read scans from its first day to its last. */
function runsOf(dates: readonly string[]): string[][] {
	const runs: string[][] = [];
	for (const date of dates) {
		const last = runs.at(-1);
		if (last && last.length < DAYS_A_READ && addDays(last.at(-1) ?? "", 1) === date) last.push(date);
		else runs.push([date]);
	}
	return runs;
}

/**
 * Days' values kept by date and read a run at a time where missing. Each view holds its own references:
 * an erasure found meanwhile makes the next view read its days again.
 */
async function keptOrRead<T>(
	kept: Map<string, Promise<T>>,
	dates: readonly string[],
	read: (run: readonly string[]) => Promise<Map<string, T>>,
	empty: () => T,
): Promise<T[]> {
	const found = new Map(dates.map((date) => [date, kept.get(date)]));
	for (const run of runsOf(dates.filter((date) => found.get(date) === undefined))) {
		const reading = read(run);
		for (const date of run) {
			const day = reading.then((days) => days.get(date) ?? empty());
			found.set(date, day);
			kept.set(date, day);
			// A failed read is not kept: the next view reads again.
			day.catch(() => {
				if (kept.get(date) === day) kept.delete(date);
			});
		}
		// One week's scans at a time, with the requests that came meanwhile answered in between.
		await reading;
		await new Promise((resolve) => setImmediate(resolve));
	}
	return Promise.all(dates.map((date) => found.get(date) ?? Promise.reject(new Error(`${date} not read`))));
}

/**
 * The settled days' counts, each read from the database once per process and shared by every filter:
 * a filter's view adds up at most a few hundred rows a day instead of scanning its range of each
 * index. Days are read a week at a time, with other requests answered in between.
 *
 * A settled day's rows no longer change (cache.ts, SETTLED_AFTER_MS) except when a registration is
 * erased and loses its store (src/server/privacy/anonymise.ts): each view first looks for registrations
 * erased since the last look (registrations_anonymised_at) and forgets the days they count in, in
 * this process and, as every process looks, in the others.
 */
export class DayRollups {
	readonly #db: Db;
	readonly #days = new Map<string, Promise<DayRollup>>();
	readonly #issued = new Map<string, Promise<IssuedByStore>>();
	/** The latest erasure time seen, and how many registrations were erased at each time since an hour before it. */
	#erasedUntil: string | undefined;
	#erasedAt = new Map<string, number>();

	constructor(db: Db) {
		this.#db = db;
	}

	/**
	 * Forgets the days of registrations erased since the last look; true when any were. Erasures are
	 * looked for from an hour before the latest one seen, as a long erasure (the retention's) commits
	 * after shorter ones that started later; each erasure time's count tells what is new.
	 */
	async forgetErased(): Promise<boolean> {
		const since = this.#erasedUntil
			? new Date(Date.parse(this.#erasedUntil) - 3_600_000).toISOString()
			: undefined;
		const times = await this.#db
			.selectFrom("registrations")
			.select(["anonymised_at as at", (eb) => eb.fn.countAll().as("count")])
			.where("anonymised_at", "is not", null)
			.$if(since !== undefined, (query) => query.where("anonymised_at", ">=", since ?? ""))
			.groupBy("anonymised_at")
			.execute();
		const first = this.#erasedUntil === undefined;
		const changed: string[] = [];
		const erasedAt = new Map<string, number>();
		for (const { at, count } of times) {
			if (at === null) continue;
			erasedAt.set(at, Number(count));
			if (this.#erasedAt.get(at) !== Number(count)) changed.push(at);
			if (this.#erasedUntil === undefined || at > this.#erasedUntil) this.#erasedUntil = at;
		}
		this.#erasedAt = erasedAt;
		// The first look only learns where erasures stand: no day has been read before it.
		if (first) {
			this.#erasedUntil ??= "";
			return false;
		}
		if (changed.length === 0) return false;
		const rows = await this.#db
			.selectFrom("registrations")
			.leftJoin("vouchers", "vouchers.registration_id", "registrations.id")
			.select(["registrations.created_at", "registrations.confirmed_at", "vouchers.created_at as issued_at"])
			.where("registrations.anonymised_at", "in", changed)
			.execute();
		for (const row of rows) {
			for (const at of [row.created_at, row.confirmed_at, row.issued_at]) {
				if (at === null) continue;
				this.#days.delete(pragueDate(new Date(at)));
				this.#issued.delete(pragueDate(new Date(at)));
			}
		}
		return true;
	}

	/** The counts of settled Prague days, read from the database for those not yet kept. */
	days(dates: readonly string[]): Promise<DayRollup[]> {
		let regionOf: Promise<Map<string, string>> | undefined;
		return keptOrRead(
			this.#days,
			dates,
			async (run) => {
				regionOf ??= this.#db
					.selectFrom("stores")
					.select(["id", "region"])
					.execute()
					.then((rows) => new Map(rows.map((row) => [row.id, row.region])));
				return readDays(this.#db, run, await regionOf);
			},
			() => ({ stores: new Map(), issued: 0, spans: new Map() }),
		);
	}

	/** The vouchers issued on settled Prague days per chosen store, read for those not yet kept. */
	issuedByStore(dates: readonly string[]): Promise<IssuedByStore[]> {
		return keptOrRead(
			this.#issued,
			dates,
			(run) => readIssuedByStore(this.#db, run),
			() => new Map(),
		);
	}

	/** The Prague date of the first voucher issued or redeemed: where the totals before a range start. */
	async firstDate(): Promise<string | undefined> {
		// One min() a query: SQLite reads it off the index only when it is the query's one aggregate, and
		// off a partial index (the redemptions', migration 0014) only when the query says it is not null.
		const firstOf = (column: "created_at" | "redeemed_at") =>
			this.#db
				.selectFrom("vouchers")
				.select((eb) => eb.fn.min(column).as("first"))
				.where(column, "is not", null)
				.executeTakeFirst()
				.then((row) => row?.first ?? null);
		const first = (await Promise.all([firstOf("created_at"), firstOf("redeemed_at")]))
			.filter((at): at is string => at !== null)
			.sort()[0];
		return first === undefined ? undefined : pragueDate(new Date(first));
	}
}

/** A filter's region: its code, the stores' regions and, for each day, the vouchers issued per store. */
export interface RegionOfDays {
	readonly code: string;
	readonly regionOf: ReadonlyMap<string, string>;
	readonly issued: readonly IssuedByStore[];
}

/** The counts of the stores of a region, or of all (undefined). */
function sumOf<T>(counts: Iterable<[string, T]>, region: RegionOfDays | undefined, add: (value: T) => void) {
	for (const [store, value] of counts) {
		if (region === undefined || (store !== "" && region.regionOf.get(store) === region.code)) add(value);
	}
}

/** Days' counts folded as queries.ts's fold folds a range's aggregates, for one region or all (undefined). */
export function foldDays(
	dates: readonly string[],
	rollups: readonly DayRollup[],
	region: RegionOfDays | undefined,
): Folded {
	const byDate = new Map<string, DayCounts>();
	const perStore = new Map<string, number>();
	const spans = new Map<number, number>();
	rollups.forEach((rollup, index) => {
		const day = { registrations: 0, confirmed: 0, issued: region ? 0 : rollup.issued, redeemed: 0 };
		sumOf(rollup.stores, region, (counts) => {
			day.registrations += counts.registrations;
			day.confirmed += counts.confirmed;
			day.redeemed += counts.redeemed;
		});
		if (region) sumOf(region.issued[index] ?? [], region, (count) => (day.issued += count));
		for (const [store, counts] of rollup.stores) {
			if (store === "" || counts.redeemed === 0) continue;
			if (region && region.regionOf.get(store) !== region.code) continue;
			perStore.set(store, (perStore.get(store) ?? 0) + counts.redeemed);
		}
		byDate.set(dates[index] ?? "", day);
		for (const [spanRegion, counts] of rollup.spans) {
			if (region !== undefined && spanRegion !== region.code) continue;
			for (const [days, count] of counts) spans.set(days, (spans.get(days) ?? 0) + count);
		}
	});
	return { byDate, perStore, spans };
}

/** Vouchers issued and redeemed on the days, for one region or all: the totals before a range. */
export function totalsOfDays(
	rollups: readonly DayRollup[],
	region: RegionOfDays | undefined,
): { issued: number; redeemed: number } {
	const totals = { issued: 0, redeemed: 0 };
	rollups.forEach((rollup, index) => {
		if (region) sumOf(region.issued[index] ?? [], region, (count) => (totals.issued += count));
		else totals.issued += rollup.issued;
		sumOf(rollup.stores, region, (counts) => (totals.redeemed += counts.redeemed));
	});
	return totals;
}
