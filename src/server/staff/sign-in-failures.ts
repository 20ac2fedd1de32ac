import { createHmac, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { SignInFailures } from "../../domain/staff/sign-in-failures";
import type { Database } from "../db/schema";

/** How long a failed sign-in is kept: long enough to see a pattern, no longer. */
export const FAILURE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts listed on the admins' page, the most failures first. */
const LISTED_ACCOUNTS = 500;

/**
 * Names an e-mail no account has, so its failures can be told apart from others' without keeping the
 * address: a stolen table does not say who tried (an HMAC, unlike a plain hash, cannot be checked
 * against a list of addresses without the server's secret).
 */
export function emailHash(secret: string, email: string): string {
	return createHmac("sha256", secret).update(`sign-in e-mail\0${email}`).digest("base64url");
}

/**
 * Records a failed sign-in to an account (or to an e-mail without one), and deletes failures older than
 * the retention: on every write, so the table never holds more than 30 days of them.
 */
export async function recordSignInFailure(
	db: Kysely<Database>,
	failure: {
		readonly account: { readonly userId: string } | { readonly emailHash: string };
		readonly network: string;
		readonly now?: Date;
	},
): Promise<void> {
	const now = failure.now ?? new Date();
	const { account } = failure;
	await db
		.insertInto("sign_in_failures")
		.values({
			id: randomUUID(),
			user_id: "userId" in account ? account.userId : null,
			email_hash: "emailHash" in account ? account.emailHash : null,
			network: failure.network,
			created_at: now.toISOString(),
		})
		.execute();
	await deleteOldSignInFailures(db, now);
}

export async function deleteOldSignInFailures(db: Kysely<Database>, now: Date): Promise<void> {
	const oldest = new Date(now.getTime() - FAILURE_RETENTION_MS).toISOString();
	await db.deleteFrom("sign_in_failures").where("created_at", "<", oldest).execute();
}

/** What the admins' page shows: per account, failures in the last 24 hours and the latest one. */
export async function signInFailures(db: Kysely<Database>, now = new Date()): Promise<SignInFailures> {
	const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
	const lastDay = sql<
		number | string
	>`sum(case when sign_in_failures.created_at > ${dayAgo} then 1 else 0 end)`;
	const accounts = await db
		.selectFrom("sign_in_failures")
		.innerJoin("staff_users", "staff_users.id", "sign_in_failures.user_id")
		.select((eb) => [
			"staff_users.id",
			"staff_users.name",
			"staff_users.email",
			lastDay.as("last_day"),
			eb.fn.max("sign_in_failures.created_at").as("last_at"),
			eb
				.selectFrom("sign_in_failures as latest")
				.select("latest.network")
				.whereRef("latest.user_id", "=", "staff_users.id")
				.orderBy("latest.created_at", "desc")
				.limit(1)
				.as("last_network"),
		])
		.groupBy(["staff_users.id", "staff_users.name", "staff_users.email"])
		.orderBy("last_day", "desc")
		.orderBy("last_at", "desc")
		.limit(LISTED_ACCOUNTS)
		.execute();
	const unknown = await db
		.selectFrom("sign_in_failures")
		.select((eb) => [
			lastDay.as("last_day"),
			eb.fn.max("sign_in_failures.created_at").as("last_at"),
			eb.fn.count("sign_in_failures.email_hash").distinct().as("emails"),
			eb
				.selectFrom("sign_in_failures as latest")
				.select("latest.network")
				.where("latest.user_id", "is", null)
				.orderBy("latest.created_at", "desc")
				.limit(1)
				.as("last_network"),
		])
		.where("sign_in_failures.user_id", "is", null)
		.executeTakeFirst();
	return {
		accounts: accounts.map((row) => ({
			id: row.id,
			name: row.name,
			email: row.email,
			lastDay: Number(row.last_day),
			lastAt: row.last_at,
			lastNetwork: row.last_network ?? "",
		})),
		unknownEmails:
			unknown?.last_at != null
				? {
						lastDay: Number(unknown.last_day),
						lastAt: unknown.last_at,
						lastNetwork: unknown.last_network ?? "",
						emails: Number(unknown.emails),
					}
				: undefined,
	};
}
