import type { Kysely } from "kysely";
import type { DashboardFigures, DashboardFilter } from "../../domain/dashboard/figures";
import { addDays } from "../../prague-time";
import type { Database } from "../db/schema";
import {
	aggregates,
	dashboardFigures,
	type Folded,
	figuresOf,
	fold,
	type Range,
	rangeOf,
	startOfPragueDay,
} from "./queries";
import { DayRollups, foldDays, type RegionOfDays, totalsOfDays } from "./rollups";

/**
 * Rows older than this no longer change: registrations, confirmations, vouchers and redemptions are
 * recorded at the time they happen, and a redemption can be undone for 15 minutes only
 * (src/server/api/vouchers.ts, UNDO_WINDOW_MS). The one later change, an erased registration losing
 * its store (src/server/privacy), is looked for on every view (rollups.ts).
 */
export const SETTLED_AFTER_MS = 60 * 60 * 1000;
/**
 * How long a filter's settled part is reused: the live hours after it, read on every view, grow by
 * this at most.
 */
export const SETTLED_TTL_MS = 10 * 60 * 1000;
/** Filters kept at once (each holds at most a few thousand rows of aggregates). */
const MAX_ENTRIES = 32;

interface Settled {
	readonly until: string;
	readonly at: number;
	readonly parts: readonly Folded[];
	readonly before: DashboardFigures["before"];
}

/**
 * The dashboard's figures: a filter's settled whole days added up from the days' counts kept by
 * rollups.ts (read once per process and shared by every filter), the settled hours of its last day read
 * once per filter (for SETTLED_TTL_MS), and only the last hour or two read from the database on each
 * view. A repeated or autosubmitted view answers fast, a new filter's first view adds up kept days, and
 * every new registration or redemption still shows at once. Nothing is added to the registration and
 * redemption paths, which carry the load.
 */
export class DashboardCache {
	readonly #db: Kysely<Database>;
	readonly #clock: () => number;
	readonly #rollups: DayRollups;
	readonly #settled = new Map<string, Promise<Settled>>();

	constructor(db: Kysely<Database>, clock: () => number = Date.now) {
		this.#db = db;
		this.#clock = clock;
		this.#rollups = new DayRollups(db);
	}

	async figures(filter: DashboardFilter): Promise<DashboardFigures> {
		const range = rangeOf(filter);
		const now = this.#clock();
		const hour = 3_600_000;
		const settledUntil = new Date(Math.floor((now - SETTLED_AFTER_MS) / hour) * hour).toISOString();
		if (await this.#rollups.forgetErased()) this.#settled.clear();
		// A range that is all recent: nothing to keep.
		if (settledUntil <= range.start) return dashboardFigures(this.#db, filter);
		const settled = await this.#settledPart(filter, range, settledUntil, now);
		const live: Range = { start: settled.until, end: range.end };
		const parts = [...settled.parts];
		if (live.start < live.end) parts.push(fold(await aggregates(this.#db, filter.region, live)));
		return figuresOf(this.#db, filter, parts, settled.before);
	}

	async #settledPart(
		filter: DashboardFilter,
		range: Range,
		settledUntil: string,
		now: number,
	): Promise<Settled> {
		const key = `${filter.region ?? ""} ${range.start} ${range.end}`;
		const kept = this.#settled.get(key);
		if (kept) {
			const settled = await kept.catch(() => undefined);
			if (settled && now - settled.at < SETTLED_TTL_MS) return settled;
			if (this.#settled.get(key) === kept) this.#settled.delete(key);
		}
		const until = range.end < settledUntil ? range.end : settledUntil;
		const reading = this.#readSettled(filter, range.start, until).then((read) => ({
			...read,
			until,
			at: now,
		}));
		this.#settled.set(key, reading);
		// A failed read is not kept: the next view reads again.
		reading.catch(() => this.#settled.delete(key));
		while (this.#settled.size > MAX_ENTRIES) this.#settled.delete(this.#settled.keys().next().value ?? "");
		return reading;
	}

	/**
	 * The settled part [start, until): its whole days (and the days before it, for the totals) added up
	 * from their kept counts, read first where they are not kept yet; the hours after them read.
	 */
	async #readSettled(
		filter: DashboardFilter,
		start: string,
		until: string,
	): Promise<Omit<Settled, "until" | "at">> {
		const dates: string[] = [];
		let daysEnd = start;
		for (let date = filter.from; startOfPragueDay(addDays(date, 1)) <= until; date = addDays(date, 1)) {
			dates.push(date);
			daysEnd = startOfPragueDay(addDays(date, 1));
		}
		const earlier: string[] = [];
		const first = await this.#rollups.firstDate();
		for (let date = first ?? filter.from; date < filter.from; date = addDays(date, 1)) earlier.push(date);
		const all = [...earlier, ...dates];
		const rollups = await this.#rollups.days(all);
		let region: RegionOfDays | undefined;
		if (filter.region !== undefined) {
			const issued = await this.#rollups.issuedByStore(all);
			const stores = await this.#db.selectFrom("stores").select(["id", "region"]).execute();
			const regionOf = new Map(stores.map((store) => [store.id, store.region]));
			region = { code: filter.region, regionOf, issued };
		}
		const split = earlier.length;
		const inRange = region && { ...region, issued: region.issued.slice(split) };
		const parts = [foldDays(dates, rollups.slice(split), inRange)];
		const before = totalsOfDays(rollups.slice(0, split), region);
		if (daysEnd < until) {
			parts.push(fold(await aggregates(this.#db, filter.region, { start: daysEnd, end: until })));
		}
		return { parts, before };
	}
}

const caches = new WeakMap<Kysely<Database>, DashboardCache>();

/** One cache per database, shared by the routes of both languages. */
export function dashboardCache(db: Kysely<Database>): DashboardCache {
	let cache = caches.get(db);
	if (!cache) {
		cache = new DashboardCache(db);
		caches.set(db, cache);
	}
	return cache;
}
