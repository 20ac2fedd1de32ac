import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Insertable } from "kysely";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";

const CODE = /^[0-9]{13}$/;

const insertCall = prepare((db, row: Required<Insertable<Database["api_calls"]>>) =>
	db.insertInto("api_calls").values(row),
);

/**
 * onResponse: one row per call of the API, answered or refused: which key (none for a 401), the route's
 * pattern (never the raw URL, which could hold anything), the voucher's code, the status and the time.
 * Nothing about a person: a voucher's holder is not in the API at all.
 */
export async function auditCall(request: FastifyRequest, reply: FastifyReply) {
	const code = (request.params as { code?: unknown } | undefined)?.code;
	try {
		await insertCall(request.server.database.db, {
			id: randomUUID(),
			key_id: request.apiKey?.id ?? null,
			method: request.method,
			route: request.is404 ? null : (request.routeOptions.url ?? null),
			voucher_code: typeof code === "string" && CODE.test(code) ? code : null,
			status: reply.statusCode,
			created_at: new Date().toISOString(),
		});
	} catch (error) {
		request.log.error({ err: error }, "API call not audited");
	}
}
