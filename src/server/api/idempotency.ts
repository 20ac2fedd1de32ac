/**
 * Idempotency-Key (as Stripe's API and the IETF draft "The Idempotency-Key HTTP Header Field"): a
 * client sends a new key with each operation and the same key with each retry of it. The answer is
 * stored with the key in the same transaction as the change it answers, so a retry after a lost
 * answer finds either both (and gets the same answer again) or neither (and the change is made now):
 * never the change twice. The key is tied to its request (method, path, body): the same key with
 * another request is refused (422, idempotency-key-reused) rather than answered for the first one.
 *
 * Two requests with one key at the same moment: each makes its change in a transaction, and storing
 * the answer is the last statement of it; the second to store finds the first's answer (PostgreSQL
 * waits for the first to commit), rolls its own change back and answers with the first's. On SQLite
 * the transactions run one after the other anyway.
 */
import type { Kysely, Transaction } from "kysely";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";
import { sha256 } from "./keys";

/** How long an answer is kept for retries (Stripe keeps them 24 hours too). */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

export interface Answer {
	readonly status: number;
	readonly body: unknown;
}

export type IdempotentOutcome =
	| { readonly kind: "answered"; readonly answer: Answer; readonly replayed: boolean }
	| { readonly kind: "key-reused" };

export interface IdempotentRequest {
	readonly keyId: string;
	readonly idempotencyKey: string;
	readonly method: string;
	/** The request's path, with its parameters (not the route's pattern). */
	readonly path: string;
	readonly body: unknown;
}

/** JSON with object keys sorted: the same body however its keys were ordered. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
	if (value !== null && typeof value === "object") {
		const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
	}
	return JSON.stringify(value ?? null);
}

export function fingerprintOf(request: IdempotentRequest): string {
	return sha256(`${request.method} ${request.path}\n${canonicalJson(request.body)}`);
}

const selectKept = prepare((db, where: { keyId: string; keyHash: string; after: string }) =>
	db
		.selectFrom("api_idempotency")
		.select(["fingerprint", "status", "body"])
		.where("key_id", "=", where.keyId)
		.where("idempotency_key_hash", "=", where.keyHash)
		.where("created_at", ">", where.after),
);

/** Stores an answer, replacing one older than KEPT_FOR_MS; a live one stays (and no row is returned). */
const storeAnswer = prepare(
	(
		db,
		row: {
			keyId: string;
			keyHash: string;
			fingerprint: string;
			status: number;
			body: string;
			createdAt: string;
			expiredAt: string;
		},
	) =>
		db
			.insertInto("api_idempotency")
			.values({
				key_id: row.keyId,
				idempotency_key_hash: row.keyHash,
				fingerprint: row.fingerprint,
				status: row.status,
				body: row.body,
				created_at: row.createdAt,
			})
			.onConflict((conflict) =>
				conflict
					.columns(["key_id", "idempotency_key_hash"])
					.doUpdateSet((eb) => ({
						fingerprint: eb.ref("excluded.fingerprint"),
						status: eb.ref("excluded.status"),
						body: eb.ref("excluded.body"),
						created_at: eb.ref("excluded.created_at"),
					}))
					.where("api_idempotency.created_at", "<=", row.expiredAt),
			)
			.returning("key_id"),
);

/** Thrown inside the transaction when another request stored an answer under the key first. */
class AnsweredMeanwhile extends Error {}

async function keptAnswer(
	db: Kysely<Database>,
	keyId: string,
	keyHash: string,
	now: Date,
): Promise<{ fingerprint: string; answer: Answer } | undefined> {
	const [row] = await selectKept(db, {
		keyId,
		keyHash,
		after: new Date(now.getTime() - KEPT_FOR_MS).toISOString(),
	});
	if (!row) return undefined;
	return { fingerprint: row.fingerprint, answer: { status: Number(row.status), body: JSON.parse(row.body) } };
}

/**
 * Runs `execute` once per (API key, Idempotency-Key): its answer is stored with its changes, and
 * given again to every later request with the same key and fingerprint.
 */
export async function idempotently(
	db: Kysely<Database>,
	request: IdempotentRequest,
	execute: (trx: Transaction<Database>) => Promise<Answer>,
	now = new Date(),
): Promise<IdempotentOutcome> {
	const keyHash = sha256(request.idempotencyKey);
	const fingerprint = fingerprintOf(request);
	const replay = (kept: { fingerprint: string; answer: Answer }): IdempotentOutcome =>
		kept.fingerprint === fingerprint
			? { kind: "answered", answer: kept.answer, replayed: true }
			: { kind: "key-reused" };

	// No look for a kept answer first: the first try of a request, by far the most common, would pay
	// a query for nothing. A retry runs its transaction, finds the answer when storing its own, and
	// rolls back whatever it did.
	try {
		const answer = await db.transaction().execute(async (trx) => {
			const answer = await execute(trx);
			const stored = await storeAnswer(trx, {
				keyId: request.keyId,
				keyHash,
				fingerprint,
				status: answer.status,
				body: JSON.stringify(answer.body),
				createdAt: now.toISOString(),
				expiredAt: new Date(now.getTime() - KEPT_FOR_MS).toISOString(),
			});
			if (stored.length !== 1) throw new AnsweredMeanwhile();
			return answer;
		});
		return { kind: "answered", answer, replayed: false };
	} catch (error) {
		if (!(error instanceof AnsweredMeanwhile)) throw error;
		const first = await keptAnswer(db, request.keyId, keyHash, now);
		if (!first) throw new Error("An idempotent answer was stored and then not found");
		return replay(first);
	}
}

/** Answers older than KEPT_FOR_MS are no use to any retry. */
export async function deleteExpiredAnswers(db: Kysely<Database>, now: Date): Promise<void> {
	await db
		.deleteFrom("api_idempotency")
		.where("created_at", "<=", new Date(now.getTime() - KEPT_FOR_MS).toISOString())
		.execute();
}
