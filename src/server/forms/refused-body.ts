import type { FastifyInstance } from "fastify";
import { FORM_LIMITS } from "./limits";

/** How much of a refused body is still read, and for how long, before the connection is given up. */
const DRAIN_BYTES = 4 * FORM_LIMITS.bodySize;
const DRAIN_MS = 10_000;

/**
 * A body over the limit is refused before it is read (Fastify answers 413 on its Content-Length and
 * closes the connection). A client still sending it then gets its connection reset, often before it
 * reads the answer: the user sees a network error instead of "too large". So the rest of the body is
 * read and discarded first, up to DRAIN_BYTES and DRAIN_MS; past those the connection is closed anyway.
 */
export function registerRefusedBodyDrain(app: FastifyInstance): void {
	app.addHook("onSend", async (request, reply) => {
		const body = request.raw;
		if (reply.statusCode !== 413 || body.complete || body.destroyed) return;
		await new Promise<void>((resolve) => {
			let received = 0;
			const done = () => {
				clearTimeout(timer);
				body.off("data", count).off("end", done).off("error", done).off("close", done);
				resolve();
			};
			const count = (chunk: Buffer) => {
				received += chunk.length;
				if (received > DRAIN_BYTES) done();
			};
			const timer = setTimeout(done, DRAIN_MS);
			body.on("data", count).on("end", done).on("error", done).on("close", done);
			body.resume();
		});
	});
}
