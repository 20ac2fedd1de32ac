/**
 * TRUST_PROXY: forwarding headers count only from the proxies it names. Here the server trusts a proxy
 * at 192.0.2.1, so this test's requests (from 127.0.0.1) are a client's own, and their headers are lies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: "192.0.2.1" } });
});
afterAll(() => server.stop());

describe("a client that is not a trusted proxy", () => {
	it("cannot choose its address with X-Forwarded-For to escape the registration limit", async () => {
		const statuses: number[] = [];
		for (let i = 0; i < 11; i++) {
			const response = await fetch(`${server.origin}/register`, {
				method: "POST",
				body: new URLSearchParams({ name: "x" }),
				headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
			});
			statuses.push(response.status);
		}
		expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
		expect(statuses[10]).toBe(429);
	});

	it("cannot claim https with X-Forwarded-Proto: no HSTS", async () => {
		const response = await fetch(`${server.origin}/`, { headers: { "x-forwarded-proto": "https" } });
		expect(response.status).toBe(200);
		expect(response.headers.get("strict-transport-security")).toBeNull();
	});
});
