import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type AuditActor, lockAuditedChanges, writeAudit } from "../audit/audit-log";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";

/** A key's visible prefix, so that a leaked key is recognisable (and secret scanners can find it). */
const KEY_PREFIX = "lumen_";
/** Requests per minute of a new key, unless its creator gives another. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 1200;

/** What a request's key may do, once authenticated. */
export interface ApiKey {
	readonly id: string;
	readonly name: string;
	/** The stores it may redeem at: id → name. */
	readonly stores: ReadonlyMap<string, string>;
	readonly ratePerMinute: number;
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** One row per store of the key (a key has at least one). */
const keyRows = prepare((db, where: { keyHash: string }) =>
	db
		.selectFrom("api_keys")
		.innerJoin("api_key_stores", "api_key_stores.key_id", "api_keys.id")
		.innerJoin("stores", "stores.id", "api_key_stores.store_id")
		.select([
			"api_keys.id",
			"api_keys.name",
			"api_keys.rate_limit_per_minute",
			"stores.id as store_id",
			"stores.name as store_name",
		])
		.where("api_keys.key_hash", "=", where.keyHash)
		.where("api_keys.revoked_at", "is", null),
);

/**
 * The key with `keyHash`, unless it is revoked. Only the hash is stored: 256 random bits need no slow
 * hash, since no one can guess their way to one, and a stolen database holds no usable key.
 */
export async function keyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKey | undefined> {
	const rows = await keyRows(db, { keyHash });
	const first = rows[0];
	if (!first) return undefined;
	return {
		id: first.id,
		name: first.name,
		stores: new Map(rows.map((row) => [row.store_id, row.store_name])),
		ratePerMinute: Number(first.rate_limit_per_minute),
	};
}

/** A refusal of the key commands, said to the operator as it is. */
export class ApiKeyError extends Error {}

/** Who issues and revokes keys when no admin does: the commands run on the server. */
const COMMAND_ACTOR = (command: string): AuditActor => ({ id: null, name: `npm run ${command}` });

/** Creates a key for the stores, with its audit row; the key itself is returned once and never stored. */
export async function createApiKey(
	db: Kysely<Database>,
	options: { name: string; storeIds: readonly string[]; ratePerMinute?: number },
	now = new Date(),
	actor: AuditActor = COMMAND_ACTOR("apikey:add"),
): Promise<{ id: string; key: string }> {
	const name = options.name.trim();
	if (!name) throw new ApiKeyError("--name is required");
	const storeIds = [...new Set(options.storeIds)];
	if (storeIds.length === 0) throw new ApiKeyError("at least one --store is required");
	const rate = options.ratePerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
	if (!Number.isInteger(rate) || rate < 1 || rate > 1_000_000) {
		throw new ApiKeyError("--rate must be a whole number of requests per minute, 1 to 1000000");
	}
	const known = await db.selectFrom("stores").select("id").where("id", "in", storeIds).execute();
	const missing = storeIds.filter((id) => !known.some((store) => store.id === id));
	if (missing.length > 0)
		throw new ApiKeyError(`No store has the id ${missing.map((id) => `"${id}"`).join(", ")}`);
	const id = `key_${randomBytes(6).toString("hex")}`;
	const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
	await db.transaction().execute(async (trx) => {
		await lockAuditedChanges(trx);
		await trx
			.insertInto("api_keys")
			.values({
				id,
				name,
				key_hash: sha256(key),
				rate_limit_per_minute: rate,
				created_at: now.toISOString(),
				revoked_at: null,
			})
			.execute();
		await trx
			.insertInto("api_key_stores")
			.values(storeIds.map((storeId) => ({ key_id: id, store_id: storeId })))
			.execute();
		await writeAudit(trx, {
			actor,
			action: "apikey.create",
			subjectId: id,
			before: null,
			after: { name, stores: storeIds.join(", "), ratePerMinute: rate },
			now,
		});
	});
	return { id, key };
}

export interface ListedKey {
	readonly id: string;
	readonly name: string;
	readonly storeIds: readonly string[];
	readonly ratePerMinute: number;
	readonly createdAt: string;
	readonly revokedAt: string | null;
}

export async function listApiKeys(db: Kysely<Database>): Promise<ListedKey[]> {
	const keys = await db.selectFrom("api_keys").selectAll().orderBy("created_at").orderBy("id").execute();
	const stores = await db.selectFrom("api_key_stores").selectAll().orderBy("store_id").execute();
	return keys.map((key) => ({
		id: key.id,
		name: key.name,
		storeIds: stores.filter((store) => store.key_id === key.id).map((store) => store.store_id),
		ratePerMinute: Number(key.rate_limit_per_minute),
		createdAt: key.created_at,
		revokedAt: key.revoked_at,
	}));
}

/** Revokes the key, with its audit row: its next request gets 401, in every server process. */
export async function revokeApiKey(
	db: Kysely<Database>,
	id: string,
	now = new Date(),
	actor: AuditActor = COMMAND_ACTOR("apikey:revoke"),
): Promise<void> {
	const revoked = await db.transaction().execute(async (trx) => {
		await lockAuditedChanges(trx);
		const key = await trx
			.selectFrom("api_keys")
			.select(["name", "revoked_at"])
			.where("id", "=", id)
			.executeTakeFirst();
		if (!key || key.revoked_at !== null) return key ? "already" : "unknown";
		await trx.updateTable("api_keys").set({ revoked_at: now.toISOString() }).where("id", "=", id).execute();
		await writeAudit(trx, {
			actor,
			action: "apikey.revoke",
			subjectId: id,
			before: { name: key.name, revoked: false },
			after: { name: key.name, revoked: true },
			now,
		});
		return "revoked";
	});
	if (revoked === "revoked") return;
	throw new ApiKeyError(
		revoked === "already" ? `The key ${id} is revoked already` : `No key has the id "${id}"`,
	);
}
