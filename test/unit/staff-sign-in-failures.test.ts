import { describe, expect, it } from "vitest";
import {
	emailHash,
	FAILURE_RETENTION_MS,
	recordSignInFailure,
	signInFailures,
} from "../../src/server/staff/sign-in-failures";
import { seedStaff, seedStore } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

const HOUR_MS = 60 * 60 * 1000;

describe("the hash of an e-mail without an account", () => {
	it("is keyed with the server's secret: the same for one address, nothing a list of addresses reveals", () => {
		const hash = emailHash("secret", "nobody@lumen.example");
		expect(hash).toBe(emailHash("secret", "nobody@lumen.example"));
		expect(hash).not.toBe(emailHash("another secret", "nobody@lumen.example"));
		expect(hash).not.toBe(emailHash("secret", "somebody@lumen.example"));
		expect(hash).not.toContain("nobody");
	});
});

describeDatabases("failed sign-ins on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const now = new Date("2026-05-12T08:00:00.000Z");
	const ago = (ms: number) => new Date(now.getTime() - ms);

	it("lists per account the failures of the last 24 hours and the latest one's time and network", async () => {
		const { db } = (await openDatabase()).handle;
		const storeId = await seedStore(db);
		const till = await seedStaff(db, { role: "staff", storeId, name: "Till" });
		const editor = await seedStaff(db, { role: "editor", name: "Editor" });
		await seedStaff(db, { role: "staff", storeId, name: "Never failed" });
		const failures = [
			{ account: { userId: till.id }, network: "192.0.2.0/24", now: ago(30 * HOUR_MS) },
			{ account: { userId: till.id }, network: "198.51.100.0/24", now: ago(2 * HOUR_MS) },
			{ account: { userId: till.id }, network: "203.0.113.0/24", now: ago(HOUR_MS) },
			{ account: { userId: editor.id }, network: "2001:db8::/56", now: ago(48 * HOUR_MS) },
			{ account: { emailHash: "a" }, network: "192.0.2.0/24", now: ago(3 * HOUR_MS) },
			{ account: { emailHash: "b" }, network: "198.51.100.0/24", now: ago(25 * HOUR_MS) },
			{ account: { emailHash: "a" }, network: "203.0.113.0/24", now: ago(26 * HOUR_MS) },
		];
		for (const failure of failures) await recordSignInFailure(db, failure);
		expect(await signInFailures(db, now)).toEqual({
			accounts: [
				{
					id: till.id,
					name: "Till",
					email: till.email,
					lastDay: 2,
					lastAt: ago(HOUR_MS).toISOString(),
					lastNetwork: "203.0.113.0/24",
				},
				{
					id: editor.id,
					name: "Editor",
					email: editor.email,
					lastDay: 0,
					lastAt: ago(48 * HOUR_MS).toISOString(),
					lastNetwork: "2001:db8::/56",
				},
			],
			unknownEmails: {
				lastDay: 1,
				lastAt: ago(3 * HOUR_MS).toISOString(),
				lastNetwork: "192.0.2.0/24",
				emails: 2,
			},
		});
	});

	it("lists nothing without failures", async () => {
		const { db } = (await openDatabase()).handle;
		expect(await signInFailures(db, now)).toEqual({ accounts: [], unknownEmails: undefined });
	});

	it("keeps failures 30 days: each one recorded deletes the older ones", async () => {
		const { db } = (await openDatabase()).handle;
		const till = await seedStaff(db, { role: "staff", storeId: await seedStore(db) });
		const old = { account: { userId: till.id }, network: "192.0.2.0/24" };
		await recordSignInFailure(db, { ...old, now: ago(FAILURE_RETENTION_MS + HOUR_MS) });
		await recordSignInFailure(db, { ...old, now: ago(FAILURE_RETENTION_MS - HOUR_MS) });
		await recordSignInFailure(db, { account: { emailHash: "a" }, network: "198.51.100.0/24", now });
		const kept = await db.selectFrom("sign_in_failures").select("created_at").orderBy("created_at").execute();
		expect(kept.map((row) => row.created_at)).toEqual([
			ago(FAILURE_RETENTION_MS - HOUR_MS).toISOString(),
			now.toISOString(),
		]);
	});
});
