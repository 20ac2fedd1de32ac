/**
 * Rate-limit counters in the database, so that every server process on one database counts together:
 * with counters in process memory, a second process would double every limit. A store for
 * @fastify/rate-limit (its `store` option); keys carry their limit's purpose ("register:<ip>"), so all
 * limits share one table.
 *
 * Fixed windows, as @fastify/rate-limit's own store: the first hit opens a window, hits inside it
 * count, and the first hit after it opens the next one. One upsert decides, atomically on both
 * databases, so concurrent hits in any number of processes are all counted.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { prepare, prepareRows } from "../db/prepared";
import type { Database } from "../db/schema";

export interface RateLimitCount {
	/** Hits in the current window, this one included. */
	readonly hits: number;
	/** Milliseconds until the window ends. */
	readonly ttlMs: number;
}

const upsertHit = prepare((db, hit: { key: string; windowEndsAt: string; at: string }) =>
	db
		.insertInto("rate_limits")
		.values({ key: hit.key, hits: 1, window_ends_at: hit.windowEndsAt })
		.onConflict((conflict) =>
			conflict.column("key").doUpdateSet({
				hits: sql<number>`case when rate_limits.window_ends_at <= ${hit.at} then 1 else rate_limits.hits + 1 end`,
				window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${hit.at} then excluded.window_ends_at else rate_limits.window_ends_at end`,
			}),
		)
		.returning(["hits", "window_ends_at"]),
);

/** Counts a hit on `key` in its current window (opening one of `windowMs` if none is open). */
export async function hitRateLimit(
	db: Kysely<Database>,
	key: string,
	windowMs: number,
	now = new Date(),
): Promise<RateLimitCount> {
	const [row] = await upsertHit(db, {
		key,
		windowEndsAt: new Date(now.getTime() + windowMs).toISOString(),
		at: now.toISOString(),
	});
	if (!row) throw new Error("The rate-limit upsert returned no row");
	return { hits: Number(row.hits), ttlMs: Date.parse(row.window_ends_at) - now.getTime() };
}

/**
 * Counts one hit on each of several keys in one statement (one commit, where a hit each would make
 * one each), returning each key's count. Keys are locked in sorted order, so two such statements
 * sharing keys cannot deadlock on PostgreSQL.
 */
export async function hitRateLimits(
	db: Kysely<Database>,
	hits: readonly { readonly key: string; readonly windowMs: number }[],
	now = new Date(),
): Promise<ReadonlyMap<string, number>> {
	const rows = [...hits]
		.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
		.map((hit) => ({ key: hit.key, window_ends_at: new Date(now.getTime() + hit.windowMs).toISOString() }));
	const counted = await upsertHits(db, rows, { at: now.toISOString() });
	return new Map(counted.map((row) => [row.key, Number(row.hits)]));
}

const upsertHits = prepareRows(
	(db, rows: readonly { key: string; window_ends_at: string }[], shared: { at: string }) =>
		db
			.insertInto("rate_limits")
			.values(rows.map((row) => ({ ...row, hits: 1 })))
			.onConflict((conflict) =>
				conflict.column("key").doUpdateSet({
					hits: sql<number>`case when rate_limits.window_ends_at <= ${shared.at} then 1 else rate_limits.hits + 1 end`,
					window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${shared.at} then excluded.window_ends_at else rate_limits.window_ends_at end`,
				}),
			)
			.returning(["key", "hits"]),
);

const selectWindow = prepare((db, where: { key: string; at: string }) =>
	db
		.selectFrom("rate_limits")
		.select(["hits", "window_ends_at"])
		.where("key", "=", where.key)
		.where("window_ends_at", ">", where.at),
);

/** The count of `key`'s current window without adding to it: zero when no window is open. */
export async function peekRateLimit(
	db: Kysely<Database>,
	key: string,
	now = new Date(),
): Promise<RateLimitCount> {
	const [row] = await selectWindow(db, { key, at: now.toISOString() });
	return row
		? { hits: Number(row.hits), ttlMs: Date.parse(row.window_ends_at) - now.getTime() }
		: { hits: 0, ttlMs: 0 };
}

/** Closed windows count nothing any more. */
export async function deleteEndedRateLimits(db: Kysely<Database>, now: Date): Promise<void> {
	await db.deleteFrom("rate_limits").where("window_ends_at", "<=", now.toISOString()).execute();
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
const cleanups = new WeakSet<object>();

/**
 * The store class for @fastify/rate-limit over this app's database. The first call per database also
 * deletes ended windows every ten minutes, until the app closes.
 */
export function databaseRateLimitStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
	const { db } = app.database;
	if (!cleanups.has(app.database)) {
		cleanups.add(app.database);
		const timer = setInterval(
			() => void deleteEndedRateLimits(db, new Date()).catch(() => {}),
			CLEANUP_EVERY_MS,
		);
		timer.unref();
		app.addHook("onClose", async () => {
			clearInterval(timer);
			cleanups.delete(app.database);
		});
	}
	type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
	const answer = (count: Promise<RateLimitCount>, callback: Callback) =>
		count.then(
			({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
			(error: Error) => callback(error),
		);
	return class DatabaseRateLimitStore implements FastifyRateLimitStore {
		incr(key: string, callback: Callback, timeWindow: number) {
			void answer(hitRateLimit(db, key, timeWindow), callback);
		}
		/** For `{ increment: false }`: a peek. */
		read(key: string, callback: Callback) {
			void answer(peekRateLimit(db, key), callback);
		}
		child() {
			return new DatabaseRateLimitStore();
		}
	};
}
