/**
 * The partner API's contract: every answer of this suite, the errors included, is checked against the
 * OpenAPI document the server serves (api-support.ts), and every error is one problem format. Also the
 * document itself (OpenAPI 3.1, built from the routes), the reference page drawn from it (axe-clean,
 * within the site's CSP, no script), authorization (401, 403) and the per-key rate limit.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage } from "../helpers/browser";
import { seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { ApiClient, ApiContract, seedApiKey } from "./api-support";
import { type StaffServer, startStaffServer } from "./staff-support";

let server: StaffServer;
let api: ApiClient;
let storeId: string;
let otherStoreId: string;

beforeAll(async () => {
	server = await startStaffServer();
	storeId = await seedStore(server.database.db);
	otherStoreId = await seedStore(server.database.db, "Drogerie jiného řetězce");
	const { key } = await seedApiKey(server.database.db, [storeId]);
	api = new ApiClient(server.server.origin, await ApiContract.load(server.server.origin), key);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

describe("the OpenAPI document", () => {
	it("is OpenAPI 3.1 with the three operations, each answer described, every error a Problem", () => {
		const document = api.contract.document as {
			openapi: string;
			paths: Record<
				string,
				Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>
			>;
		};
		expect(document.openapi).toBe("3.1.0");
		expect(Object.keys(document.paths).sort()).toEqual([
			"/api/v1/vouchers/{code}",
			"/api/v1/vouchers/{code}/redemptions",
			"/api/v1/vouchers/{code}/redemptions/{id}",
		]);
		expect(Object.keys(document.paths["/api/v1/vouchers/{code}/redemptions"]!)).toEqual(["post"]);
		const post = document.paths["/api/v1/vouchers/{code}/redemptions"]!.post!;
		expect(Object.keys(post.responses)).toEqual(
			expect.arrayContaining(["201", "400", "401", "403", "404", "409", "422", "429"]),
		);
		for (const [status, response] of Object.entries(post.responses)) {
			if (Number(status) >= 400) expect(Object.keys(response.content)).toEqual(["application/problem+json"]);
		}
		expect(JSON.stringify(post)).toContain('"name":"idempotency-key","required":true');
	});
});

describe("answers", () => {
	it("GET: a valid, a redeemed, an expired and a cancelled voucher; no personal data", async () => {
		const valid = await seedVoucher(server.database.db);
		const expired = await seedVoucher(server.database.db, { validUntil: "2020-01-31" });
		const voided = await seedVoucher(server.database.db);
		await server.database.db
			.updateTable("vouchers")
			.set({ voided_at: new Date().toISOString() })
			.where("code", "=", voided)
			.execute();

		const answer = await api.voucher(valid);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			code: valid,
			status: "valid",
			value: { amount: "150.00", currency: "CZK" },
			validUntil: "2099-12-31",
			redemption: null,
		});
		expect(JSON.stringify(answer.body)).not.toMatch(/Jana|Nováková|example\.cz|1990/);
		expect((await api.voucher(expired)).body).toMatchObject({ status: "expired", validUntil: "2020-01-31" });
		expect((await api.voucher(voided)).body).toMatchObject({ status: "void" });

		const redeemed = await api.redeem(valid, storeId);
		expect(redeemed.status).toBe(201);
		expect((await api.voucher(valid)).body).toMatchObject({
			status: "redeemed",
			redemption: { id: redeemed.body.id, store: { id: storeId, name: "Drogerie Lumen Brno, Masarykova" } },
		});
	});

	it("POST: 201, then 409 with the original redemption; 404, 422 for expired and cancelled", async () => {
		const code = await seedVoucher(server.database.db);
		const first = await api.redeem(code, storeId);
		expect(first.status).toBe(201);
		expect(first.body).toMatchObject({ code, store: { id: storeId } });
		expect(Date.parse(first.body.undoableUntil as string) - Date.parse(first.body.redeemedAt as string)).toBe(
			15 * 60 * 1000,
		);
		const second = await api.redeem(code, storeId);
		expect(second.status).toBe(409);
		expect(second.body).toMatchObject({ title: "The voucher was redeemed already", redemption: first.body });
		expect(second.body.type).toBe(`${server.server.origin}/api/reference#problem-already-redeemed`);

		expect((await api.redeem("2900000000001", storeId)).status).toBe(404);
		const expired = await api.redeem(
			await seedVoucher(server.database.db, { validUntil: "2020-01-31" }),
			storeId,
		);
		expect(expired.status).toBe(422);
		expect(expired.body.type).toMatch(/#problem-voucher-expired$/);
		const voided = await seedVoucher(server.database.db);
		await server.database.db
			.updateTable("vouchers")
			.set({ voided_at: "2026-01-01T00:00:00Z" })
			.where("code", "=", voided)
			.execute();
		const refused = await api.redeem(voided, storeId);
		expect(refused.status).toBe(422);
		expect(refused.body.type).toMatch(/#problem-voucher-void$/);
	});

	it("invalid requests: a Problem with each violation, nothing redeemed", async () => {
		const code = await seedVoucher(server.database.db);
		const path = `/api/v1/vouchers/${code}/redemptions`;
		const noKey = await api.call("POST", path, { json: { store: storeId } });
		expect(noKey.status).toBe(400);
		expect(noKey.body.errors).toEqual([
			expect.objectContaining({ in: "headers", pointer: "/idempotency-key" }),
		]);
		const extra = await api.call("POST", path, { idempotencyKey: "a", json: { store: storeId, amount: 1 } });
		expect(extra.status).toBe(400);
		expect(extra.body.errors).toEqual([expect.objectContaining({ in: "body", pointer: "/amount" })]);
		const wrongType = await api.call("POST", path, { idempotencyKey: "b", json: { store: 7 } });
		expect(wrongType.status).toBe(400);
		const notJson = await api.call("POST", path, {
			idempotencyKey: "c",
			raw: "{store:",
			headers: { "content-type": "application/json" },
		});
		expect(notJson.status).toBe(400);
		const form = await api.call("POST", path, {
			idempotencyKey: "d",
			raw: `store=${storeId}`,
			headers: { "content-type": "text/plain" },
		});
		expect(form.status).toBe(415);
		const large = await api.call("POST", path, { idempotencyKey: "e", json: { store: "x".repeat(2000) } });
		expect(large.status).toBe(413);
		expect((await api.voucher("12345")).status).toBe(400);
		expect((await api.voucher(code)).body.status).toBe("valid");
	});

	it("unknown routes and methods under /api: 404 Problems", async () => {
		expect((await api.call("GET", "/api/v1/stores")).status).toBe(404);
		expect((await api.call("PUT", `/api/v1/vouchers/${await seedVoucher(server.database.db)}`)).status).toBe(
			404,
		);
		expect((await api.call("GET", "/api/v2/vouchers/2900000000001", { key: null })).status).toBe(404);
		expect((await api.call("GET", "/api/v1/stores", { key: null })).status).toBe(401);
	});
});

describe("authorization", () => {
	it("401 without a key, with a malformed one and with an unknown one, before anything else", async () => {
		const code = await seedVoucher(server.database.db);
		for (const key of [null, "not a key", "lumen_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
			const answer = await api.call("GET", `/api/v1/vouchers/${code}`, { key });
			expect(answer.status).toBe(401);
			expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
			const post = await api.call("POST", `/api/v1/vouchers/${code}/redemptions`, {
				key,
				json: { store: storeId },
			});
			expect(post.status).toBe(401);
		}
		expect((await api.voucher(code)).body.status).toBe("valid");
	});

	it("403 for a store the key does not cover, and the voucher stays valid", async () => {
		const code = await seedVoucher(server.database.db);
		const answer = await api.redeem(code, otherStoreId);
		expect(answer.status).toBe(403);
		expect(answer.body.type).toMatch(/#problem-store-not-covered$/);
		expect((await api.redeem(code, "no-such-store")).status).toBe(403);
		expect((await api.voucher(code)).body.status).toBe("valid");
	});

	it("each key has its own rate limit: 429 Problem with Retry-After, another key unaffected", async () => {
		const limited = api.withKey((await seedApiKey(server.database.db, [storeId], 3)).key);
		const code = await seedVoucher(server.database.db);
		const statuses = [];
		for (let index = 0; index < 4; index++) statuses.push((await limited.voucher(code)).status);
		expect(statuses).toEqual([200, 200, 200, 429]);
		const refused = await limited.voucher(code);
		expect(refused.body.type).toMatch(/#problem-rate-limited$/);
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
		expect((await api.voucher(code)).status).toBe(200);
	});

	it("audits every call without personal data: key, method, route, code, status", async () => {
		const code = await seedVoucher(server.database.db);
		const { id, key } = await seedApiKey(server.database.db, [storeId]);
		const audited = api.withKey(key);
		await audited.voucher(code);
		await audited.call("GET", `/api/v1/vouchers/${code}`, { key: null });
		await audited.call("GET", `/api/v1/vouchers/${code}/redeemed`);
		// Logged once the answer is out and written within half a second: looked for until it is there.
		const calls = () =>
			server.database.db
				.selectFrom("api_calls")
				.select(["key_id", "method", "route", "voucher_code", "status"])
				.where((eb) =>
					eb.or([eb("key_id", "=", id), eb.and([eb("key_id", "is", null), eb("voucher_code", "=", code)])]),
				)
				.orderBy("status")
				.execute();
		await expect.poll(async () => (await calls()).length, { timeout: 10_000 }).toBe(3);
		expect(await calls()).toEqual([
			{
				key_id: id,
				method: "GET",
				route: "/api/v1/vouchers/:code",
				voucher_code: code,
				status: 200,
			},
			{ key_id: null, method: "GET", route: "/api/v1/vouchers/:code", voucher_code: code, status: 401 },
			{ key_id: id, method: "GET", route: null, voucher_code: null, status: 404 },
		]);
		const columns = Object.keys(
			await server.database.db.selectFrom("api_calls").selectAll().executeTakeFirstOrThrow(),
		);
		expect(columns.sort()).toEqual([
			"created_at",
			"id",
			"key_id",
			"method",
			"route",
			"status",
			"voucher_code",
		]);
	});
});

describe("the reference page", () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await connectBrowser();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it("lists each operation and problem type from the document, without a script, axe-clean within the CSP", async () => {
		const { page, messages, requests } = await openPage(browser);
		const response = await page.goto(`${server.server.origin}/api/reference`);
		expect(response?.status()).toBe(200);
		expect(response?.headers()["content-security-policy"]).toContain("style-src 'self'");
		await expect(
			page.locator("h3", { hasText: "POST /api/v1/vouchers/{code}/redemptions" }).count(),
		).resolves.toBe(1);
		await expect(page.locator("#problem-already-redeemed").count()).resolves.toBe(1);
		await expect(page.locator("#schema-Problem").count()).resolves.toBe(1);
		// The styles applied: the nonce let them in.
		expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe("0px");
		expect(await page.locator("script").count()).toBe(0);
		expect(requests.filter((url) => !url.endsWith("/api/reference"))).toEqual([]);
		expect(await axe(page)).toEqual([]);
		expect(messages).toEqual([]);
		await page.context().close();
	});
});

describe("coverage", () => {
	it("every operation's success was checked against the document", () => {
		const checked = [...api.contract.checked.keys()];
		for (const label of [
			"GET /api/v1/vouchers/{code} 200",
			"POST /api/v1/vouchers/{code}/redemptions 201",
			"POST /api/v1/vouchers/{code}/redemptions 409",
			"GET (no operation) 404",
		])
			expect(checked).toContain(label);
	});
});
