import { describe, expect, it } from "vitest";
import { redeemVoucher, redemptionsBetween, refusalOf } from "../../src/server/staff/redemption";
import { ean13, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describe("refusal classification", () => {
	const today = "2026-05-12";
	const voucher = { redeemed_at: null, voided_at: null, valid_until: today, store_name: null };

	it("tells unknown, already redeemed (when and where) and expired apart", () => {
		expect(refusalOf("1", undefined, today)).toEqual({ kind: "unknown", code: "1" });
		expect(
			refusalOf("1", { ...voucher, redeemed_at: "2026-05-12T08:00:00.000Z", store_name: "Brno" }, today),
		).toEqual({
			kind: "already-redeemed",
			code: "1",
			redeemedAt: "2026-05-12T08:00:00.000Z",
			storeName: "Brno",
		});
		expect(refusalOf("1", { ...voucher, valid_until: "2026-05-11" }, today)).toEqual({
			kind: "expired",
			code: "1",
			validUntil: "2026-05-11",
		});
	});

	it("an already redeemed voucher reads as redeemed even after it expired", () => {
		const refusal = refusalOf(
			"1",
			{ ...voucher, redeemed_at: "2026-01-01T08:00:00Z", valid_until: "2026-01-31" },
			today,
		);
		expect(refusal?.kind).toBe("already-redeemed");
	});

	it("a voided voucher is refused as cancelled; one redeemed before it was voided still reads as redeemed", () => {
		const voided = { ...voucher, voided_at: "2026-05-10T08:00:00.000Z" };
		expect(refusalOf("1", voided, today)).toEqual({ kind: "voided", code: "1", because: "request" });
		expect(refusalOf("1", { ...voided, voided_because: "terms" }, today)).toEqual({
			kind: "voided",
			code: "1",
			because: "terms",
		});
		expect(refusalOf("1", { ...voided, redeemed_at: "2026-05-01T08:00:00.000Z" }, today)?.kind).toBe(
			"already-redeemed",
		);
	});

	it("a voucher still redeemable is no refusal: the caller tries again", () => {
		expect(refusalOf("1", voucher, today)).toBeUndefined();
	});
});

describeDatabases("redemption on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const setup = async () => {
		const database = await openDatabase();
		const { db } = database.handle;
		const storeId = await seedStore(db);
		const staff = await seedStaff(db, { role: "staff", storeId });
		return { db, storeId, staff };
	};

	it("redeems once; the next attempt learns when and where, never who redeemed it", async () => {
		const { db, storeId, staff } = await setup();
		const code = await seedVoucher(db);
		const now = new Date("2026-05-12T08:30:00.000Z");
		expect(await redeemVoucher(db, { code, staffId: staff.id, storeId }, now)).toEqual({
			kind: "redeemed",
			code,
			redemptionId: expect.any(String),
			redeemedAt: "2026-05-12T08:30:00.000Z",
		});
		expect(await redeemVoucher(db, { code, staffId: staff.id, storeId })).toEqual({
			kind: "already-redeemed",
			code,
			redeemedAt: "2026-05-12T08:30:00.000Z",
			storeName: "Drogerie Lumen Brno, Masarykova",
		});
		const row = await db
			.selectFrom("vouchers")
			.selectAll()
			.where("code", "=", code)
			.executeTakeFirstOrThrow();
		expect(row).toMatchObject({ redeemed_by: staff.id, redeemed_store_id: storeId });
	});

	it("refuses unknown codes and expired vouchers, and a voucher is valid through its last day (Prague time)", async () => {
		const { db, storeId, staff } = await setup();
		const attempt = (code: string, now: Date) => redeemVoucher(db, { code, staffId: staff.id, storeId }, now);
		expect(await attempt(ean13(1), new Date())).toEqual({ kind: "unknown", code: ean13(1) });
		const code = await seedVoucher(db, { validUntil: "2026-05-12" });
		expect(await attempt(code, new Date("2026-05-12T22:30:00Z"))).toEqual({
			kind: "expired",
			code,
			validUntil: "2026-05-12",
		});
		expect(await attempt(code, new Date("2026-05-12T21:30:00Z"))).toMatchObject({ kind: "redeemed", code });
	});

	it("50 concurrent redemptions of one voucher: exactly one succeeds", async () => {
		const { db, storeId } = await setup();
		const code = await seedVoucher(db);
		const tills = await Promise.all(
			Array.from({ length: 5 }, (_, index) =>
				seedStaff(db, { role: "staff", storeId, name: `Till ${index}` }),
			),
		);
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, (_, index) =>
				redeemVoucher(db, { code, staffId: tills[index % tills.length]!.id, storeId }),
			),
		);
		expect(outcomes.filter((outcome) => outcome.kind === "redeemed")).toHaveLength(1);
		expect(outcomes.filter((outcome) => outcome.kind === "already-redeemed")).toHaveLength(49);
		const winner = outcomes.findIndex((outcome) => outcome.kind === "redeemed");
		const row = await db
			.selectFrom("vouchers")
			.selectAll()
			.where("code", "=", code)
			.executeTakeFirstOrThrow();
		expect(row.redeemed_by).toBe(tills[winner % tills.length]!.id);
	}, 30_000);

	it("lists a day's redemptions per store, per staff member or all", async () => {
		const { db, storeId, staff } = await setup();
		const otherStore = await seedStore(db, "Drogerie Lumen Ostrava");
		const other = await seedStaff(db, { role: "staff", storeId: otherStore, name: "Olga" });
		const day = { start: "2026-05-11T22:00:00.000Z", end: "2026-05-12T22:00:00.000Z" };
		const here = await seedVoucher(db);
		const there = await seedVoucher(db);
		const yesterday = await seedVoucher(db);
		await redeemVoucher(db, { code: here, staffId: staff.id, storeId }, new Date("2026-05-12T07:00:00Z"));
		await redeemVoucher(
			db,
			{ code: there, staffId: other.id, storeId: otherStore },
			new Date("2026-05-12T09:00:00Z"),
		);
		await redeemVoucher(
			db,
			{ code: yesterday, staffId: staff.id, storeId },
			new Date("2026-05-11T21:59:00Z"),
		);
		expect((await redemptionsBetween(db, day, { storeId })).map((r) => r.code)).toEqual([here]);
		expect((await redemptionsBetween(db, day, { staffId: other.id })).map((r) => r.code)).toEqual([there]);
		expect(await redemptionsBetween(db, day, "all")).toEqual([
			{
				code: there,
				redeemedAt: "2026-05-12T09:00:00.000Z",
				staffName: "Olga",
				storeName: "Drogerie Lumen Ostrava",
			},
			{
				code: here,
				redeemedAt: "2026-05-12T07:00:00.000Z",
				staffName: "Petr Pokladní",
				storeName: "Drogerie Lumen Brno, Masarykova",
			},
		]);
	});
});
