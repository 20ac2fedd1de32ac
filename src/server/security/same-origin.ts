import type { FastifyInstance, FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
	interface FastifyContextConfig {
		/**
		 * The route takes requests other sites' pages make: its URL carries its own secret (a token only the
		 * recipient of an e-mail has), and what it does is harmless to repeat, so a forged request can do
		 * nothing its target could not.
		 */
		crossSite?: true;
	}
}

/**
 * CSRF protection for every state-changing request: browsers label each request with where it came
 * from (Sec-Fetch-Site; Origin on every POST), and a request another site made is refused. Session
 * cookies are SameSite=Lax on top. Unlike a token in the page, this needs nothing in the HTML, so
 * cached pages stay the same for everyone. Clients that send neither header are not browsers, and a
 * forged cross-site request needs a browser.
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
	app.addHook("onRequest", async (request, reply) => {
		if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite || isSameOrigin(request)) {
			return;
		}
		request.log.warn(
			{ origin: request.headers.origin, site: request.headers["sec-fetch-site"] },
			"cross-site request",
		);
		return reply.code(403).send(Object.assign(new Error("Cross-site request refused"), { statusCode: 403 }));
	});
}

export function isSameOrigin(request: FastifyRequest): boolean {
	const site = request.headers["sec-fetch-site"];
	if (site !== undefined) return site === "same-origin" || site === "none";
	const origin = request.headers.origin;
	if (origin === undefined) return true;
	return origin === `${request.protocol}://${request.host}`;
}
