import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const PLAIN_TOKEN = /^[\w.:-]{1,128}$/;

/**
 * A request's id in every log line of it and in its X-Request-Id answer header: the one a load balancer
 * gave it (X-Request-Id), so that both logs can be matched, when that is a plain token; else a new UUID.
 */
export function requestId(request: IncomingMessage): string {
	const given = request.headers["x-request-id"];
	return typeof given === "string" && PLAIN_TOKEN.test(given) ? given : randomUUID();
}
