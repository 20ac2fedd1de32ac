/**
 * Two server processes on one database, as behind a load balancer: state lives in the database only,
 * so what one process decides holds in the other. Requests alternate between the two. On SQLite (two
 * processes on one file) and on PostgreSQL when TEST_DATABASE_URL is set (the way to scale out).
 * Registrations follow the double opt-in: the form's POST stores a signup (303 to /register/sent), the
 * confirmation link issues the voucher.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
	type ConfirmationAnswer,
	RegistrationClient,
	type SignupAnswer,
	type SignupBody,
} from "../../bench/lib/registration-client";
import { startServer, type TestServer } from "../helpers/server";
import { ean13, type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { storedRegistrations } from "../helpers/stored-registrations";
import { describeServerDatabases } from "../helpers/test-databases";
import { postSignIn, type StaffServer, signIn, startStaffServer } from "./staff-support";

/** Answers counted by kind and status ("sent", "voucher", "refused 410", "failed ECONNRESET"), for one comparison. */
function kinds(answers: readonly (SignupAnswer | ConfirmationAnswer)[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const answer of answers) {
		const kind =
			answer.kind === "refused"
				? `refused ${answer.status}`
				: answer.kind === "failed"
					? `failed ${answer.error}`
					: answer.kind;
		counts[kind] = (counts[kind] ?? 0) + 1;
	}
	return counts;
}

describeServerDatabases("two server processes on one %s database", (_kind, createDatabase) => {
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

	it("issues one voucher to a mailbox, however many of its spellings sign up and confirm at once through both", async () => {
		const stamp = Date.now();
		const spellings = Array.from(
			{ length: 20 },
			(_, index) =>
				[
					`jana.${stamp}@gmail.com`,
					`jana${stamp}+${index}@gmail.com`,
					`JANA.${stamp}@googlemail.com`,
					`j.a.n.a${stamp}@GMail.com`,
				][index % 4] as string,
		);
		const bodies = await Promise.all(spellings.map((email) => clients[0].fields({ email })));
		const posts = await Promise.all(bodies.map((body, index) => clients[index % 2]!.post(body)));
		// Three e-mails a day to one mailbox, counted together by both processes: the rest get the form again.
		expect(kinds(posts)).toEqual({ sent: 3, "refused 200": 17 });
		const signups = posts.flatMap((answer) => (answer.kind === "sent" ? [answer.signupId] : []));

		const confirmations = await Promise.all(
			Array.from({ length: 30 }, (_, index) => clients[index % 2]!.confirm(signups[index % 3]!)),
		);
		expect(kinds(confirmations)).toEqual({ voucher: 30 });
		const tokens = new Set(confirmations.map((answer) => answer.kind === "voucher" && answer.token));
		expect(tokens.size).toBe(1);
		const stored = await storedRegistrations(first.database.db);
		expect([...stored.byEmail.values()].filter((token) => tokens.has(token ?? false))).toHaveLength(1);
		expect(stored).toMatchObject({ notOneVoucher: 0, duplicateCodes: 0, issuedWithoutVoucher: 0 });
	});

	it("takes a solved challenge once, whichever process sees it first", async () => {
		const body = await clients[0].fields();
		// Each copy a form of its own (fresh token and e-mail) sent from the address that fetched the
		// challenge: only the challenge is replayed.
		const copies = Array.from({ length: 6 }, (_, index) => {
			const copy = new URLSearchParams(body);
			copy.set("email", `replay.${index}.${Date.now()}@example.cz`);
			copy.set("_started", clients[0].timeTrap());
			return copy;
		});
		const answers = await Promise.all(
			copies.map((copy, index) => clients[index % 2]!.post(copy, { ip: body.ip })),
		);
		expect(kinds(answers)).toEqual({ sent: 1, "refused 200": 5 });
	});

	it("takes a form token once, whichever process sees it first", async () => {
		const token = clients[0].timeTrap();
		// Each copy with a challenge of its own, solved from its own address: only the form token is replayed.
		const bodies: SignupBody[] = await Promise.all(
			Array.from({ length: 6 }, () => clients[0].fields({ _started: token })),
		);
		const answers = await Promise.all(bodies.map((body, index) => clients[index % 2]!.post(body)));
		expect(kinds(answers)).toEqual({ sent: 1, "refused 200": 5 });
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

	it("counts failed sign-ins per account and network together: after ten through both, that network waits", async () => {
		const target = await cashier("Target");
		const network = (host: number) => ({ "x-forwarded-for": `192.0.2.${host}` });
		const failures = await Promise.all(
			Array.from({ length: 10 }, (_, attempt) =>
				postSignIn(
					servers[attempt % 2]!,
					{ email: target.email, password: `guess ${attempt}` },
					network(attempt),
				),
			),
		);
		expect(failures.map((response) => response.status)).toEqual(Array(10).fill(200));
		for (const server of servers) expect((await postSignIn(server, target, network(99))).status).toBe(429);
		expect((await postSignIn(second, target, { "x-forwarded-for": "198.51.100.1" })).status).toBe(303);
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

const VOUCHER_LIMIT = 100;

describeServerDatabases(
	"the campaign's voucher limit over two processes on one %s database",
	(_kind, createDatabase) => {
		let drop: () => Promise<void>;
		let first: StaffServer;
		let secondServer: TestServer;
		let clients: [RegistrationClient, RegistrationClient];

		beforeAll(async () => {
			const database = await createDatabase();
			drop = database.drop;
			const sessionSecret = randomBytes(32).toString("base64url");
			const env = { ...database.env, SESSION_SECRET: sessionSecret, VOUCHER_LIMIT: String(VOUCHER_LIMIT) };
			first = await startStaffServer(env);
			secondServer = await startServer({ env: { ...env, DATA_DIR: first.dataDir } });
			clients = [
				await RegistrationClient.connect({ url: first.server.origin, sessionSecret }),
				await RegistrationClient.connect({ url: secondServer.origin, sessionSecret }),
			];
		}, 60_000);
		afterAll(async () => {
			await secondServer?.stop();
			await first?.stop();
			await drop?.();
		});

		it(`issues exactly ${VOUCHER_LIMIT} vouchers to 300 concurrent confirmations through both; the rest are sold out (410)`, async () => {
			const signups: string[] = [];
			for (let batch = 0; batch < 300; batch += 20) {
				const bodies = await Promise.all(Array.from({ length: 20 }, () => clients[0].fields()));
				const answers = await Promise.all(bodies.map((body, index) => clients[index % 2]!.post(body)));
				for (const answer of answers) {
					if (answer.kind !== "sent")
						throw new Error(`a signup was not acknowledged: ${JSON.stringify(answer)}`);
					signups.push(answer.signupId);
				}
			}

			const answers = await Promise.all(
				signups.map((signupId, index) => clients[index % 2]!.confirm(signupId)),
			);
			expect(kinds(answers)).toEqual({ voucher: VOUCHER_LIMIT, "refused 410": 300 - VOUCHER_LIMIT });
			const vouchers = answers.flatMap((answer) => (answer.kind === "voucher" ? [answer.token] : []));
			expect(new Set(vouchers).size).toBe(VOUCHER_LIMIT);

			const stored = await storedRegistrations(first.database.db);
			expect(stored).toMatchObject({
				registrations: VOUCHER_LIMIT,
				vouchers: VOUCHER_LIMIT,
				vouchersCounted: VOUCHER_LIMIT,
				notOneVoucher: 0,
				issuedWithoutVoucher: 0,
				withoutSignup: 0,
				// Each signup's confirmation e-mail, and each voucher's own: a sold-out one rolled back its e-mail.
				mails: 300 + VOUCHER_LIMIT,
				withoutVoucherMail: 0,
			});
			expect(Object.fromEntries(stored.signupOutcomes)).toEqual({
				issued: VOUCHER_LIMIT,
				"sold-out": 300 - VOUCHER_LIMIT,
			});
			// Opened again, a link shows what its first opening decided.
			const again = await Promise.all(
				signups.slice(0, 20).map((id, index) => clients[index % 2]!.confirm(id)),
			);
			expect(again.map((answer) => answer.kind === "voucher" && answer.token)).toEqual(
				answers.slice(0, 20).map((answer) => answer.kind === "voucher" && answer.token),
			);
			// And e-mails nothing more.
			expect((await storedRegistrations(first.database.db)).mails).toBe(300 + VOUCHER_LIMIT);
		}, 120_000);
	},
);
