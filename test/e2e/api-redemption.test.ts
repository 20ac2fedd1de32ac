/**
 * Redeeming and undoing through the partner API: Idempotency-Key (the same answer again, never a second
 * redemption, also after a lost answer; the same key with another request refused), the undo within 15
 * minutes with its own idempotency, and the staff page's till seeing each state. Every answer is checked
 * against the OpenAPI document (api-support.ts).
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { ApiClient, ApiContract, seedApiKey } from "./api-support";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

let server: StaffServer;
let api: ApiClient;
/** Another chain's key: its own stores only. */
let otherChain: ApiClient;
let storeId: string;
let cashierCookie: string;

beforeAll(async () => {
	server = await startStaffServer();
	const { db } = server.database;
	storeId = await seedStore(db);
	const otherStore = await seedStore(db, "Drogerie jiného řetězce");
	const contract = await ApiContract.load(server.server.origin);
	api = new ApiClient(server.server.origin, contract, (await seedApiKey(db, [storeId])).key);
	otherChain = api.withKey((await seedApiKey(db, [otherStore])).key);
	cashierCookie = await signIn(server, await seedStaff(db, { role: "staff", storeId: otherStore }));
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** The staff page's answer to a cashier typing the code: the till's own redemption. */
async function tillRedeems(code: string): Promise<string> {
	const response = await fetch(server.url("/staff"), {
		method: "POST",
		body: new URLSearchParams({ code, redeem: "" }),
		headers: { cookie: cashierCookie, "x-requested-with": "XMLHttpRequest" },
	});
	return JSON.stringify(await response.json());
}

async function voucherRow(code: string) {
	return server.database.db
		.selectFrom("vouchers")
		.select(["redeemed_at", "redeemed_store_id", "redemption_id", "redeemed_by"])
		.where("code", "=", code)
		.executeTakeFirstOrThrow();
}

describe("Idempotency-Key", () => {
	it("the same key again: the same status and body, marked as replayed; one redemption", async () => {
		const code = await seedVoucher(server.database.db);
		const first = await api.redeem(code, storeId, "till-7-sale-1001");
		expect(first.status).toBe(201);
		expect(first.headers.get("idempotent-replayed")).toBeNull();
		const again = await api.redeem(code, storeId, "till-7-sale-1001");
		expect(again.status).toBe(201);
		expect(again.body).toEqual(first.body);
		expect(again.headers.get("idempotent-replayed")).toBe("true");
		expect((await voucherRow(code)).redemption_id).toBe(first.body.id);

		// A refusal is kept as well: the same key keeps getting it.
		const other = await api.redeem(code, storeId, "till-8-sale-77");
		expect(other.status).toBe(409);
		expect(await api.redeem(code, storeId, "till-8-sale-77")).toMatchObject({
			status: 409,
			body: other.body,
		});
	});

	it("the same key with another request is refused with 422, and nothing is redeemed", async () => {
		const [code, another] = [await seedVoucher(server.database.db), await seedVoucher(server.database.db)];
		expect((await api.redeem(code, storeId, "reused-key")).status).toBe(201);
		const reused = await api.redeem(another, storeId, "reused-key");
		expect(reused.status).toBe(422);
		expect(reused.body.type).toMatch(/#problem-idempotency-key-reused$/);
		expect((await voucherRow(another)).redeemed_at).toBeNull();
		// Keys are per API key: another chain's same key is its own.
		const store = await seedStore(server.database.db);
		const third = api.withKey((await seedApiKey(server.database.db, [store])).key);
		expect((await third.redeem(another, store, "reused-key")).status).toBe(201);
	});

	it("a retry after a lost answer gets the first answer and never redeems twice", async () => {
		const code = await seedVoucher(server.database.db);
		const idempotencyKey = "lost-answer-1";
		const body = JSON.stringify({ store: storeId });
		// The request reaches the server; the connection is cut before any answer is read.
		const { port } = new URL(server.server.origin);
		await new Promise<void>((resolve, reject) => {
			const socket = connect(Number(port), "127.0.0.1", () => {
				socket.end(
					[
						`POST /api/v1/vouchers/${code}/redemptions HTTP/1.1`,
						`host: 127.0.0.1:${port}`,
						`authorization: Bearer ${api.key}`,
						`idempotency-key: ${idempotencyKey}`,
						"content-type: application/json",
						`content-length: ${Buffer.byteLength(body)}`,
						"",
						body,
					].join("\r\n"),
					() => {
						socket.destroy();
						resolve();
					},
				);
			});
			socket.on("error", reject);
		});
		await expect.poll(async () => (await voucherRow(code)).redeemed_at, { timeout: 10_000 }).not.toBeNull();
		const redeemed = await voucherRow(code);

		const retries = await Promise.all(
			Array.from({ length: 5 }, () => api.redeem(code, storeId, idempotencyKey)),
		);
		for (const retry of retries) {
			expect(retry.status).toBe(201);
			expect(retry.body).toMatchObject({ id: redeemed.redemption_id, redeemedAt: redeemed.redeemed_at });
			expect(retry.headers.get("idempotent-replayed")).toBe("true");
		}
		expect(await voucherRow(code)).toEqual(redeemed);
	});

	it("concurrent requests with one key: one redemption, every answer the same 201", async () => {
		const code = await seedVoucher(server.database.db);
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => api.redeem(code, storeId, "burst-key")),
		);
		const bodies = new Set(answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`));
		expect(bodies.size).toBe(1);
		expect(answers[0]!.status).toBe(201);
		expect((await voucherRow(code)).redemption_id).toBe(answers[0]!.body.id);
	});
});

describe("the till sees what the API did", () => {
	it("an API redemption is refused at the staff page with its store; after the undo the till redeems it", async () => {
		const code = await seedVoucher(server.database.db);
		const redeemed = await api.redeem(code, storeId);
		expect(await voucherRow(code)).toMatchObject({ redeemed_store_id: storeId, redeemed_by: null });
		const refusal = await tillRedeems(code);
		expect(refusal).toContain("už byla uplatněna");
		expect(refusal).toContain("Drogerie Lumen Brno, Masarykova");

		const undone = await api.undo(code, redeemed.body.id as string);
		expect(undone.status).toBe(200);
		expect(undone.body).toMatchObject({
			id: redeemed.body.id,
			code,
			voucherStatus: "valid",
			store: { id: storeId },
		});
		expect((await api.voucher(code)).body).toMatchObject({ status: "valid", redemption: null });
		expect(await tillRedeems(code)).toContain("je uplatněna. Odečtěte");
		// Now the till's redemption stands; the API is told so, with that redemption.
		const late = await api.redeem(code, storeId);
		expect(late.status).toBe(409);
		expect(late.body.redemption).toMatchObject({ store: { name: "Drogerie jiného řetězce" } });
		expect(late.body.redemption).not.toMatchObject({ id: redeemed.body.id });
	});
});

describe("undo", () => {
	it("has its own idempotency; a second undo is 409, and the undo is recorded", async () => {
		const code = await seedVoucher(server.database.db);
		const redeemed = await api.redeem(code, storeId, "redeem-then-undo");
		const id = redeemed.body.id as string;
		// The redemption's key stands for that POST: it cannot undo.
		expect((await api.undo(code, id, "redeem-then-undo")).status).toBe(422);
		const undone = await api.undo(code, id, "undo-1");
		expect(undone.status).toBe(200);
		const replay = await api.undo(code, id, "undo-1");
		expect(replay).toMatchObject({ status: 200, body: undone.body });
		expect(replay.headers.get("idempotent-replayed")).toBe("true");
		const again = await api.undo(code, id, "undo-2");
		expect(again.status).toBe(409);
		expect(again.body.type).toMatch(/#problem-redemption-undone$/);

		const record = await server.database.db
			.selectFrom("redemption_undos")
			.selectAll()
			.where("redemption_id", "=", id)
			.executeTakeFirstOrThrow();
		expect(record).toMatchObject({
			store_id: storeId,
			redeemed_at: redeemed.body.redeemedAt,
			undone_at: undone.body.undoneAt,
		});
		// Redeemable again: a new redemption, a new id.
		const anew = await api.redeem(code, storeId);
		expect(anew.status).toBe(201);
		expect(anew.body.id).not.toBe(id);
	});

	it("is refused after 15 minutes, for another chain's store, for an unknown redemption or code", async () => {
		const code = await seedVoucher(server.database.db);
		const redeemed = await api.redeem(code, storeId);
		const id = redeemed.body.id as string;
		expect((await otherChain.undo(code, id)).status).toBe(403);
		expect((await api.undo(code, "no-such-redemption")).body.type).toMatch(/#problem-redemption-not-found$/);
		expect((await api.undo("2900000000001", id)).status).toBe(404);

		// The redemption as if made 16 minutes ago.
		await server.database.db
			.updateTable("vouchers")
			.set({ redeemed_at: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
			.where("code", "=", code)
			.execute();
		const late = await api.undo(code, id);
		expect(late.status).toBe(409);
		expect(late.body.type).toMatch(/#problem-undo-window-closed$/);
		expect((await voucherRow(code)).redemption_id).toBe(id);
	});
});
