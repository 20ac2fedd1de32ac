import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { PLUGIN } from "../plugin-names";
import { batchedRateLimitStore } from "../security/batched-rate-limit-store";
import { ApiCallLog, CALL_LOG_FLUSH_MS } from "./audit";
import { authenticate, keyOf } from "./auth";
import { apiErrorHandler, apiNotFound } from "./errors";
import { deleteExpiredAnswers } from "./idempotency";
import { openapiOptions } from "./openapi";
import { referencePage } from "./reference-page";
import { v1Routes } from "./routes";
import { SHARED_SCHEMAS } from "./schemas";

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
/**
 * Requests without a valid key per client address and minute: enough for a till whose key was just
 * rotated to see its 401s, far too few to guess keys.
 */
export const FAILED_AUTH_PER_MINUTE = 30;

/**
 * The partner API (register under `<base path>/api`): /v1 for the chains' tills, behind a key and its
 * rate limit, every call audited; /openapi.json, the OpenAPI 3.1 document built from the routes'
 * schemas; /reference, the page drawn from it. Every error under /api, an unknown route's too, is an
 * RFC 9457 problem.
 */
const partnerApi: FastifyPluginAsync = async (app) => {
	// Strict, unlike Fastify's default validator: nothing is coerced, removed or filled in, so what was
	// validated is what was sent, and an unknown field is refused rather than dropped.
	const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false });
	addFormats(ajv);
	app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
	for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
	app.decorateRequest("apiKey", null);
	app.setErrorHandler(apiErrorHandler);
	app.setNotFoundHandler(apiNotFound);
	await app.register(swagger, openapiOptions(app.config));
	const notLogged = (error: unknown) => app.log.error({ err: error }, "API calls not written to the log");
	const calls = new ApiCallLog(app.database.db, notLogged);
	const flushCalls = () => calls.flush().catch(notLogged);
	const flushing = setInterval(flushCalls, CALL_LOG_FLUSH_MS);
	flushing.unref();

	let document: string | undefined;
	const openapi = () => {
		document ??= JSON.stringify(app.swagger());
		return document;
	};
	app.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) =>
		reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(openapi()),
	);
	app.get("/reference", { schema: { hide: true } }, async (_request, reply) =>
		reply
			.type("text/html; charset=utf-8")
			.header("cache-control", "no-cache")
			.send(
				referencePage(JSON.parse(openapi()), {
					openapiUrl: `${app.config.basePath}/api/openapi.json`,
					nonce: reply.cspNonce?.style,
				}),
			),
	);

	await app.register(
		async (v1) => {
			// JSON only: any other body (a form, text) is 415, not a validation error about its shape.
			v1.removeAllContentTypeParsers();
			v1.addContentTypeParser(
				"application/json",
				{ parseAs: "string" },
				v1.getDefaultJsonParser("error", "error"),
			);
			v1.addHook("onResponse", calls.record);
			// Counted in the database, so every server process counts each key's calls together; in batches,
			// off each request's path (batched-rate-limit-store.ts).
			await v1.register(rateLimit, {
				global: true,
				hook: "preParsing",
				store: batchedRateLimitStore(v1),
				timeWindow: 60_000,
				max: (request) => keyOf(request).ratePerMinute,
				keyGenerator: (request) => `api:${keyOf(request).id}`,
				errorResponseBuilder: (_request, context) =>
					Object.assign(new Error(`This key's limit is ${context.max} requests a minute.`), {
						statusCode: 429,
					}),
			});
			const failedAuth = v1.createRateLimit({
				max: FAILED_AUTH_PER_MINUTE,
				timeWindow: 60_000,
				keyGenerator: (request) => `api-failed-auth:${request.ip}`,
			});
			// An instance hook: it runs before the key's limit, which each route holds.
			v1.addHook(
				"onRequest",
				authenticate(async (request) => {
					const limit = await failedAuth(request);
					return !limit.isAllowed && limit.isExceeded ? limit.ttlInSeconds : undefined;
				}),
			);
			v1.setNotFoundHandler(apiNotFound);
			await v1.register(v1Routes);
		},
		{ prefix: "/v1" },
	);

	const timer = setInterval(
		() => void deleteExpiredAnswers(app.database.db, new Date()).catch(() => {}),
		CLEANUP_EVERY_MS,
	);
	timer.unref();
	app.addHook("onClose", async () => {
		clearInterval(timer);
		clearInterval(flushing);
		await flushCalls();
	});
};

/**
 * In a context of its own: its validator, error and not-found handlers are the API's. After the security
 * plugin: the reference page's inline style carries the nonce of its Content-Security-Policy.
 */
export const apiPlugin = fp(partnerApi, {
	name: PLUGIN.api,
	encapsulate: true,
	dependencies: [PLUGIN.security],
	decorators: { fastify: ["config", "database"] },
});
