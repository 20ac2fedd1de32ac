import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { voidReasonOf } from "../../domain/fraud/void-reason";
import type { Redemption, RedemptionOutcome, RedemptionScope, Refusal } from "../../domain/staff/redemptions";
import { pragueDate } from "../../prague-time";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";

/** What the database holds about a code that could not be redeemed. */
export interface VoucherState {
	readonly redeemed_at: string | null;
	readonly voided_at: string | null;
	/** Absent or null: voided at its holder's request. */
	readonly voided_because?: string | null;
	readonly valid_until: string;
	readonly store_name: string | null;
}

/**
 * Why a code was refused. undefined: nothing stands in the way (the day changed between the update and
 * this read), so the caller tries again.
 */
export function refusalOf(
	code: string,
	voucher: VoucherState | undefined,
	today: string,
): Refusal | undefined {
	if (!voucher) return { kind: "unknown", code };
	if (voucher.voided_at !== null && voucher.redeemed_at === null)
		return { kind: "voided", code, because: voidReasonOf(voucher.voided_because ?? null) };
	if (voucher.redeemed_at !== null) {
		return {
			kind: "already-redeemed",
			code,
			redeemedAt: voucher.redeemed_at,
			storeName: voucher.store_name,
		};
	}
	if (voucher.valid_until < today) return { kind: "expired", code, validUntil: voucher.valid_until };
	return undefined;
}

const redeemIfRedeemable = prepare(
	(
		db,
		values: {
			redeemedAt: string;
			staffId: string | null;
			storeId: string | null;
			redemptionId: string;
			code: string;
			today: string;
		},
	) =>
		db
			.updateTable("vouchers")
			.set({
				redeemed_at: values.redeemedAt,
				redeemed_by: values.staffId,
				redeemed_store_id: values.storeId,
				redemption_id: values.redemptionId,
			})
			.where("code", "=", values.code)
			.where("redeemed_at", "is", null)
			.where("voided_at", "is", null)
			.where("valid_until", ">=", values.today)
			.returning("id"),
);

/**
 * Redeems a voucher at most once: a single conditional UPDATE decides, so of any number of concurrent
 * attempts (in any number of processes) the database lets exactly one change the row. Only after a
 * refusal is the voucher read, to tell the staff member why.
 */
export async function redeemVoucher(
	db: Kysely<Database>,
	/** staffId: null for a partner chain's till, redeeming through the API (src/server/api). */
	attempt: { code: string; staffId: string | null; storeId: string | null },
	now = new Date(),
): Promise<RedemptionOutcome> {
	const { code } = attempt;
	for (let tries = 0; tries < 2; tries++) {
		const today = pragueDate(now);
		const redemptionId = randomUUID();
		const redeemedAt = now.toISOString();
		const updated = await redeemIfRedeemable(db, {
			redeemedAt,
			staffId: attempt.staffId,
			storeId: attempt.storeId,
			redemptionId,
			code,
			today,
		});
		if (updated.length === 1) return { kind: "redeemed", code, redemptionId, redeemedAt };
		const voucher = await db
			.selectFrom("vouchers")
			.leftJoin("stores", "stores.id", "vouchers.redeemed_store_id")
			.select([
				"vouchers.redeemed_at",
				"vouchers.voided_at",
				"vouchers.voided_because",
				"vouchers.valid_until",
				"stores.name as store_name",
			])
			.where("vouchers.code", "=", code)
			.executeTakeFirst();
		const refusal = refusalOf(code, voucher, today);
		if (refusal) return refusal;
		now = new Date();
	}
	throw new Error("A voucher was neither redeemable nor refused twice in a row");
}

/** Redemptions in a time range, newest first. */
export async function redemptionsBetween(
	db: Kysely<Database>,
	range: { start: string; end: string },
	scope: RedemptionScope,
): Promise<Redemption[]> {
	let query = db
		.selectFrom("vouchers")
		.leftJoin("stores", "stores.id", "vouchers.redeemed_store_id")
		.leftJoin("staff_users", "staff_users.id", "vouchers.redeemed_by")
		.select([
			"vouchers.code",
			"vouchers.redeemed_at",
			"staff_users.name as staff_name",
			"stores.name as store_name",
		])
		.where("vouchers.redeemed_at", ">=", range.start)
		.where("vouchers.redeemed_at", "<", range.end)
		.$narrowType<{ redeemed_at: string }>();
	if (scope !== "all") {
		query =
			"storeId" in scope
				? query.where("vouchers.redeemed_store_id", "=", scope.storeId)
				: query.where("vouchers.redeemed_by", "=", scope.staffId);
	}
	const rows = await query.orderBy("vouchers.redeemed_at", "desc").limit(500).execute();
	return rows.map((row) => ({
		code: row.code,
		redeemedAt: row.redeemed_at,
		staffName: row.staff_name,
		storeName: row.store_name,
	}));
}
