import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import type { FastifyInstance, onSendAsyncHookHandler } from "fastify";
import { FORM_LIMITS } from "../../forms/limits";

/** Bodies refused before they are read: over the limit (413), multipart where none is read (415, route.ts). */
const REFUSED = new Set([413, 415]);
/** The most of one refused body read after its answer: a long text sent by a phone on a poor connection. */
const DRAIN_BYTES = 4 * FORM_LIMITS.bodySize;
/**
 * The most of all refused bodies read at once. What is read is garbage until the next collection, so
 * many refused uploads at once (an attack, not phones) would fill the memory: past this each gets only
 * DRAIN_MIN.
 */
const DRAIN_BUDGET = 4 * DRAIN_BYTES;
const DRAIN_MIN = 256 * 1024;
const DRAIN_MS = 10_000;
/** How long the connection stays open, no longer read, once a body's allowance is read. */
const LINGER_MS = 2_000;

/** Bytes granted to the drains in progress. */
let draining = 0;

/**
 * A refused body is answered before it has arrived, and the connection is not kept for another request.
 * Closing it as soon as the answer is out (as Fastify would) resets it while the client is still sending,
 * and a client whose connection is reset may lose the answer it has not read yet: the user sees a network
 * error instead of "too large". So the answer goes out at once, whole (its Content-Length), but the
 * response ends, and the connection closes, only once the rest of the body has been read and discarded,
 * up to DRAIN_BYTES (less when many are drained at once). Past that the body is no longer read (the
 * client's sending stalls, costing the server nothing) and the connection closes LINGER_MS later, or
 * DRAIN_MS after the answer at the latest.
 */
export function registerRefusedBodyDrain(app: FastifyInstance): void {
	// Last of each route's onSend hooks, after compression (@fastify/compress, registered earlier, adds its
	// own to each route the same way): what is sent whole is the answer as it goes out.
	app.addHook("onRoute", (route) => {
		route.onSend = [
			...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
			answer,
		];
	});
}

const answer: onSendAsyncHookHandler = async (request, reply, payload) => {
	const body = request.raw;
	if (!REFUSED.has(reply.statusCode) || body.complete || body.destroyed) return payload;
	// The error page or the ajax error, as every refusal is answered: text, compressed or not.
	if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
	reply.header("connection", "close");
	reply.header("content-length", Buffer.byteLength(payload));
	const sent = new PassThrough();
	sent.write(payload);
	drain(body, () => sent.end());
	return sent;
};

/** Reads and discards what is left of `body`, within its allowance; `done` once that is over. */
function drain(body: IncomingMessage, done: () => void): void {
	const allowance = Math.max(DRAIN_MIN, Math.min(DRAIN_BYTES, DRAIN_BUDGET - draining));
	draining += allowance;
	let received = 0;
	let timer = setTimeout(() => stop(), DRAIN_MS);
	const stop = () => {
		clearTimeout(timer);
		body.off("data", count).off("end", stop).off("error", stop).off("close", stop);
		draining -= allowance;
		done();
	};
	const count = (chunk: Buffer) => {
		received += chunk.length;
		if (received <= allowance) return;
		body.off("data", count).pause();
		clearTimeout(timer);
		timer = setTimeout(stop, LINGER_MS);
	};
	body.on("data", count).once("end", stop).once("error", stop).once("close", stop);
	body.resume();
}
