import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { signedInUser } from "../auth/current-user";
import { databaseRateLimitStore } from "../security/rate-limit-store";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/** The rate limits of the staff area besides sign-in (sign-in-limits.ts). */
export interface StaffLimits {
	/**
	 * Redemption attempts of one account, from all its sessions: no trying codes in bulk with a stolen
	 * session, and no fresh allowance from signing in again.
	 */
	readonly redeemByAccount: Limiter;
}

/** The counters are in the database (security/rate-limit-store.ts): every server process counts together. */
export async function createStaffLimits(scope: FastifyInstance): Promise<StaffLimits> {
	await scope.register(rateLimit, { global: false, store: databaseRateLimitStore(scope) });
	return {
		redeemByAccount: scope.createRateLimit({
			max: 60,
			timeWindow: 60_000,
			// Behind requireUser: the request has a signed-in user.
			keyGenerator: async (request) => `redeem:account:${(await signedInUser(request)).id}`,
		}),
	};
}
