/**
 * Sign-in limits over HTTP, against a server of its own on SQLite and on PostgreSQL: failures slow and
 * then stop the network they come from, never the account itself, so a stranger cannot lock a till out.
 * Client addresses come from X-Forwarded-For (the test client is the trusted loopback proxy).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SeededStaff, seedStaff, seedStore } from "../helpers/staff-fixtures";
import { describeServerDatabases } from "../helpers/test-databases";
import { postSignIn, type StaffServer, sessionCookie, startStaffServer } from "./staff-support";

const from = (ip: string) => ({ "x-forwarded-for": ip });
/** Each sign-in runs scrypt (tens of milliseconds of CPU); these tests make dozens, on a busy machine too. */
const SCRYPT_HEAVY_MS = 120_000;

describeServerDatabases("sign-in limits on %s", (_kind, createDatabase) => {
	let staff: StaffServer;
	let drop: () => Promise<void>;
	let storeId: string;
	const till = (name: string): Promise<SeededStaff> =>
		seedStaff(staff.database.db, { role: "staff", storeId, name });

	beforeAll(async () => {
		const database = await createDatabase();
		drop = database.drop;
		staff = await startStaffServer(database.env);
		storeId = await seedStore(staff.database.db);
	});
	afterAll(async () => {
		await staff?.stop();
		await drop?.();
	}, SCRYPT_HEAVY_MS);

	/** A wrong password: answered with the form again, and how long the answer took. */
	async function fail(email: string, ip: string): Promise<number> {
		const started = performance.now();
		const response = await postSignIn(staff, { email, password: "not the password" }, from(ip));
		const html = await response.text();
		expect(response.status).toBe(200);
		expect(html).toContain("Nesprávný e-mail nebo heslo.");
		return performance.now() - started;
	}

	it(
		"ten failures from ten networks lock nobody out: the right password from a fresh network signs in",
		async () => {
			const target = await till("Target");
			for (let network = 0; network < 10; network++) await fail(target.email, `198.51.${network}.7`);
			const response = await postSignIn(staff, target, from("203.0.113.9"));
			expect(response.status).toBe(303);
			expect(sessionCookie(response)).toBeDefined();
			// Nor is a network that failed once held up.
			expect((await postSignIn(staff, target, from("198.51.3.200"))).status).toBe(303);
		},
		SCRYPT_HEAVY_MS,
	);

	it(
		"answers repeated failures from one network ever later, then refuses that network only",
		async () => {
			const target = await till("Guessed");
			// Ten failures at once from ten addresses of one /24: one network.
			const durations = await Promise.all(
				Array.from({ length: 10 }, (_, index) => fail(target.email, `192.0.2.${index + 1}`)),
			);
			durations.sort((a, b) => a - b);
			// Three answered at once, then 1, 2 and 4 seconds (at most) each.
			expect(durations[3]).toBeGreaterThanOrEqual(1000);
			expect(durations[4]).toBeGreaterThanOrEqual(2000);
			expect(durations[5]).toBeGreaterThanOrEqual(4000);

			const refused = await postSignIn(staff, target, from("192.0.2.200"));
			expect(refused.status).toBe(429);
			expect(sessionCookie(refused)).toBeUndefined();
			const retryAfter = Number(refused.headers.get("retry-after"));
			expect(retryAfter).toBeGreaterThan(14 * 60);
			expect(retryAfter).toBeLessThanOrEqual(15 * 60);
			expect(await refused.text()).toMatch(/Příliš mnoho pokusů o přihlášení. Zkuste to znovu za 1[45] min./);
			// The same network may still sign in to other accounts; any other network to this one.
			expect((await postSignIn(staff, await till("Colleague"), from("192.0.2.201"))).status).toBe(303);
			expect((await postSignIn(staff, target, from("192.0.3.1"))).status).toBe(303);
		},
		SCRYPT_HEAVY_MS,
	);

	it(
		"refuses a network after thirty failures at any accounts, and only that network",
		async () => {
			const colleague = await till("Next door");
			// Three e-mails each (no delay yet): a spray over many accounts.
			for (let batch = 0; batch < 3; batch++) {
				await Promise.all(
					Array.from({ length: 10 }, (_, index) =>
						fail(`spray${index}@lumen.example`, `2001:db8:1:${batch}::${index + 1}`),
					),
				);
			}
			const refused = await postSignIn(staff, colleague, from("2001:db8:1:ff::1"));
			expect(refused.status).toBe(429);
			expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
			expect((await postSignIn(staff, colleague, from("2001:db8:1:100::1"))).status).toBe(303);
		},
		SCRYPT_HEAVY_MS,
	);

	it(
		"counts no successful sign-in: a busy shared network is never refused",
		async () => {
			const tills = await Promise.all(Array.from({ length: 5 }, (_, index) => till(`Shift ${index}`)));
			const statuses: number[] = [];
			for (let round = 0; round < 8; round++) {
				const answers = await Promise.all(
					tills.map((account) => postSignIn(staff, account, from("203.0.114.9"))),
				);
				statuses.push(...answers.map((response) => response.status));
			}
			expect(statuses).toEqual(Array(40).fill(303));
		},
		SCRYPT_HEAVY_MS,
	);
});
