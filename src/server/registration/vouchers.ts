import type { Kysely } from "kysely";
import type { VoucherStatus } from "../../components/voucher/texts";
import { voidReasonOf } from "../../domain/fraud/void-reason";
import { endOfPragueDay, pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";

/** A voucher link's token: 32 random bytes, base64url. */
export const TOKEN_FORMAT = /^[\w-]{43}$/;

/** Redeemed once redeemed; otherwise expired after its last valid day (Prague), else issued. */
export function voucherStatus(
	voucher: { redeemed_at: string | null; valid_until: string },
	now: Date,
): VoucherStatus {
	if (voucher.redeemed_at) return "redeemed";
	return pragueDate(now) > voucher.valid_until ? "expired" : "issued";
}

export async function findVoucher(db: Kysely<Database>, token: string, now: Date) {
	if (!TOKEN_FORMAT.test(token)) return undefined;
	const voucher = await db
		.selectFrom("vouchers")
		.select(["code", "valid_until", "redeemed_at", "voided_at", "voided_because"])
		.where("token", "=", token)
		.executeTakeFirst();
	if (!voucher) return undefined;
	return {
		code: voucher.code,
		validUntil: endOfPragueDay(voucher.valid_until),
		status: voucherStatus(voucher, now),
		redeemedAt: voucher.redeemed_at ? new Date(voucher.redeemed_at) : undefined,
		/** Why it was cancelled, if it was: the page then shows no code or barcode. */
		cancelled: voucher.voided_at === null ? undefined : voidReasonOf(voucher.voided_because),
	};
}
