import { createHash } from "node:crypto";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../auth/cookie";
import { hashSessionId } from "../auth/session";
import { databaseRateLimitStore } from "../security/rate-limit-store";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/** The rate limits of the staff area, one counter per client and purpose. */
export interface StaffLimits {
	/** Every sign-in attempt from one IP address. */
	readonly signInByIp: Limiter;
	/** Failed sign-ins to one account, from anywhere: guessing one password from many addresses. */
	readonly signInByAccount: Limiter;
	/** Redemption attempts in one session: no trying codes in bulk with a stolen session. */
	readonly redeemBySession: Limiter;
	/** Tells signInByAccount whose account a request signs in to (known only once its body is read). */
	forAccount(request: FastifyRequest, email: string): void;
}

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** The counters are in the database (security/rate-limit-store.ts): every server process counts together. */
export async function createStaffLimits(scope: FastifyInstance): Promise<StaffLimits> {
	await scope.register(rateLimit, { global: false, store: databaseRateLimitStore(scope) });
	const accounts = new WeakMap<FastifyRequest, string>();
	return {
		signInByIp: scope.createRateLimit({
			max: 30,
			timeWindow: SIGN_IN_WINDOW_MS,
			keyGenerator: (request) => `sign-in:ip:${normalizeIP(request.ip)}`,
		}),
		signInByAccount: scope.createRateLimit({
			max: 10,
			timeWindow: SIGN_IN_WINDOW_MS,
			keyGenerator: (request) => accounts.get(request) ?? `sign-in:account-of:${normalizeIP(request.ip)}`,
		}),
		redeemBySession: scope.createRateLimit({
			max: 60,
			timeWindow: 60_000,
			// Behind requireUser, so the cookie holds a valid session id; hashed, as in the database.
			keyGenerator: (request) => `redeem:${hashSessionId(request.cookies[SESSION_COOKIE] ?? "")}`,
		}),
		forAccount(request, email) {
			accounts.set(request, `sign-in:account:${createHash("sha256").update(email).digest("hex")}`);
		},
	};
}
