import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { keyOf } from "./auth";
import { type Answer, idempotently } from "./idempotency";
import { PROBLEM_TYPE, problem, sendProblem } from "./problem";
import {
	codeParams,
	idempotencyHeaders,
	problemResponses,
	redemptionBody,
	redemptionParams,
} from "./schemas";
import { redemptionAnswer, undoAnswer, voucherAnswer } from "./vouchers";

const json = (description: string, ref: string) => ({
	description,
	content: { "application/json": { schema: { $ref: `${ref}#` } } },
});
const security = [{ bearer: [] }];

function send(reply: FastifyReply, answer: Answer, replayed = false): FastifyReply {
	if (replayed) reply.header("idempotent-replayed", "true");
	return reply
		.code(answer.status)
		.header("cache-control", "no-store")
		.type(answer.status >= 400 ? PROBLEM_TYPE : "application/json; charset=utf-8")
		.send(answer.body);
}

/** The path of a request without its query: part of what an Idempotency-Key stands for. */
const pathOf = (url: string) => url.split("?")[0] ?? url;

/** The operations of /api/v1, behind the key check and the key's rate limit (plugin.ts). */
export const v1Routes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;

	app.get<{ Params: { code: string } }>(
		"/vouchers/:code",
		{
			schema: {
				operationId: "getVoucher",
				summary: "A voucher's state",
				description:
					"Whether the voucher can be redeemed now, its value and last day, and for a redeemed voucher when and at which store. Changes nothing.",
				tags: ["vouchers"],
				security,
				params: codeParams,
				response: {
					200: json("The voucher.", "Voucher"),
					...problemResponses(400, 401, 403, 404, 429, 500),
				},
			},
		},
		async (request, reply) => send(reply, await voucherAnswer(db, request, request.params.code)),
	);

	app.post<{ Params: { code: string }; Body: { store: string }; Headers: { "idempotency-key": string } }>(
		"/vouchers/:code/redemptions",
		{
			bodyLimit: 1024,
			schema: {
				operationId: "redeemVoucher",
				summary: "Redeem a voucher",
				description:
					"Redeems the voucher at one of the key's stores, exactly once however many tills, processes or retries try it (the staff page's redemptions included). Needs an Idempotency-Key: a retry with the same key gets the first answer again (`Idempotent-Replayed: true`), never a second redemption.",
				tags: ["vouchers"],
				security,
				params: codeParams,
				headers: idempotencyHeaders,
				body: redemptionBody,
				response: {
					201: json("Redeemed now: the redemption.", "Redemption"),
					...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 429, 500),
				},
			},
		},
		async (request, reply) => {
			const key = keyOf(request);
			const { code } = request.params;
			const { store } = request.body;
			if (!key.stores.has(store)) {
				return sendProblem(
					reply,
					// Not echoed: the detail never carries what was sent, markup included.
					problem(request, "store-not-covered", "This key does not cover the store in `store`."),
				);
			}
			const outcome = await idempotently(
				db,
				{
					keyId: key.id,
					idempotencyKey: request.headers["idempotency-key"],
					method: request.method,
					path: pathOf(request.url),
					body: request.body,
				},
				(trx) =>
					redemptionAnswer(trx, request, { code, storeId: store, storeName: key.stores.get(store) ?? "" }),
			);
			if (outcome.kind === "key-reused") {
				return sendProblem(
					reply,
					problem(request, "idempotency-key-reused", "This Idempotency-Key was used for another request."),
				);
			}
			return send(reply, outcome.answer, outcome.replayed);
		},
	);

	app.delete<{ Params: { code: string; id: string }; Headers: { "idempotency-key": string } }>(
		"/vouchers/:code/redemptions/:id",
		{
			schema: {
				operationId: "undoRedemption",
				summary: "Undo a redemption",
				description:
					"Cancels a redemption made at one of the key's stores within the last 15 minutes (the sale was cancelled): the voucher is redeemable again, at any till. Needs an Idempotency-Key, as redeeming does. Every undo is recorded.",
				tags: ["vouchers"],
				security,
				params: redemptionParams,
				headers: idempotencyHeaders,
				response: {
					200: json("Undone: what the redemption was, and the voucher's state now.", "UndoneRedemption"),
					...problemResponses(400, 401, 403, 404, 409, 415, 422, 429, 500),
				},
			},
		},
		async (request, reply) => {
			const key = keyOf(request);
			const { code, id } = request.params;
			const outcome = await idempotently(
				db,
				{
					keyId: key.id,
					idempotencyKey: request.headers["idempotency-key"],
					method: request.method,
					path: pathOf(request.url),
					body: null,
				},
				(trx) => undoAnswer(trx, request, key, { code, redemptionId: id }),
			);
			if (outcome.kind === "key-reused") {
				return sendProblem(
					reply,
					problem(request, "idempotency-key-reused", "This Idempotency-Key was used for another request."),
				);
			}
			return send(reply, outcome.answer, outcome.replayed);
		},
	);
};
