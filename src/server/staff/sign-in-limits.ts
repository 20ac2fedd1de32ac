import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema";
import { networkOf } from "../registration/antispam/network";
import { hitRateLimits, peekRateLimit } from "../security/rate-limit-store";

/**
 * How sign-in slows guessing without letting anyone lock a person out. Nothing is counted per account
 * alone: a count any stranger can raise would let them keep a till out of its account. Attempts are
 * counted per client network (IPv4 /24, IPv6 /56: one operator's addresses) and per account and
 * network, in fixed windows; the right password takes its own attempt back, so the counts are the
 * failures (and the refused attempts) of that network. Each attempt is counted before its password is
 * checked, so concurrent attempts cannot all slip under a limit.
 */
export const SIGN_IN_LIMITS = {
	windowMs: 15 * 60 * 1000,
	/** An account's attempts from one network; beyond, that network is refused for that account. */
	perAccountAndNetwork: 10,
	/** A network's attempts at any accounts; beyond, the network is refused. */
	perNetwork: 30,
	/** Failures of an account from one network answered at once; each later one waits longer. */
	freeFailures: 3,
	/** The longest wait before a failure is answered. */
	maxDelayMs: 4000,
} as const;

/**
 * How long the answer to the n-th failure of an account from one network waits: none for the first
 * three (a person mistyping), then 1, 2, 4 seconds and no longer, so a script gets few guesses a minute
 * while a request held open costs the server only a timer.
 */
export function failureDelayMs(failures: number): number {
	if (failures <= SIGN_IN_LIMITS.freeFailures) return 0;
	return Math.min(1000 * 2 ** (failures - SIGN_IN_LIMITS.freeFailures - 1), SIGN_IN_LIMITS.maxDelayMs);
}

export type SignInAttempt =
	| {
			readonly allowed: true;
			/** The network's key for the failure log. */
			readonly network: string;
			/** This account's attempts from this network in the window, this one included. */
			readonly failures: number;
			/** The right password: the attempt counts nothing. */
			giveBack(): Promise<void>;
	  }
	| { readonly allowed: false; readonly retryAfterMs: number };

/**
 * Counts a sign-in to the account of `email` (lower case) from `ip`, both counters in one statement,
 * and says whether it may go on.
 */
export async function countSignInAttempt(
	db: Kysely<Database>,
	attempt: { readonly email: string; readonly ip: string; readonly now?: Date },
): Promise<SignInAttempt> {
	const now = attempt.now ?? new Date();
	const network = networkOf(attempt.ip);
	const account = createHash("sha256").update(attempt.email).digest("base64url");
	const keys = {
		network: `sign-in:network:${network}`,
		pair: `sign-in:account-network:${account}:${network}`,
	};
	const { windowMs } = SIGN_IN_LIMITS;
	const counts = await hitRateLimits(
		db,
		[
			{ key: keys.network, windowMs },
			{ key: keys.pair, windowMs },
		],
		now,
	);
	const failures = counts.get(keys.pair) ?? 0;
	// Refused until the window that went over ends; the account's own window first, it is the narrower.
	for (const [key, max] of [
		[keys.pair, SIGN_IN_LIMITS.perAccountAndNetwork],
		[keys.network, SIGN_IN_LIMITS.perNetwork],
	] as const) {
		if ((counts.get(key) ?? 0) > max) {
			return { allowed: false, retryAfterMs: (await peekRateLimit(db, key, now)).ttlMs };
		}
	}
	return {
		allowed: true,
		network,
		failures,
		giveBack: async () => {
			await db
				.updateTable("rate_limits")
				.set({ hits: sql<number>`hits - 1` })
				.where("key", "in", [keys.network, keys.pair])
				.where("hits", ">", 0)
				.where("window_ends_at", ">", now.toISOString())
				.execute();
		},
	};
}
