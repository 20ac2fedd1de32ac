import type { FastifyReply, FastifyRequest } from "fastify";
import { type ApiKey, keyByHash, sha256 } from "./keys";
import { problem, sendProblem } from "./problem";

declare module "fastify" {
	interface FastifyRequest {
		/** The partner API's key of the request, once authenticated (src/server/api). */
		apiKey: ApiKey | null;
	}
}

/** `Bearer <token>`: the scheme in any case (RFC 9110), the token as RFC 6750 allows it. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]{1,200}=*) *$/i;

/**
 * Counts a request without a valid key against its client's address: the seconds to wait when the
 * address is over its limit, else undefined.
 */
export type FailedAuthLimit = (request: FastifyRequest) => Promise<number | undefined>;

/**
 * onRequest: the request's key from `Authorization: Bearer <key>`, or 401 before anything else is read.
 * The key is looked up by its hash on each request, so a revoked key stops working at once everywhere.
 * A request without a valid key never reaches its key's rate limit, so it is counted by its client's
 * address instead (`overLimit`), and refused with 429 past that limit: no unlimited key guessing.
 */
export const authenticate = (overLimit: FailedAuthLimit) =>
	async function authenticate(request: FastifyRequest, reply: FastifyReply) {
		const token = BEARER.exec(request.headers.authorization ?? "")?.[1];
		const key = token === undefined ? undefined : await keyByHash(request.server.database.db, sha256(token));
		if (key) {
			request.apiKey = key;
			return;
		}
		const retryAfter = await overLimit(request);
		if (retryAfter !== undefined) {
			reply.header("retry-after", String(retryAfter));
			const detail = `Too many requests without a valid API key from this address; retry in ${retryAfter} s.`;
			return sendProblem(reply, problem(request, "unauthenticated-rate-limited", detail));
		}
		return refuse(request, reply, token);
	};

function refuse(request: FastifyRequest, reply: FastifyReply, token: string | undefined) {
	reply.header(
		"www-authenticate",
		token === undefined ? 'Bearer realm="lumen"' : 'Bearer realm="lumen", error="invalid_token"',
	);
	const detail =
		token === undefined
			? "Send the API key as `Authorization: Bearer <key>`."
			: "The API key is not known, or it was revoked.";
	return sendProblem(reply, problem(request, "unauthorized", detail));
}

/** The key of a request past `authenticate`. */
export function keyOf(request: FastifyRequest): ApiKey {
	if (!request.apiKey) throw new Error("The route is not behind authenticate");
	return request.apiKey;
}
