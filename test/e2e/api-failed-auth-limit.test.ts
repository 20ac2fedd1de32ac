/**
 * The partner API's limit on requests without a valid key: they never reach a key's own limit, so they
 * are counted by client address (src/server/api/auth.ts). Past the limit an address gets a 429 Problem
 * with Retry-After, as the OpenAPI document describes; a valid key from that address and other addresses
 * are unaffected.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { FAILED_AUTH_PER_MINUTE } from "../../src/server/api/plugin";
import { seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { ApiClient, ApiContract, seedApiKey } from "./api-support";
import { type StaffServer, startStaffServer } from "./staff-support";

let server: StaffServer;
let api: ApiClient;

beforeAll(async () => {
	server = await startStaffServer();
	const storeId = await seedStore(server.database.db);
	const { key } = await seedApiKey(server.database.db, [storeId]);
	api = new ApiClient(server.server.origin, await ApiContract.load(server.server.origin), key);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** The server trusts X-Forwarded-For from loopback: each test's requests come from their own address. */
const from = (address: string) => ({ "x-forwarded-for": address });

it("answers 429 with Retry-After to an address past its limit of requests without a valid key", async () => {
	const code = await seedVoucher(server.database.db);
	const path = `/api/v1/vouchers/${code}`;
	const statuses: number[] = [];
	for (let index = 0; index < FAILED_AUTH_PER_MINUTE; index++) {
		// No key and a wrong key count together.
		const key = index % 2 === 0 ? null : "lumen_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
		statuses.push((await api.call("GET", path, { key, headers: from("10.1.0.1") })).status);
	}
	expect(new Set(statuses)).toEqual(new Set([401]));

	const refused = await api.call("POST", `${path}/redemptions`, {
		key: null,
		json: { store: "any" },
		headers: from("10.1.0.1"),
	});
	expect(refused.status).toBe(429);
	expect(refused.body.type).toMatch(/#problem-unauthenticated-rate-limited$/);
	expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
	expect((await api.call("GET", "/api/v1/unknown", { key: null, headers: from("10.1.0.1") })).status).toBe(
		429,
	);

	// A valid key from the same address, and another address without one, are not limited by it.
	expect((await api.call("GET", path, { headers: from("10.1.0.1") })).status).toBe(200);
	expect((await api.call("GET", path, { key: null, headers: from("10.1.0.2") })).status).toBe(401);
});
