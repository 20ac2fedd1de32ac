/**
 * Rate-limit counters for a hot path (the partner API's per-key limit): counted in memory and added to
 * the database's `rate_limits` rows every SYNC_MS, instead of one committed upsert per request. Each
 * process decides with the sum the database gave it at its last sync plus its own hits since, so every
 * process still counts together, seeing the others' hits at most SYNC_MS late: a key can get a few
 * more requests than its limit when several processes serve it at the same instant, never many.
 * Fixed windows, as rate-limit-store.ts: the database's window wins, so all processes share its end.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";

export const SYNC_MS = 100;

interface Window {
	/** Epoch ms when the window ends. */
	endsAt: number;
	/** Hits of every process at the last sync (this one's synced hits included). */
	synced: number;
	/** This process's hits since. */
	pending: number;
	windowMs: number;
}

export class BatchedRateLimitCounter {
	readonly #windows = new Map<string, Window>();
	#syncing: Promise<void> | undefined;

	constructor(
		private readonly db: Kysely<Database>,
		private readonly now: () => number = Date.now,
	) {}

	/** Counts a hit: the hits of the key's current window (every process's, as far as known) and its ms left. */
	hit(key: string, windowMs: number): { hits: number; ttlMs: number } {
		const now = this.now();
		let window = this.#windows.get(key);
		if (!window || window.endsAt <= now) {
			window = { endsAt: now + windowMs, synced: 0, pending: 0, windowMs };
			this.#windows.set(key, window);
		}
		window.pending++;
		return { hits: window.synced + window.pending, ttlMs: window.endsAt - now };
	}

	/** Adds each key's pending hits to its row, and learns every process's total from the answer. */
	sync(): Promise<void> {
		// One sync at a time: a second one would add the same pending hits again.
		this.#syncing ??= this.#sync().finally(() => {
			this.#syncing = undefined;
		});
		return this.#syncing;
	}

	async #sync(): Promise<void> {
		const now = this.now();
		for (const [key, window] of this.#windows) {
			if (window.endsAt <= now) {
				this.#windows.delete(key);
				continue;
			}
			if (window.pending === 0) continue;
			const adding = window.pending;
			const at = new Date(now).toISOString();
			const row = await this.db
				.insertInto("rate_limits")
				.values({ key, hits: adding, window_ends_at: new Date(window.endsAt).toISOString() })
				.onConflict((conflict) =>
					conflict.column("key").doUpdateSet({
						hits: sql<number>`case when rate_limits.window_ends_at <= ${at} then ${adding} else rate_limits.hits + ${adding} end`,
						window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${at} then excluded.window_ends_at else rate_limits.window_ends_at end`,
					}),
				)
				.returning(["hits", "window_ends_at"])
				.executeTakeFirstOrThrow();
			window.pending -= adding;
			window.synced = Number(row.hits);
			window.endsAt = Date.parse(row.window_ends_at);
		}
	}
}

/** The store class for @fastify/rate-limit over this app's database, synced every SYNC_MS until the app closes. */
export function batchedRateLimitStore(app: FastifyInstance): FastifyRateLimitStoreCtor {
	const counter = new BatchedRateLimitCounter(app.database.db);
	const sync = () => counter.sync().catch((error) => app.log.warn({ err: error }, "rate limits not synced"));
	const timer = setInterval(sync, SYNC_MS);
	timer.unref();
	app.addHook("onClose", async () => {
		clearInterval(timer);
		await sync();
	});
	type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
	return class BatchedRateLimitStore implements FastifyRateLimitStore {
		incr(key: string, callback: Callback, timeWindow: number) {
			const { hits, ttlMs } = counter.hit(key, timeWindow);
			callback(null, { current: hits, ttl: ttlMs });
		}
		child() {
			return new BatchedRateLimitStore();
		}
	};
}
