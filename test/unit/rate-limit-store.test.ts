import { expect, it } from "vitest";
import {
	deleteEndedRateLimits,
	hitRateLimit,
	hitRateLimits,
	peekRateLimit,
} from "../../src/server/security/rate-limit-store";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describeDatabases("rate-limit counters on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const setup = async () => {
		const database = await openDatabase();
		return database.handle.db;
	};
	const at = (ms: number) => new Date(Date.UTC(2026, 4, 12, 8, 0, 0) + ms);

	it("counts hits within a window and starts again after it", async () => {
		const db = await setup();
		expect(await hitRateLimit(db, "register:192.0.2.1", 60_000, at(0))).toEqual({ hits: 1, ttlMs: 60_000 });
		expect(await hitRateLimit(db, "register:192.0.2.1", 60_000, at(10_000))).toEqual({
			hits: 2,
			ttlMs: 50_000,
		});
		expect(await hitRateLimit(db, "register:192.0.2.2", 60_000, at(10_000))).toEqual({
			hits: 1,
			ttlMs: 60_000,
		});
		expect(await hitRateLimit(db, "register:192.0.2.1", 60_000, at(60_000))).toEqual({
			hits: 1,
			ttlMs: 60_000,
		});
	});

	it("counts several keys in one statement, each in its own window, and under concurrency", async () => {
		const db = await setup();
		const hits = [
			{ key: "mail-sender:192.0.2.9", windowMs: 60_000 },
			{ key: "mail-recipient:a@example.cz", windowMs: 10_000 },
		];
		await hitRateLimit(db, "mail-sender:192.0.2.9", 60_000, at(0));
		expect(await hitRateLimits(db, hits, at(1_000))).toEqual(
			new Map([
				["mail-sender:192.0.2.9", 2],
				["mail-recipient:a@example.cz", 1],
			]),
		);
		expect(await peekRateLimit(db, "mail-recipient:a@example.cz", at(1_000))).toEqual({
			hits: 1,
			ttlMs: 10_000,
		});
		// Overlapping sets of keys at once, in any order: every hit counted, none lost to a deadlock.
		const shared = { key: "signup-network:192.0.2.0/24", windowMs: 60_000 };
		await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				hitRateLimits(
					db,
					i % 2 ? [shared, { key: `k${i}`, windowMs: 60_000 }] : [{ key: `k${i}`, windowMs: 60_000 }, shared],
					at(2_000),
				),
			),
		);
		expect(await peekRateLimit(db, shared.key, at(2_000))).toEqual({ hits: 20, ttlMs: 60_000 });
	});

	it("peeks without counting; an ended window reads as empty", async () => {
		const db = await setup();
		await hitRateLimit(db, "sign-in:account:a", 60_000, at(0));
		expect(await peekRateLimit(db, "sign-in:account:a", at(1_000))).toEqual({ hits: 1, ttlMs: 59_000 });
		expect(await peekRateLimit(db, "sign-in:account:a", at(1_000))).toEqual({ hits: 1, ttlMs: 59_000 });
		expect(await peekRateLimit(db, "sign-in:account:a", at(60_000))).toEqual({ hits: 0, ttlMs: 0 });
		expect(await peekRateLimit(db, "sign-in:account:b", at(0))).toEqual({ hits: 0, ttlMs: 0 });
	});

	it("counts every one of 100 concurrent hits", async () => {
		const db = await setup();
		const counts = await Promise.all(Array.from({ length: 100 }, () => hitRateLimit(db, "redeem:x", 60_000)));
		expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 100 }, (_, index) => index + 1),
		);
	});

	it("deletes ended windows only", async () => {
		const db = await setup();
		await hitRateLimit(db, "old", 1_000, at(0));
		await hitRateLimit(db, "current", 60_000, at(0));
		await deleteEndedRateLimits(db, at(1_000));
		const keys = await db.selectFrom("rate_limits").select("key").execute();
		expect(keys.map((row) => row.key)).toEqual(["current"]);
	});

	it("counts together across handles on one database, as server processes do", async () => {
		const database = await openDatabase();
		const handles = [database.handle, await database.openAnother()];
		const counts = await Promise.all(
			Array.from({ length: 60 }, (_, index) =>
				hitRateLimit(handles[index % 2]!.db, "register:192.0.2.9", 60_000),
			),
		);
		expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 60 }, (_, index) => index + 1),
		);
	});
});
