import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { redactLine, redactUrl } from "./redact";

/**
 * The server's pino options: JSON lines on stdout, each request's lines with its `reqId`. A request is
 * logged as its method, URL (redacted: no voucher or confirmation token, no e-mail address, no query
 * value), host and client address; each line passes redactLine before it is written, whatever logged it.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
	return {
		level,
		serializers: {
			req: (request: FastifyRequest) => ({
				method: request.method,
				url: redactUrl(request.url),
				host: request.host,
				remoteAddress: request.ip,
			}),
		},
		hooks: { streamWrite: redactLine },
	};
}
