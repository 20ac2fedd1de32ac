import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PLUGIN } from "../plugin-names";
import { registerSecurityHeaders } from "./headers";
import { registerRequestOriginCheck } from "./request-origin";
import { registerSameOriginCheck } from "./same-origin";

export interface SecurityOptions {
	readonly env?: Readonly<Record<string, string | undefined>>;
	/** Hashes of the inline styles the site's pages carry (the client build's). */
	readonly styleHashes?: readonly string[];
}

/**
 * The security headers of every response, then the checks that refuse a request: an origin that cannot
 * be part of a URL, a cross-site request. After the headers' hook, so a refusal carries its nonce and
 * policy like any other answer; after the replies and the request's location, so a refusal is the error
 * page in the request's language.
 */
export const securityPlugin = fp(
	async (app: FastifyInstance, { env = process.env, styleHashes = [] }: SecurityOptions) => {
		await registerSecurityHeaders(app, app.config, env, styleHashes);
		registerRequestOriginCheck(app);
		registerSameOriginCheck(app);
	},
	{
		name: PLUGIN.security,
		dependencies: [PLUGIN.requestLocation, PLUGIN.replies],
		decorators: { fastify: ["config"] },
	},
);
