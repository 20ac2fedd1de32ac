/**
 * Exactly once across everything: the partner API and the staff page, in two server processes on one
 * database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), redeem a code once however many
 * tills try it at the same moment; one Idempotency-Key sent to both processes at once redeems once.
 * Every API answer is checked against the OpenAPI document (api-support.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { describeServerDatabases } from "../helpers/test-databases";
import { ApiClient, ApiContract, seedApiKey } from "./api-support";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

describeServerDatabases(
	"the partner API and the staff page, two processes on one %s database",
	(_kind, createDatabase) => {
		let drop: () => Promise<void>;
		let first: StaffServer;
		let secondServer: TestServer;
		let servers: [StaffServer, StaffServer];
		let apis: [ApiClient, ApiClient];
		let storeId: string;
		let sessions: string[];

		beforeAll(async () => {
			const database = await createDatabase();
			drop = database.drop;
			const env = { ...database.env, SESSION_SECRET: randomBytes(32).toString("base64url") };
			first = await startStaffServer(env);
			secondServer = await startServer({ env: { ...env, DATA_DIR: first.dataDir } });
			const second: StaffServer = {
				...first,
				server: secondServer,
				url: (path) => `${secondServer.origin}${path}`,
			};
			servers = [first, second];
			const { db } = first.database;
			storeId = await seedStore(db);
			const { key } = await seedApiKey(db, [storeId], 100_000);
			apis = [
				new ApiClient(first.server.origin, await ApiContract.load(first.server.origin), key),
				new ApiClient(secondServer.origin, await ApiContract.load(secondServer.origin), key),
			];
			sessions = await Promise.all(
				Array.from({ length: 4 }, async (_, index) =>
					signIn(servers[index % 2]!, await seedStaff(db, { role: "staff", storeId, name: `Till ${index}` })),
				),
			);
		}, 60_000);
		afterAll(async () => {
			await secondServer?.stop();
			await first?.stop();
			await drop?.();
		});

		async function tillRedeems(index: number, code: string): Promise<"redeemed" | "refused"> {
			const response = await fetch(servers[index % 2]!.url("/staff"), {
				method: "POST",
				body: new URLSearchParams({ code, redeem: "" }),
				headers: { cookie: sessions[index % sessions.length]!, "x-requested-with": "XMLHttpRequest" },
			});
			const text = JSON.stringify(await response.json());
			if (text.includes("je uplatněna. Odečtěte")) return "redeemed";
			if (text.includes("už byla uplatněna")) return "refused";
			throw new Error(`The staff page answered neither: ${text.slice(0, 300)}`);
		}

		it("50 concurrent redemptions of one code through the API and the staff page: exactly one succeeds", async () => {
			for (let round = 0; round < 3; round++) {
				const code = await seedVoucher(first.database.db);
				const outcomes = await Promise.all(
					Array.from({ length: 50 }, async (_, index) => {
						if (index % 2 === 1) return tillRedeems(index >> 1, code);
						const answer = await apis[(index >> 1) % 2]!.redeem(code, storeId);
						if (answer.status === 201) return "redeemed";
						expect(answer.status).toBe(409);
						return "refused";
					}),
				);
				expect(outcomes.filter((outcome) => outcome === "redeemed")).toHaveLength(1);
				expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(49);
				const row = await first.database.db
					.selectFrom("vouchers")
					.select(["redeemed_at", "redemption_id"])
					.where("code", "=", code)
					.executeTakeFirstOrThrow();
				expect(row.redeemed_at).not.toBeNull();
				const lookedUp = await apis[1].voucher(code);
				expect(lookedUp.body).toMatchObject({ status: "redeemed", redemption: { id: row.redemption_id } });
			}
		});

		it("one Idempotency-Key sent 20 times to both processes at once: one redemption, one answer", async () => {
			const code = await seedVoucher(first.database.db);
			const answers = await Promise.all(
				Array.from({ length: 20 }, (_, index) => apis[index % 2]!.redeem(code, storeId, `both-${code}`)),
			);
			expect(new Set(answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).size).toBe(
				1,
			);
			expect(answers[0]!.status).toBe(201);
			const kept = await first.database.db
				.selectFrom("api_idempotency")
				.select("status")
				.where("status", "=", 201)
				.where("body", "like", `%${code}%`)
				.execute();
			expect(kept).toHaveLength(1);
		});

		it("an undo in one process: the other process's API and staff page redeem the voucher again", async () => {
			const code = await seedVoucher(first.database.db);
			const redeemed = await apis[0].redeem(code, storeId);
			expect((await apis[1].undo(code, redeemed.body.id as string)).status).toBe(200);
			expect((await apis[0].voucher(code)).body.status).toBe("valid");
			expect(await tillRedeems(0, code)).toBe("redeemed");
		});
	},
);
