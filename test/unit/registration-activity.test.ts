import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/schema";
import {
	MAX_PENDING_KEYS,
	NETWORK_DAYS_KEPT,
	OTHER_KEY,
	RegistrationActivity,
} from "../../src/server/fraud/activity";
import { fraudFigures } from "../../src/server/fraud/queries";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describeDatabases("the fraud watch's counts on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("adds every process's counts to the same hourly rows, and shows them per Prague day", async () => {
		const { db } = (await openDatabase()).handle;
		// 23:30 UTC on 9 March is 10 March in Prague.
		let now = new Date("2026-03-09T23:30:00.000Z");
		const one = new RegistrationActivity(db, () => now);
		const two = new RegistrationActivity(db, () => now);
		one.signup("jana@seznam.cz", "203.0.113.0/24");
		one.signup("petr@seznam.cz", "203.0.113.0/24");
		two.signup("eva@gmail.com", "203.0.113.0/24");
		one.refusal("email-disposable");
		two.refusal("email-disposable");
		two.refusal("person");
		await Promise.all([one.flush(), two.flush()]);
		now = new Date("2026-03-10T09:00:00.000Z");
		one.refusal("email-disposable");
		await one.flush();
		// Flushing again writes nothing twice.
		await one.flush();

		const figures = await fraudFigures(db, { from: "2026-03-09", to: "2026-03-10" });
		expect(figures.days).toEqual(["2026-03-09", "2026-03-10"]);
		expect(figures.domains).toEqual([
			{ key: "seznam.cz", total: 2, byDay: [0, 2] },
			{ key: "gmail.com", total: 1, byDay: [0, 1] },
		]);
		expect(figures.networks).toEqual([{ key: "203.0.113.0/24", total: 3, byDay: [0, 3] }]);
		const refusals = Object.fromEntries(figures.refusals.map((series) => [series.key, series.byDay]));
		expect(refusals["email-disposable"]).toEqual([0, 3]);
		expect(refusals.person).toEqual([0, 1]);
		expect(refusals["bot-too-fast"]).toEqual([0, 0]);
		// Outside the range: nothing.
		const before = await fraudFigures(db, { from: "2026-03-01", to: "2026-03-09" });
		expect(before.domains).toEqual([]);
		expect(before.refusals.every((series) => series.total === 0)).toBe(true);
	});

	it("ends a flush called while another writes once that one's counts are written too", async () => {
		const { db } = (await openDatabase()).handle;
		const now = new Date("2026-05-01T10:00:00.000Z");
		const held = holdingInserts(db);
		const activity = new RegistrationActivity(held.db, () => now);
		activity.refusal("person");
		// The timer's flush takes the count and is writing it when a reader flushes.
		const timers = activity.flush();
		const reader = activity.flush();
		const first = await Promise.race([
			reader.then(() => "ended"),
			new Promise((resolve) => setImmediate(resolve, "waiting")),
		]);
		expect(first).toBe("waiting");
		held.release();
		await reader;
		const rows = await db.selectFrom("registration_activity").select(["key", "count"]).execute();
		expect(rows.map((row) => ({ key: row.key, count: Number(row.count) }))).toEqual([
			{ key: "person", count: 1 },
		]);
		await timers;
	});

	it("keeps a bounded number of counters between writes: the rest is counted as other", async () => {
		const { db } = (await openDatabase()).handle;
		const now = new Date("2026-04-01T10:00:00.000Z");
		const activity = new RegistrationActivity(db, () => now);
		for (let i = 0; i < MAX_PENDING_KEYS + 10; i++) activity.refusal("limit-network");
		// Every sign-up counts a domain and a network: half the counters for distinct networks.
		for (let i = 0; i < MAX_PENDING_KEYS; i++)
			activity.signup("a@example.cz", `10.${i >> 8}.${i & 255}.0/24`);
		await activity.flush();
		const rows = await db.selectFrom("registration_activity").selectAll().execute();
		expect(rows.length).toBeLessThanOrEqual(MAX_PENDING_KEYS + 2);
		const total = (kind: string) =>
			rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.count), 0);
		expect(total("refusal")).toBe(MAX_PENDING_KEYS + 10);
		expect(total("signup-network")).toBe(MAX_PENDING_KEYS);
		expect(rows.some((row) => row.kind === "signup-network" && row.key === OTHER_KEY)).toBe(true);
	});

	it("counts again what a failed write did not store", async () => {
		const { db } = (await openDatabase()).handle;
		const now = new Date("2026-04-02T10:00:00.000Z");
		const activity = new RegistrationActivity(db, () => now);
		activity.refusal("bot-expired");
		await db.schema.alterTable("registration_activity").renameTo("registration_activity_away").execute();
		await expect(activity.flush()).rejects.toThrow();
		activity.refusal("bot-expired");
		await db.schema.alterTable("registration_activity_away").renameTo("registration_activity").execute();
		await activity.flush();
		const rows = await db.selectFrom("registration_activity").selectAll().execute();
		expect(rows.map((row) => [row.key, Number(row.count)])).toEqual([["bot-expired", 2]]);
	});

	it("deletes network counts after their days, and keeps the rest", async () => {
		const { db } = (await openDatabase()).handle;
		let now = new Date("2026-01-01T10:00:00.000Z");
		const activity = new RegistrationActivity(db, () => now);
		activity.signup("a@example.cz", "192.0.2.0/24");
		activity.refusal("limit-sender");
		await activity.flush();
		now = new Date(now.getTime() + (NETWORK_DAYS_KEPT - 1) * 86_400_000);
		await activity.prune();
		expect(await db.selectFrom("registration_activity").select("kind").execute()).toHaveLength(3);
		now = new Date(now.getTime() + 2 * 86_400_000);
		await activity.prune();
		const kept = await db.selectFrom("registration_activity").select("kind").orderBy("kind").execute();
		expect(kept.map((row) => row.kind)).toEqual(["refusal", "signup-domain"]);
	});
});

/** The database with every insert held until `release()`: a write that takes its time. */
function holdingInserts(db: Kysely<Database>): { db: Kysely<Database>; release: () => void } {
	let release = () => {};
	const gate = new Promise<void>((resolve) => {
		release = resolve;
	});
	// A query builder whose execute() waits for the gate, as does every builder its methods return.
	const hold = (builder: object): object =>
		new Proxy(builder, {
			get(target, property) {
				const value: unknown = Reflect.get(target, property);
				if (typeof value !== "function") return value;
				if (property === "execute")
					return async () => {
						await gate;
						return value.call(target);
					};
				return (...args: unknown[]) => {
					const result: unknown = value.apply(target, args);
					return typeof result === "object" && result !== null && "execute" in result ? hold(result) : result;
				};
			},
		});
	const proxy = new Proxy(db, {
		get(target, property) {
			if (property !== "insertInto") return Reflect.get(target, property);
			return (...args: Parameters<Kysely<Database>["insertInto"]>) => hold(target.insertInto(...args));
		},
	});
	return { db: proxy, release };
}
