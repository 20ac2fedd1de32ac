/**
 * Two server processes on one database, as behind a load balancer: state lives in the database only,
 * so what one process decides holds in the other. Requests alternate between the two. On SQLite (two
 * processes on one file) and on PostgreSQL when TEST_DATABASE_URL is set (the way to scale out).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegistrationClient } from "../../bench/lib/registration-client";
import { startServer, type TestServer } from "../helpers/server";
import { ean13, type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { storedRegistrations } from "../helpers/stored-registrations";
import { serverDatabases } from "../helpers/test-databases";
import { postSignIn, type StaffServer, signIn, startStaffServer } from "./staff-support";

const engines = serverDatabases();

describe.each(engines)("two server processes on one %s database", (_kind, createDatabase) => {
	let drop: () => Promise<void>;
	let first: StaffServer;
	let secondServer: TestServer;
	/** The same database seen through the second process. */
	let second: StaffServer;
	let servers: [StaffServer, StaffServer];
	let clients: [RegistrationClient, RegistrationClient];
	let storeId: string;

	beforeAll(async () => {
		const database = await createDatabase();
		drop = database.drop;
		const env = { ...database.env, SESSION_SECRET: randomBytes(32).toString("base64url") };
		first = await startStaffServer(env);
		secondServer = await startServer({ env: { ...env, DATA_DIR: first.dataDir } });
		second = { ...first, server: secondServer, url: (path) => `${secondServer.origin}${path}` };
		servers = [first, second];
		const sessionSecret = env.SESSION_SECRET;
		clients = [
			await RegistrationClient.connect({ url: first.server.origin, sessionSecret }),
			await RegistrationClient.connect({ url: secondServer.origin, sessionSecret }),
		];
		storeId = await seedStore(first.database.db);
	}, 60_000);
	afterAll(async () => {
		await secondServer?.stop();
		await first?.stop();
		await drop?.();
	});

	const cashier = (name: string): Promise<SeededStaff> =>
		seedStaff(first.database.db, { role: "staff", storeId, name });

	function redeem(server: StaffServer, cookie: string, code: string): Promise<Response> {
		return fetch(server.url("/staff"), {
			method: "POST",
			body: new URLSearchParams({ code, redeem: "" }),
			headers: { cookie, "x-requested-with": "XMLHttpRequest" },
		});
	}

	it("redeems a voucher once: of 50 concurrent attempts through both, exactly one succeeds", async () => {
		const code = await seedVoucher(first.database.db);
		const sessions = await Promise.all(
			Array.from({ length: 5 }, async (_, index) =>
				signIn(servers[index % 2]!, await cashier(`Till ${index}`)),
			),
		);
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, async (_, index) => {
				const response = await redeem(servers[index % 2]!, sessions[index % 5]!, code);
				return JSON.stringify(await response.json());
			}),
		);
		expect(outcomes.filter((text) => text.includes("je uplatněna. Odečtěte"))).toHaveLength(1);
		expect(outcomes.filter((text) => text.includes("už byla uplatněna"))).toHaveLength(49);
	});

	it("issues one voucher to 20 concurrent registrations of one e-mail through both", async () => {
		const email = `same.${Date.now()}@example.cz`;
		const bodies = await Promise.all(Array.from({ length: 20 }, () => clients[0].fields({ email })));
		const answers = await Promise.all(bodies.map((body, index) => clients[index % 2]!.post(body)));
		expect(answers.filter((answer) => answer.kind === "created")).toHaveLength(1);
		expect(answers.filter((answer) => answer.kind === "existing")).toHaveLength(19);
		const stored = await storedRegistrations(first.database.db);
		expect(stored.byEmail.has(email)).toBe(true);
		expect(stored).toMatchObject({ notOneVoucher: 0, duplicateCodes: 0 });
	});

	it("takes a solved challenge once, whichever process sees it first", async () => {
		const body = await clients[0].fields();
		const copies = Array.from({ length: 6 }, (_, index) => {
			const copy = new URLSearchParams(body);
			copy.set("email", `replay.${index}.${Date.now()}@example.cz`);
			return copy;
		});
		const answers = await Promise.all(copies.map((copy, index) => clients[index % 2]!.post(copy)));
		expect(answers.filter((answer) => answer.kind === "created")).toHaveLength(1);
		expect(answers.filter((answer) => answer.kind === "refused" && answer.status === 200)).toHaveLength(5);
	});

	it("counts the registration limit per address together: the 11th from one address is refused", async () => {
		const statuses: number[] = [];
		for (let attempt = 0; attempt < 11; attempt++) {
			const answer = await clients[attempt % 2]!.post(new URLSearchParams({ name: "x" }), {
				ip: "192.0.2.77",
			});
			statuses.push(answer.kind === "failed" ? 0 : answer.status);
		}
		expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
		expect(statuses[10]).toBe(429);
	});

	it("counts failed sign-ins per account together: after ten through both, the right password waits", async () => {
		const target = await cashier("Target");
		for (let attempt = 0; attempt < 10; attempt++) {
			const response = await postSignIn(servers[attempt % 2]!, {
				email: target.email,
				password: `guess ${attempt}`,
			});
			expect(response.status).toBe(200);
		}
		for (const server of servers) expect((await postSignIn(server, target)).status).toBe(429);
	});

	it("counts redemptions per session together: the 61st through both is refused", async () => {
		const session = await signIn(first, await cashier("Busy"));
		const statuses: number[] = [];
		for (let attempt = 0; attempt < 61; attempt++) {
			statuses.push((await redeem(servers[attempt % 2]!, session, ean13(attempt))).status);
		}
		expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
		expect(statuses[60]).toBe(429);
	});
});
