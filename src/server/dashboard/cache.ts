import type { Kysely } from "kysely";
import type { DashboardFigures, DashboardFilter } from "../../domain/dashboard/figures";
import type { Database } from "../db/schema";
import {
	aggregates,
	dashboardFigures,
	type Folded,
	figuresOf,
	fold,
	type Range,
	rangeOf,
	totalsBefore,
} from "./queries";

/**
 * Rows older than this no longer change: registrations, confirmations, vouchers and redemptions are
 * recorded at the time they happen, and a redemption can be undone for 15 minutes only
 * (src/server/api/vouchers.ts, UNDO_WINDOW_MS).
 */
export const SETTLED_AFTER_MS = 60 * 60 * 1000;
/**
 * How long the aggregates of the settled hours are kept: the one change to old rows, an erased
 * registration losing its store (src/server/privacy), shows in a region's figures within this.
 */
export const SETTLED_TTL_MS = 10 * 60 * 1000;
/** Filters kept at once (each holds at most a few thousand rows of aggregates). */
const MAX_ENTRIES = 32;

interface Settled {
	readonly until: string;
	readonly at: number;
	readonly part: Folded;
	readonly before: DashboardFigures["before"];
}

/**
 * The dashboard's figures with the settled part of a filter's range aggregated once (per process, for
 * SETTLED_TTL_MS) and only the last hour or two read from the database on each view. With a million
 * registrations the settled aggregates cost a scan of each index's range; the live hours cost almost
 * nothing, so a repeated or autosubmitted view answers fast while every new registration or redemption
 * still shows at once. Indexes and this cache rather than rollup tables: nothing is added to the
 * registration and redemption paths, which carry the load, and nothing can drift from the rows.
 */
export class DashboardCache {
	readonly #db: Kysely<Database>;
	readonly #clock: () => number;
	readonly #settled = new Map<string, Promise<Settled>>();

	constructor(db: Kysely<Database>, clock: () => number = Date.now) {
		this.#db = db;
		this.#clock = clock;
	}

	async figures(filter: DashboardFilter): Promise<DashboardFigures> {
		const range = rangeOf(filter);
		const now = this.#clock();
		const hour = 3_600_000;
		const settledUntil = new Date(Math.floor((now - SETTLED_AFTER_MS) / hour) * hour).toISOString();
		// A range that is all recent: nothing to keep.
		if (settledUntil <= range.start) return dashboardFigures(this.#db, filter);
		const settled = await this.#settledPart(filter.region, range, settledUntil, now);
		const live: Range = { start: settled.until, end: range.end };
		const parts = [settled.part];
		if (live.start < live.end) parts.push(fold(await aggregates(this.#db, filter.region, live)));
		return figuresOf(this.#db, filter, parts, settled.before);
	}

	async #settledPart(
		region: string | undefined,
		range: Range,
		settledUntil: string,
		now: number,
	): Promise<Settled> {
		const key = `${region ?? ""} ${range.start} ${range.end}`;
		const kept = this.#settled.get(key);
		if (kept) {
			const settled = await kept.catch(() => undefined);
			if (settled && now - settled.at < SETTLED_TTL_MS) return settled;
			if (this.#settled.get(key) === kept) this.#settled.delete(key);
		}
		const until = range.end < settledUntil ? range.end : settledUntil;
		const reading = Promise.all([
			aggregates(this.#db, region, { start: range.start, end: until }),
			totalsBefore(this.#db, region, range.start),
		]).then(([part, before]) => ({ until, at: now, part: fold(part), before }));
		this.#settled.set(key, reading);
		// A failed read is not kept: the next view reads again.
		reading.catch(() => this.#settled.delete(key));
		while (this.#settled.size > MAX_ENTRIES) this.#settled.delete(this.#settled.keys().next().value ?? "");
		return reading;
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
