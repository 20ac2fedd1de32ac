import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * A session lasts one shift, counted from sign-in (fixed, not sliding): a stolen cookie stops working the
 * same day, and no request has to write to the database to extend it.
 */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** The cookie holds 32 random bytes; the database only their SHA-256, so a leaked table opens no session. */
export function newSessionId(): string {
	return randomBytes(32).toString("base64url");
}

export function hashSessionId(id: string): string {
	return createHash("sha256").update(id).digest("hex");
}

/** A cookie value this module could have made: anything else is not looked up at all. */
export function isSessionId(value: unknown): value is string {
	return typeof value === "string" && /^[\w-]{43}$/.test(value);
}

export async function createSession(db: Kysely<Database>, userId: string, now: Date): Promise<string> {
	const id = newSessionId();
	await db
		.insertInto("sessions")
		.values({
			id_hash: hashSessionId(id),
			user_id: userId,
			created_at: now.toISOString(),
			expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
		})
		.execute();
	return id;
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
	await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
}

/** Sessions are never read after expiry; this only keeps the table small (run at each sign-in). */
export async function deleteExpiredSessions(db: Kysely<Database>, now: Date): Promise<void> {
	await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).execute();
}
