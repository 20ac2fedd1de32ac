/**
 * Operations: a graceful shutdown loses no request in flight, and every log line is JSON that names
 * its request.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RegistrationClient } from "../../bench/lib/registration-client";
import { openDatabase } from "../../src/server/db";
import { startServer } from "../helpers/server";
import { mailsByRecipient } from "../helpers/stored-registrations";

/** Starts a POST whose body is sent in two halves; the second half goes when `finish` is called. */
function halfSent(origin: string, body: string) {
	const { hostname, port } = new URL(origin);
	const bytes = Buffer.from(body);
	const half = Math.floor(bytes.length / 2);
	const req = request({
		hostname,
		port,
		path: "/register",
		method: "POST",
		headers: {
			"content-type": "application/x-www-form-urlencoded",
			"content-length": bytes.length,
			"x-forwarded-for": `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
		},
	});
	const answered = new Promise<{ status: number; location: string }>((resolve, reject) => {
		req.on("response", (response) => {
			response.resume();
			response.on("end", () =>
				resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? "") }),
			);
		});
		req.on("error", reject);
	});
	req.write(bytes.subarray(0, half));
	return { answered, finish: () => req.end(bytes.subarray(half)), abort: () => req.destroy() };
}

describe("graceful shutdown", () => {
	it("answers and stores every registration in flight at SIGTERM, then exits with 0", async () => {
		const dataDir = mkdtempSync(join(tmpdir(), "lumen-shutdown-"));
		const sessionSecret = randomBytes(32).toString("base64url");
		const server = await startServer({ env: { DATA_DIR: dataDir, SESSION_SECRET: sessionSecret } });
		let inFlight: ReturnType<typeof halfSent>[] = [];
		try {
			const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
			const bodies = await Promise.all(Array.from({ length: 20 }, () => client.fields()));
			inFlight = bodies.map((body) => halfSent(server.origin, body.toString()));
			// Every request has reached the server, which waits for the rest of its body.
			const posts = () =>
				server.logs.filter((line) => line.includes('"incoming request"') && line.includes('"method":"POST"'));
			await expect.poll(() => posts().length).toBe(20);
			const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
			server.process.kill("SIGTERM");
			await expect.poll(() => server.logs.some((line) => line.includes("shutting down"))).toBe(true);
			for (const request of inFlight) request.finish();
			const answers = await Promise.all(inFlight.map((request) => request.answered));
			expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(303));
			expect(await exited).toBe(0);

			expect(answers.map((answer) => answer.location)).toEqual(Array(20).fill("/register/sent"));

			// Each acknowledged registration is stored: its e-mail, with its confirmation link, is queued.
			const database = await openDatabase({ dataDir });
			const mails = await mailsByRecipient(database.db);
			await database.close();
			for (const body of bodies) {
				const sent = mails.get(body.get("email") ?? "") ?? [];
				expect(sent).toHaveLength(1);
				expect(sent[0]).toMatch(/\/register\/confirm\/[\w-]{43}/);
			}
		} finally {
			for (const request of inFlight) request.abort();
			await server.stop();
			rmSync(dataDir, { recursive: true, force: true });
		}
	});
});

describe("logs", () => {
	it("writes JSON lines with the request's id, taken from X-Request-Id when it is a plain token", async () => {
		const server = await startServer();
		try {
			const given = await fetch(`${server.origin}/healthz`, { headers: { "x-request-id": "lb-7f3a.42" } });
			expect(given.headers.get("x-request-id")).toBe("lb-7f3a.42");
			const forged = await fetch(`${server.origin}/healthz`, {
				headers: { "x-request-id": `"><script>${"x".repeat(300)}` },
			});
			const made = forged.headers.get("x-request-id") ?? "";
			expect(made).toMatch(/^[0-9a-f-]{36}$/);
			await expect
				.poll(() => server.logs.filter((line) => line.includes('"request completed"')).length)
				.toBeGreaterThanOrEqual(2);
			const entries = server.logs.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
			expect(entries.length).toBe(server.logs.filter((line) => line.trim()).length);
			for (const id of ["lb-7f3a.42", made]) {
				const lines = entries.filter((entry) => entry.reqId === id);
				expect(lines.map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
				expect(lines[0].req.url).toBe("/healthz");
				expect(lines[1].res.statusCode).toBe(200);
			}
		} finally {
			await server.stop();
		}
	});
});
