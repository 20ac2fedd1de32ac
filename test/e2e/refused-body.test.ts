/**
 * A body over the limit, sent slowly as a phone on a poor connection would: the server refuses it on its
 * Content-Length, but reads the rest before answering, so the client is not cut off while sending and
 * gets the 413 with its message.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FORM_LIMITS } from "../../src/forms/limits";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server.stop());

const CHUNKS = 8;
const CHUNK = Buffer.alloc(FORM_LIMITS.bodySize / 4, "x");

it.each(["/register", "/en/staff/login"])(
	"answers a slowly sent body over the limit of %s with 413, without cutting the client off",
	async (path) => {
		const { port } = new URL(server.origin);
		// Half-open allowed: like a browser's upload, it goes on sending whatever the server does meanwhile.
		const socket = connect({ port: Number(port), host: "127.0.0.1", allowHalfOpen: true });
		const received: Buffer[] = [];
		const errors: string[] = [];
		socket.on("data", (data) => received.push(data));
		socket.on("error", (error) => errors.push(String(error)));
		const closed = new Promise((resolve) => socket.on("close", resolve));
		socket.write(
			`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
				`Content-Length: ${CHUNKS * CHUNK.length}\r\n\r\n`,
		);
		for (let i = 0; i < CHUNKS && errors.length === 0; i++) {
			await new Promise((resolve) => socket.write(CHUNK, resolve));
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		socket.end();
		await closed;
		const answer = Buffer.concat(received).toString();
		expect(errors).toEqual([]);
		expect(answer).toMatch(/^HTTP\/1\.1 413 /);
		expect(answer).toMatch(/<h1|role="alert"/);
	},
);
