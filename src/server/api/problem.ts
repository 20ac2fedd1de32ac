import type { FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_LANG } from "../../i18n";
import { siteUrl } from "../request-location";

/** The media type of every error answer of the API (RFC 9457). */
export const PROBLEM_TYPE = "application/problem+json";

/**
 * The kinds of problem the API answers with: each is the fragment of its `type` URI, which points at its
 * explanation on the reference page (/api/reference#problem-<kind>).
 */
export const PROBLEMS = {
	"invalid-request": {
		status: 400,
		title: "The request is not valid",
		text: "A parameter, header or the JSON body does not match the operation's schema (see `errors`), or the body is not JSON. Fix the request; it was not executed.",
	},
	unauthorized: {
		status: 401,
		title: "A valid API key is required",
		text: "The `Authorization: Bearer <key>` header is missing, or the key is unknown or revoked.",
	},
	"store-not-covered": {
		status: 403,
		title: "The key does not cover this store",
		text: "The store is not one of the stores this API key may redeem at (or the redemption to undo was made at such a store).",
	},
	"cross-site-request": {
		status: 403,
		title: "Cross-site requests are refused",
		text: "A browser sent this request from another site's page. Call the API from your own servers.",
	},
	"not-found": {
		status: 404,
		title: "Not found",
		text: "No operation of the API has this path and method.",
	},
	"voucher-not-found": {
		status: 404,
		title: "No voucher has this code",
		text: "The code is not a Lumen voucher's. Check it was scanned or typed correctly.",
	},
	"redemption-not-found": {
		status: 404,
		title: "The voucher has no such redemption",
		text: "The redemption id is not the voucher's current redemption.",
	},
	"already-redeemed": {
		status: 409,
		title: "The voucher was redeemed already",
		text: "Another request redeemed it first. `redemption` says when and at which store.",
	},
	"redemption-undone": {
		status: 409,
		title: "The redemption was undone already",
		text: "This redemption was cancelled before (with another Idempotency-Key).",
	},
	"undo-window-closed": {
		status: 409,
		title: "The redemption can no longer be undone",
		text: "A redemption can be undone within 15 minutes of it.",
	},
	"voucher-expired": {
		status: 422,
		title: "The voucher has expired",
		text: "Its last valid day (`validUntil`, Prague time) has passed.",
	},
	"voucher-void": {
		status: 422,
		title: "The voucher was cancelled",
		text: "It was cancelled, at its holder's request or for breaking the campaign's terms, and can never be redeemed.",
	},
	"idempotency-key-reused": {
		status: 422,
		title: "The Idempotency-Key was used for another request",
		text: "A key identifies one request (method, path and body). Use a new key for a new request.",
	},
	"unsupported-media-type": {
		status: 415,
		title: "The body must be JSON",
		text: "Send the body as `Content-Type: application/json`.",
	},
	"body-too-large": {
		status: 413,
		title: "The body is too large",
		text: "The API's bodies are a few bytes; at most 1 KiB is read.",
	},
	"rate-limited": {
		status: 429,
		title: "Too many requests for this key",
		text: "Each key has its own limit of requests per minute. Wait the seconds `Retry-After` says, then retry with the same Idempotency-Key.",
	},
	"unauthenticated-rate-limited": {
		status: 429,
		title: "Too many requests without a valid key",
		text: "Requests without a valid API key are counted by client address. Wait the seconds `Retry-After` says, then retry with the key.",
	},
	"server-error": {
		status: 500,
		title: "The server failed",
		text: "Nothing is known to have changed; retry with the same Idempotency-Key.",
	},
} as const satisfies Record<string, { status: number; title: string; text: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

/** One schema violation of an invalid request. */
export interface FieldError {
	/** Where: "body", "params", "headers" or "querystring". */
	readonly in: string;
	/** A JSON Pointer into that part ("/store"), empty for the part as a whole. */
	readonly pointer: string;
	readonly detail: string;
}

export interface Problem {
	readonly type: string;
	readonly title: string;
	readonly status: number;
	readonly detail: string;
	readonly instance?: string;
	readonly errors?: readonly FieldError[];
	/** For already-redeemed: the original redemption. */
	readonly redemption?: unknown;
}

/** The problem's `type`: its explanation on the reference page, an absolute URL. */
export function problemTypeUrl(request: FastifyRequest, kind: ProblemKind): string {
	return siteUrl(request.server.config, DEFAULT_LANG, `/api/reference#problem-${kind}`);
}

export function problem(
	request: FastifyRequest,
	kind: ProblemKind,
	detail: string,
	extensions: Pick<Problem, "errors" | "redemption"> = {},
): Problem {
	const { status, title } = PROBLEMS[kind];
	return { type: problemTypeUrl(request, kind), title, status, detail, ...extensions };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
	return reply.code(body.status).type(PROBLEM_TYPE).header("cache-control", "no-store").send(body);
}
