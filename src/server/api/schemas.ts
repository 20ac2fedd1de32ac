/**
 * The JSON Schemas of the API: Fastify validates requests and serialises answers with them, and
 * @fastify/swagger builds the OpenAPI document from the same objects (openapi.ts), so the document
 * cannot drift from what the routes do. Shared schemas have an $id and become components.schemas.
 */
import { PROBLEM_TYPE, PROBLEMS } from "./problem";

const dateTime = { type: "string", format: "date-time" } as const;

const store = {
	type: ["object", "null"],
	description: "Where it was redeemed; null for a redemption at a till with no store.",
	required: ["id", "name"],
	additionalProperties: false,
	properties: { id: { type: "string" }, name: { type: "string" } },
} as const;

export const redemptionSchema = {
	$id: "Redemption",
	type: "object",
	description: "A voucher's redemption.",
	required: ["id", "code", "store", "redeemedAt", "undoableUntil"],
	additionalProperties: false,
	properties: {
		id: { type: "string", description: "Undo it with DELETE …/redemptions/{id}." },
		code: { type: "string" },
		store,
		redeemedAt: dateTime,
		undoableUntil: { ...dateTime, description: "Until when DELETE can undo it (15 minutes)." },
	},
} as const;

export const voucherSchema = {
	$id: "Voucher",
	type: "object",
	description: "A voucher's state. No personal data.",
	required: ["code", "status", "value", "validUntil", "redemption"],
	additionalProperties: false,
	properties: {
		code: { type: "string", description: "EAN-13, as printed under the barcode." },
		status: {
			type: "string",
			enum: ["valid", "redeemed", "expired", "void"],
			description: "valid: redeemable now. void: cancelled at its holder's request.",
		},
		value: {
			type: "object",
			required: ["amount", "currency"],
			additionalProperties: false,
			properties: {
				amount: { type: "string", pattern: "^[0-9]+\\.[0-9]{2}$", description: "Decimal, e.g. 150.00" },
				currency: { type: "string", const: "CZK" },
			},
		},
		validUntil: {
			type: "string",
			format: "date",
			description: "Its last valid day, Prague time (YYYY-MM-DD).",
		},
		redemption: {
			anyOf: [{ $ref: "Redemption#" }, { type: "null" }],
			description: "The redemption when redeemed, else null.",
		},
	},
} as const;

export const undoneRedemptionSchema = {
	$id: "UndoneRedemption",
	type: "object",
	description: "A redemption that was undone: the voucher is as it was before it.",
	required: ["id", "code", "store", "redeemedAt", "undoneAt", "voucherStatus"],
	additionalProperties: false,
	properties: {
		id: { type: "string" },
		code: { type: "string" },
		store,
		redeemedAt: dateTime,
		undoneAt: dateTime,
		voucherStatus: { type: "string", enum: ["valid", "expired", "void"] },
	},
} as const;

export const problemSchema = {
	$id: "Problem",
	type: "object",
	description:
		"RFC 9457 problem details: every error answer of the API, as application/problem+json. `type` links to its explanation.",
	required: ["type", "title", "status", "detail"],
	additionalProperties: false,
	properties: {
		type: { type: "string", format: "uri" },
		title: { type: "string" },
		status: { type: "integer", minimum: 400, maximum: 599 },
		detail: { type: "string" },
		instance: { type: "string" },
		errors: {
			type: "array",
			description: "For invalid-request: each violation of the schema.",
			items: {
				type: "object",
				required: ["in", "pointer", "detail"],
				additionalProperties: false,
				properties: {
					in: { type: "string", enum: ["body", "params", "headers", "querystring"] },
					pointer: { type: "string", description: "JSON Pointer into that part" },
					detail: { type: "string" },
				},
			},
		},
		redemption: { $ref: "Redemption#" },
	},
} as const;

export const SHARED_SCHEMAS = [redemptionSchema, voucherSchema, undoneRedemptionSchema, problemSchema];

const problemStatuses = Object.values(PROBLEMS).map((kind) => kind.status);

/** The problem answers of an operation, each described by the kinds of PROBLEMS that have its status. */
export function problemResponses(...statuses: number[]) {
	const responses: Record<number, unknown> = {};
	for (const status of statuses) {
		if (!problemStatuses.includes(status as never)) throw new Error(`No problem has the status ${status}`);
		const kinds = Object.entries(PROBLEMS)
			.filter(([, kind]) => kind.status === status)
			.map(([name, kind]) => `\`${name}\`: ${kind.title}`);
		responses[status] = {
			description: kinds.join("; "),
			content: { [PROBLEM_TYPE]: { schema: { $ref: "Problem#" } } },
		};
	}
	return responses;
}

export const codeParams = {
	type: "object",
	required: ["code"],
	additionalProperties: false,
	properties: {
		code: {
			type: "string",
			pattern: "^[0-9]{13}$",
			description: "The voucher's code: the 13 digits of its EAN-13 barcode.",
		},
	},
} as const;

export const redemptionParams = {
	type: "object",
	required: ["code", "id"],
	additionalProperties: false,
	properties: {
		...codeParams.properties,
		id: { type: "string", minLength: 1, maxLength: 64, description: "The redemption's id." },
	},
} as const;

export const idempotencyHeaders = {
	type: "object",
	required: ["idempotency-key"],
	properties: {
		"idempotency-key": {
			type: "string",
			minLength: 1,
			maxLength: 255,
			pattern: "^[\\x21-\\x7E]+$",
			description:
				"A new unique value (a UUID) for each operation, sent again unchanged with each retry of it. The first answer is kept 24 hours and repeated to a retry.",
		},
	},
} as const;

export const redemptionBody = {
	type: "object",
	required: ["store"],
	additionalProperties: false,
	properties: {
		store: {
			type: "string",
			minLength: 1,
			maxLength: 100,
			description: "The id of the store whose till redeems it; one of the key's stores.",
		},
	},
} as const;
