import { expect, it } from "vitest";
import { BatchedRateLimitCounter } from "../../src/server/security/batched-rate-limit-store";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describeDatabases("batched rate-limit counters on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("counts exactly in one process, and every process's hits once synced", async () => {
		const { db } = (await openDatabase()).handle;
		let now = Date.parse("2026-05-01T10:00:00.000Z");
		const one = new BatchedRateLimitCounter(db, () => now);
		const two = new BatchedRateLimitCounter(db, () => now);
		const hits = (counter: BatchedRateLimitCounter, n: number) =>
			Array.from({ length: n }, () => counter.hit("api:key_1", 60_000).hits);
		expect(hits(one, 3)).toEqual([1, 2, 3]);
		expect(hits(two, 2)).toEqual([1, 2]);
		// Two syncs at once add the pending hits once.
		await Promise.all([one.sync(), one.sync()]);
		await two.sync();
		expect(two.hit("api:key_1", 60_000).hits).toBe(6);
		// The other process's hits reach this one with its next sync of a hit of its own.
		expect(one.hit("api:key_1", 60_000).hits).toBe(4);
		await one.sync();
		// Every hit synced so far (3 + 2 + its own 1), and this one; the other's last waits for its sync.
		expect(one.hit("api:key_1", 60_000).hits).toBe(7);
		await Promise.all([one.sync(), two.sync()]);
		const [row] = await db.selectFrom("rate_limits").selectAll().execute();
		expect(Number(row?.hits)).toBe(8);

		// A new window starts from nothing, in memory and in the row.
		now += 61_000;
		expect(one.hit("api:key_1", 60_000)).toEqual({ hits: 1, ttlMs: 60_000 });
		await one.sync();
		const [fresh] = await db.selectFrom("rate_limits").selectAll().execute();
		expect(Number(fresh?.hits)).toBe(1);
		expect(fresh?.window_ends_at).toBe(new Date(now + 60_000).toISOString());
	});
});
