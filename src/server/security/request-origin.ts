import type { FastifyInstance } from "fastify";

/** A host name, IPv4 or [IPv6] address, and an optional port: nothing that could break out of a URL. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The same-origin check compares a form's Origin with the request's protocol and host: the Host header,
 * or a trusted proxy's X-Forwarded-Proto and X-Forwarded-Host. (Absolute links never use them: they
 * come from the configured public origin.) A request whose protocol is not http or https, or whose host
 * is no host name, is refused here: nothing it says about itself can be trusted further.
 */
export function registerRequestOriginCheck(app: FastifyInstance): void {
	app.addHook("onRequest", async (request, reply) => {
		if ((request.protocol === "http" || request.protocol === "https") && HOST.test(request.host)) return;
		// Plain text: a page would carry the very links this request's origin cannot make.
		return reply
			.code(400)
			.type("text/plain; charset=utf-8")
			.send("Bad request: the Host or X-Forwarded-Proto header cannot be part of a web address.");
	});
}
