import type { Kysely } from "kysely";
import type { VoidReason } from "../../domain/fraud/void-reason";
import { isLang, type Lang } from "../../i18n";
import { type AuditActor, lockAuditedChanges, writeAudit } from "../audit/audit-log";
import type { Database } from "../db/schema";
import type { MailMessage } from "../registration/mail";
import { enqueue } from "../registration/outbox";

export type VoidOutcome =
	| { readonly ok: true; readonly code: string; readonly told: boolean }
	| { readonly ok: false; readonly problem: "unknown" | "redeemed" | "voided" };

/** The e-mail that tells a voucher's holder it was voided, in their language (null: their data is erased). */
export type VoidMail = (holder: { lang: Lang; recipient: string; name: string; code: string }) => MailMessage;

/**
 * An admin voids an unredeemed voucher: in one transaction the voucher can no longer be redeemed, the
 * audit log says who did it and why, and its holder's e-mail is queued (unless their data was erased).
 * A redemption at the same moment wins or loses whole: the update only takes a voucher that is still
 * neither redeemed nor voided.
 */
export async function voidVoucher(
	db: Kysely<Database>,
	change: { actor: AuditActor; code: string; note: string; now: Date },
	mail: VoidMail,
): Promise<VoidOutcome> {
	const { actor, code, note, now } = change;
	return db.transaction().execute(async (trx) => {
		await lockAuditedChanges(trx);
		const voucher = await trx
			.selectFrom("vouchers")
			.innerJoin("registrations", "registrations.id", "vouchers.registration_id")
			.select([
				"vouchers.id",
				"vouchers.voided_at",
				"registrations.email",
				"registrations.name",
				"registrations.lang",
				"registrations.anonymised_at",
			])
			.where("vouchers.code", "=", code)
			.executeTakeFirst();
		if (!voucher) return { ok: false, problem: "unknown" };
		if (voucher.voided_at !== null) return { ok: false, problem: "voided" };
		const updated = await trx
			.updateTable("vouchers")
			.set({ voided_at: now.toISOString(), voided_because: "terms" satisfies VoidReason })
			.where("id", "=", voucher.id)
			.where("redeemed_at", "is", null)
			.where("voided_at", "is", null)
			.executeTakeFirst();
		// Redeemed: before, or by a till between the read and the update (which waits for the till's commit).
		if (Number(updated.numUpdatedRows) === 0) return { ok: false, problem: "redeemed" };
		const told = voucher.anonymised_at === null;
		await writeAudit(trx, {
			actor,
			action: "voucher.void",
			subjectId: voucher.id,
			before: { code, status: "valid" },
			after: { code, status: "void", note, holderTold: told },
			now,
		});
		if (told) {
			const lang = isLang(voucher.lang) ? voucher.lang : "cs";
			await enqueue(trx, mail({ lang, recipient: voucher.email, name: voucher.name, code }), now);
		}
		return { ok: true, code, told };
	});
}
