/**
 * The partner API's tests call it through ApiClient, which checks every answer against the OpenAPI
 * document the server serves (/api/openapi.json) with a JSON Schema validator: the operation must
 * document the status and the content type, and the body must match its schema (JSON Schema 2020-12,
 * as OpenAPI 3.1 says). An answer for no operation (an unknown route) must be a Problem. Every error is
 * application/problem+json.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Kysely } from "kysely";
import { createApiKey } from "../../src/server/api/keys";
import type { Database } from "../../src/server/db/schema";

const DOCUMENT_ID = "https://contract.test/openapi.json";
const PROBLEM_MEDIA_TYPE = "application/problem+json";

type Json = Record<string, unknown>;

export interface ApiAnswer {
	readonly status: number;
	readonly headers: Headers;
	readonly contentType: string;
	/** The parsed JSON body. */
	readonly body: Json;
}

/** A JSON Pointer segment in a URI fragment. */
const segment = (text: string) => encodeURIComponent(text.replaceAll("~", "~0").replaceAll("/", "~1"));

export class ApiContract {
	private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
	private readonly operations: { pattern: RegExp; template: string; item: Json }[];
	/** How many answers were checked, by "METHOD template status": the suite's coverage of the document. */
	readonly checked = new Map<string, number>();

	constructor(readonly document: Json) {
		addFormats(this.ajv);
		this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
		this.operations = Object.entries(document.paths as Json).map(([template, item]) => ({
			template,
			item: item as Json,
			pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
		}));
	}

	static async load(origin: string): Promise<ApiContract> {
		const response = await fetch(`${origin}/api/openapi.json`);
		if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
		return new ApiContract((await response.json()) as Json);
	}

	private validate(pointer: string, body: unknown, what: string): void {
		const validate = this.ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
		if (!validate) throw new Error(`The document has no schema at ${pointer}`);
		if (!validate(body)) {
			throw new Error(
				`${what} does not match the document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
			);
		}
	}

	/** Throws unless the answer is one the document describes. */
	check(method: string, path: string, status: number, contentType: string, body: unknown): void {
		const what = `${method} ${path} → ${status}`;
		if (status >= 400 && contentType !== PROBLEM_MEDIA_TYPE) {
			throw new Error(`${what} is not ${PROBLEM_MEDIA_TYPE} but ${contentType}`);
		}
		const operation = this.operations.find((candidate) => candidate.pattern.test(path.split("?")[0] ?? path));
		const described = operation?.item[method.toLowerCase()] as Json | undefined;
		if (!operation || !described) {
			if (status < 400) throw new Error(`${what}: no operation of the document answers it`);
			this.validate("/components/schemas/Problem", body, what);
			this.count(`${method} (no operation) ${status}`);
			return;
		}
		const responses = described.responses as Json;
		if (!(String(status) in responses)) throw new Error(`${what}: the document lists no ${status} for it`);
		const content = (responses[String(status)] as Json).content as Json | undefined;
		if (!content || !(contentType in content)) throw new Error(`${what}: ${contentType} is not documented`);
		const pointer = [
			"paths",
			operation.template,
			method.toLowerCase(),
			"responses",
			String(status),
			"content",
			contentType,
			"schema",
		]
			.map(segment)
			.join("/");
		this.validate(`/${pointer}`, body, what);
		this.count(`${method} ${operation.template} ${status}`);
	}

	private count(label: string): void {
		this.checked.set(label, (this.checked.get(label) ?? 0) + 1);
	}
}

export interface CallOptions {
	/** The API key; null for none. */
	readonly key?: string | null;
	readonly idempotencyKey?: string;
	/** A JSON body (serialised here), or a raw one with its own content type in `headers`. */
	readonly json?: unknown;
	readonly raw?: string;
	readonly headers?: Record<string, string>;
}

/** Calls one server's API with a key; every answer is checked against the contract. */
export class ApiClient {
	constructor(
		readonly origin: string,
		readonly contract: ApiContract,
		readonly key: string | null,
	) {}

	withKey(key: string | null): ApiClient {
		return new ApiClient(this.origin, this.contract, key);
	}

	async call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
		const headers: Record<string, string> = { ...options.headers };
		const key = options.key === undefined ? this.key : options.key;
		if (key !== null) headers.authorization = `Bearer ${key}`;
		if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey;
		let body: string | undefined = options.raw;
		if (options.json !== undefined) {
			body = JSON.stringify(options.json);
			headers["content-type"] ??= "application/json";
		}
		const response = await fetch(`${this.origin}${path}`, { method, headers, body });
		const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
		const text = await response.text();
		const parsed = JSON.parse(text) as Json;
		this.contract.check(method, path, response.status, contentType, parsed);
		return { status: response.status, headers: response.headers, contentType, body: parsed };
	}

	voucher(code: string): Promise<ApiAnswer> {
		return this.call("GET", `/api/v1/vouchers/${code}`);
	}

	redeem(code: string, store: string, idempotencyKey: string = crypto.randomUUID()): Promise<ApiAnswer> {
		return this.call("POST", `/api/v1/vouchers/${code}/redemptions`, { idempotencyKey, json: { store } });
	}

	undo(code: string, redemptionId: string, idempotencyKey: string = crypto.randomUUID()): Promise<ApiAnswer> {
		return this.call("DELETE", `/api/v1/vouchers/${code}/redemptions/${redemptionId}`, { idempotencyKey });
	}
}

/** A key for the stores, written straight into the database (the CLI has its own test). */
export async function seedApiKey(
	db: Kysely<Database>,
	storeIds: string[],
	ratePerMinute?: number,
): Promise<{ id: string; key: string }> {
	return createApiKey(db, { name: "Test chain", storeIds, ...(ratePerMinute ? { ratePerMinute } : {}) });
}
