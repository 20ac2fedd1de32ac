import type { SwaggerOptions } from "@fastify/swagger";
import type { Config } from "../config";

/** What the OpenAPI document says besides the routes' own schemas (routes.ts, schemas.ts). */
export function openapiOptions(config: Config): SwaggerOptions {
	return {
		openapi: {
			openapi: "3.1.0",
			info: {
				title: "Lumen partner API",
				version: "1.0.0",
				description:
					"For partner chains' till systems: look up a Lumen voucher by its code, redeem it exactly once, undo a redemption within 15 minutes. Authenticate with `Authorization: Bearer <key>`; send an `Idempotency-Key` with every POST and DELETE and the same one with each retry. Every error is RFC 9457 `application/problem+json`.",
			},
			servers: [{ url: config.publicOrigin }],
			tags: [{ name: "vouchers", description: "Vouchers and their redemptions" }],
			components: {
				securitySchemes: {
					bearer: {
						type: "http",
						scheme: "bearer",
						description: "An API key, issued with `npm run apikey:add` for the chain's stores.",
					},
				},
			},
		},
		// Shared schemas keep their $id as their name in components.schemas (Problem, Voucher, …).
		refResolver: {
			buildLocalReference: (json, _baseUri, _fragment, index) =>
				typeof json.$id === "string" ? json.$id : `def-${index}`,
		},
	};
}
