import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../db/schema";

const CODE = /^[0-9]{13}$/;
/** How often a process writes the calls it logged, at the latest. */
export const CALL_LOG_FLUSH_MS = 500;
/**
 * The most rows one statement writes; as many waiting start a write at once. Small, because SQLite
 * writes on the server's only thread: 100 rows hold every other request for well under a millisecond,
 * where the 870 of a busy half-second held them for several (`npm run bench:api`, its p99).
 */
const ROWS_PER_STATEMENT = 100;
/** Calls kept waiting at most (a database that stays down for long loses the oldest, not the process). */
const MAX_PENDING = 50_000;

type CallRow = Required<Insertable<Database["api_calls"]>>;

/**
 * The partner API's call log: one row per call, answered or refused: which key (none for a 401), the
 * route's pattern (never the raw URL, which could hold anything), the voucher's code, the status and
 * the time. Nothing about a person: a voucher's holder is not in the API at all.
 *
 * Rows wait in memory and are written together, ROWS_PER_STATEMENT at a time, or every CALL_LOG_FLUSH_MS
 * (and when the server closes): one statement for a hundred calls instead of a commit each, which took a
 * third of the database's time per redemption (`npm run bench:api`). A crash loses at most that half
 * second of the log; the redemptions themselves are written in their own transactions, never here.
 */
export class ApiCallLog {
	#pending: CallRow[] = [];
	#flushing: Promise<void> | undefined;

	constructor(
		private readonly db: Kysely<Database>,
		/** What a write started by a full batch does with its failure (the rows wait for the next flush). */
		private readonly onError: (error: unknown) => void = () => {},
	) {}

	/** onResponse. */
	record = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
		const code = (request.params as { code?: unknown } | undefined)?.code;
		if (this.#pending.length >= MAX_PENDING) this.#pending.shift();
		this.#pending.push({
			id: randomUUID(),
			key_id: request.apiKey?.id ?? null,
			method: request.method,
			route: request.is404 ? null : (request.routeOptions.url ?? null),
			voucher_code: typeof code === "string" && CODE.test(code) ? code : null,
			status: reply.statusCode,
			created_at: new Date().toISOString(),
		});
		if (this.#pending.length >= ROWS_PER_STATEMENT && !this.#flushing) void this.flush().catch(this.onError);
	};

	/**
	 * Writes what waits; rows a failed statement did not write wait for the next flush. One flush at a
	 * time: a second one would write the rows the first is writing again.
	 */
	flush(): Promise<void> {
		this.#flushing ??= this.#flush().finally(() => {
			this.#flushing = undefined;
		});
		return this.#flushing;
	}

	async #flush(): Promise<void> {
		while (this.#pending.length > 0) {
			const batch = this.#pending.slice(0, ROWS_PER_STATEMENT);
			await this.db.insertInto("api_calls").values(batch).execute();
			this.#pending.splice(0, batch.length);
		}
	}
}
