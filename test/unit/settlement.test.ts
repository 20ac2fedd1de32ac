/**
 * Settlement (src/server/settlement) on each database: a Prague month's redemptions per store against the
 * rows, chain subtotals and total, the CSV parsed back; a closed month frozen with its checksum, its late
 * and undone redemptions settled in the next open month, closing and reopening audited.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { expect, it, vi } from "vitest";
import { monthRange, statementCsv } from "../../src/domain/settlement/statement";
import type { Database } from "../../src/server/db/schema";
import { closedMonth, closeMonth, liveStatement, reopenMonth } from "../../src/server/settlement/settlement";
import { seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

/** A voucher redeemed at `store` at `at` (ISO); resolves to its redemption id. */
async function redeemed(db: Kysely<Database>, store: string, at: string): Promise<string> {
	const code = await seedVoucher(db);
	const redemptionId = randomUUID();
	await db
		.updateTable("vouchers")
		.set({ redeemed_at: at, redeemed_store_id: store, redemption_id: redemptionId })
		.where("code", "=", code)
		.execute();
	return redemptionId;
}

/** The API's undo: the voucher is no longer redeemed. */
async function undo(db: Kysely<Database>, redemptionId: string): Promise<void> {
	await db
		.updateTable("vouchers")
		.set({ redeemed_at: null, redeemed_store_id: null, redemption_id: null })
		.where("redemption_id", "=", redemptionId)
		.execute();
}

/** The CSV as Excel with Czech settings reads it: BOM, `;`, CRLF, quoted texts. */
function parseCsv(text: string): string[][] {
	expect(text.startsWith("\uFEFF")).toBe(true);
	expect(text.endsWith("\r\n")).toBe(true);
	return text
		.slice(1, -2)
		.split("\r\n")
		.map((line) =>
			line.split(";").map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)),
		);
}

describeDatabases("settlement on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("counts a Prague month's redemptions per store, with chain subtotals, and the CSV says the same", async () => {
		const { db } = (await openDatabase()).handle;
		const brno = await seedStore(db, "Drogerie Sluníčko Brno");
		const zlin = await seedStore(db, "Drogerie Sluníčko Zlín");
		const olomouc = await seedStore(db, "Pleťovka Olomouc");
		// March 2026 in Prague: from 2026-02-28T23:00Z (CET) to 2026-03-31T22:00Z (CEST).
		expect(monthRange("2026-03")).toEqual({
			start: "2026-02-28T23:00:00.000Z",
			end: "2026-03-31T22:00:00.000Z",
		});
		await redeemed(db, brno, "2026-02-28T23:00:00.000Z"); // 1 March, 00:00 Prague
		await redeemed(db, brno, "2026-03-15T10:00:00.000Z");
		await redeemed(db, zlin, "2026-03-31T21:59:59.999Z"); // 31 March, 23:59 Prague
		await redeemed(db, olomouc, "2026-03-02T08:00:00.000Z");
		await redeemed(db, olomouc, "2026-02-28T22:59:59.999Z"); // 28 February in Prague
		await redeemed(db, zlin, "2026-03-31T22:00:00.000Z"); // 1 April in Prague
		const statement = await liveStatement(db, "2026-03", 150);
		expect(statement.rows).toEqual([
			{
				storeId: brno,
				storeName: "Drogerie Sluníčko Brno",
				chain: "Drogerie Sluníčko",
				count: 2,
				amountCzk: 300,
			},
			{
				storeId: zlin,
				storeName: "Drogerie Sluníčko Zlín",
				chain: "Drogerie Sluníčko",
				count: 1,
				amountCzk: 150,
			},
			{ storeId: olomouc, storeName: "Pleťovka Olomouc", chain: "Pleťovka", count: 1, amountCzk: 150 },
		]);
		expect(statement.chains).toEqual([
			{ chain: "Drogerie Sluníčko", count: 3, amountCzk: 450 },
			{ chain: "Pleťovka", count: 1, amountCzk: 150 },
		]);
		expect(statement.total).toEqual({ count: 4, amountCzk: 600 });
		// The same sums straight from the rows.
		const { start, end } = monthRange("2026-03");
		const rows = await db
			.selectFrom("vouchers")
			.select("id")
			.where("redeemed_at", ">=", start)
			.where("redeemed_at", "<", end)
			.execute();
		expect(rows).toHaveLength(statement.total.count);

		const csv = parseCsv(statementCsv(statement, ["Id", "Prodejna", "Síť", "Počet", "Částka (Kč)"]));
		expect(csv[0]).toEqual(["Id", "Prodejna", "Síť", "Počet", "Částka (Kč)"]);
		expect(csv.slice(1).map((row) => [row[0], Number(row[3]), Number(row[4])])).toEqual([
			[brno, 2, 300],
			[zlin, 1, 150],
			[olomouc, 1, 150],
		]);
		expect(csv.slice(1).reduce((sum, row) => sum + Number(row[4]), 0)).toBe(600);
	});

	it("freezes a closed month with its checksum; late and undone redemptions go to the next open month", async () => {
		const { db } = (await openDatabase()).handle;
		const admin = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
		const actor = { id: admin.id, name: admin.name };
		const brno = await seedStore(db, "Drogerie Sluníčko Brno");
		const first = await redeemed(db, brno, "2026-03-10T10:00:00.000Z");
		await redeemed(db, brno, "2026-03-11T10:00:00.000Z");
		await redeemed(db, brno, "2026-04-02T10:00:00.000Z");

		expect(await closeMonth(db, actor, "2026-03", 150, new Date("2026-03-31T12:00:00Z"))).toEqual({
			ok: false,
			reason: "not-ended",
		});
		const closing = new Date("2026-04-05T08:00:00.000Z");
		const closed = await closeMonth(db, actor, "2026-03", 150, closing);
		if (!closed.ok) throw new Error(closed.reason);
		expect(closed.checksum).toMatch(/^[0-9a-f]{64}$/);
		expect(await closeMonth(db, actor, "2026-03", 150, closing)).toEqual({ ok: false, reason: "closed" });

		// After closing: one of March's is undone, one is recorded late into March, the value changes.
		await undo(db, first);
		await redeemed(db, brno, "2026-03-20T10:00:00.000Z");
		await redeemed(db, brno, "2026-03-21T10:00:00.000Z");
		const march = await closedMonth(db, "2026-03");
		expect(march?.intact).toBe(true);
		expect(march?.checksum).toBe(closed.checksum);
		expect(march?.statement.total).toEqual({ count: 2, amountCzk: 300 });
		// April: its own one, March's two late ones, less March's undone one.
		const april = await liveStatement(db, "2026-04", 150);
		expect(april.total).toEqual({ count: 2, amountCzk: 300 });

		// Closing April settles exactly that, and May then owes nothing of it again.
		const aprilClosed = await closeMonth(db, actor, "2026-04", 150, new Date("2026-05-03T08:00:00Z"));
		expect(aprilClosed.ok).toBe(true);
		expect((await closedMonth(db, "2026-04"))?.statement.total).toEqual({ count: 2, amountCzk: 300 });
		expect((await liveStatement(db, "2026-05", 150)).total).toEqual({ count: 0, amountCzk: 0 });

		// A changed stored statement no longer matches its checksum.
		await db
			.updateTable("settlement_months")
			.set({
				statement: (eb) => eb.fn("replace", [eb.ref("statement"), eb.val('"count":2'), eb.val('"count":3')]),
			})
			.where("month", "=", "2026-03")
			.execute();
		expect((await closedMonth(db, "2026-03"))?.intact).toBe(false);

		// Reopening April: its figures are live again, the same as they were.
		expect((await reopenMonth(db, actor, "2026-04", new Date("2026-05-04T08:00:00Z"))).ok).toBe(true);
		expect(await closedMonth(db, "2026-04")).toBeUndefined();
		expect((await liveStatement(db, "2026-04", 150)).total).toEqual({ count: 2, amountCzk: 300 });
		expect(await reopenMonth(db, actor, "2026-04")).toEqual({ ok: false, reason: "open" });

		const audit = await db
			.selectFrom("audit_log")
			.select(["actor_id", "action", "subject_id", "before", "after"])
			.orderBy("created_at")
			.execute();
		expect(audit.map((row) => [row.action, row.subject_id])).toEqual([
			["settlement.close", "2026-03"],
			["settlement.close", "2026-04"],
			["settlement.reopen", "2026-04"],
		]);
		expect(JSON.parse(audit[0]?.after ?? "")).toEqual({
			checksum: closed.checksum,
			count: 2,
			amountCzk: 300,
			voucherValueCzk: 150,
		});
		expect(audit[2]?.after).toBeNull();
		expect(JSON.parse(audit[2]?.before ?? "")).toMatchObject({ count: 2, amountCzk: 300 });
	});
});
