import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";
import { randomVoucherCode } from "../voucher-code";
import { issueInOneStatement } from "./confirm-in-one-statement";
import { CONFIRMED_COLUMNS, issuedMail, keyOf, registrationRow, validUntilOf } from "./confirm-parts";
import { linkConsents } from "./consents";
import { voucherToken } from "./links";
import { enqueue } from "./outbox";
import { CLEARED, type SignupContext, type SignupOutcome } from "./signups";

/** Ten random digits collide rarely; a few retries make a collision practically impossible to fail on. */
const CODE_ATTEMPTS = 5;

export type Confirmation =
	/** The mailbox's voucher (issued now, or earlier): its page's token. */
	| { readonly kind: "voucher"; readonly token: string }
	| { readonly kind: "refused"; readonly outcome: "person" | "closed" | "sold-out" }
	/** The link is not (or no longer) one of ours: unknown, replaced by a corrected address. */
	| { readonly kind: "unknown" }
	| { readonly kind: "expired" };

export interface ConfirmContext {
	readonly now: Date;
	/** Whether the campaign's period includes `now` (the voucher limit is decided here, by the counter). */
	readonly inPeriod: boolean;
	readonly voucherLimit: number;
	/** The campaign's settings' validity; VOUCHER_VALID_DAYS (confirm-parts.ts) when not given. */
	readonly voucherValidDays?: number;
	/** The absolute links of the e-mail with the voucher just issued (from the configured public origin). */
	readonly links: Pick<SignupContext, "voucherUrl" | "unsubscribeUrl">;
}

/** A concurrent confirmation took the mailbox or the person first: decide again, seeing it. */
class Contended extends Error {}
/** The counter refused: every voucher is issued. Thrown to roll the voucher back. */
class SoldOut extends Error {}

const claimSignup = prepare((db, where: { hash: string; now: string }) =>
	db
		.updateTable("signups")
		.set({ resolved_at: where.now })
		.where("confirm_hash", "=", where.hash)
		.where("outcome", "is", null)
		.where("expires_at", ">", where.now)
		.returning(CONFIRMED_COLUMNS),
);

const voucherOfMailbox = prepare((db, where: { canonical: string }) =>
	db
		.selectFrom("registrations")
		.innerJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.select(["registrations.id", "vouchers.token"])
		.where("registrations.email_canonical", "=", where.canonical)
		.where("registrations.duplicate_of", "is", null),
);

const registrationOfPerson = prepare((db, where: { key: string }) =>
	db
		.selectFrom("registrations")
		.select("id")
		.where("person_key", "=", where.key)
		.where("duplicate_of", "is", null),
);

// No conflict target: either unique index (mailbox or person) makes it insert nothing.
const insertRegistration = prepare((db, row: Insertable<Database["registrations"]>) =>
	db
		.insertInto("registrations")
		.values(row)
		.onConflict((conflict) => conflict.doNothing())
		.returning("id"),
);

const insertVoucher = prepare((db, row: Insertable<Database["vouchers"]>) =>
	db
		.insertInto("vouchers")
		.values(row)
		.onConflict((conflict) => conflict.column("code").doNothing())
		.returning("id"),
);

// One statement decides, under any concurrency: the row is locked (PostgreSQL) or the database is
// (SQLite) until the transaction ends, so no two confirmations can both take the last voucher.
const countVoucher = prepare((db, where: { limit: number }) =>
	db
		.updateTable("campaign_counters")
		.set((eb) => ({ value: eb("value", "+", 1) }))
		.where("name", "=", "vouchers_issued")
		.where("value", "<", where.limit)
		.returning("value"),
);

const resolve = prepare(
	(db, row: { id: string; outcome: SignupOutcome; registrationId: string | null; now: string }) =>
		db
			.updateTable("signups")
			.set({ ...CLEARED, outcome: row.outcome, registration_id: row.registrationId, resolved_at: row.now })
			.where("id", "=", row.id),
);

/**
 * Opens a confirmation link: the mailbox is proven, so its voucher is issued, in one transaction with
 * the registration, its e-mail queued, the counter of the campaign's limit, and the signup resolved (its
 * personal fields move to the registration). Opening it again shows what the first opening decided.
 */
export async function confirmSignup(
	db: Kysely<Database>,
	confirmHash: string,
	context: ConfirmContext,
): Promise<Confirmation> {
	if (context.inPeriod) {
		const token = await issueInOneStatement(db, confirmHash, context);
		if (token !== undefined) return { kind: "voucher", token };
	}
	for (let attempt = 0; ; attempt++) {
		try {
			return await db.transaction().execute((trx) => decide(trx, confirmHash, context));
		} catch (error) {
			if (error instanceof SoldOut) return refuseSoldOut(db, confirmHash, context.now);
			// A second pass sees the registration that won, and decides by it.
			if (error instanceof Contended && attempt === 0) continue;
			throw error;
		}
	}
}

async function decide(trx: Transaction<Database>, confirmHash: string, context: ConfirmContext) {
	const now = context.now.toISOString();
	// Claimed by the first opening; another one at the same moment waits for it and finds it resolved.
	const [claimed] = await claimSignup(trx, { hash: confirmHash, now });
	if (!claimed) return decided(trx, confirmHash);

	const [mailbox] = await voucherOfMailbox(trx, { canonical: claimed.email_canonical ?? "" });
	const resolveAs = <T extends Confirmation>(
		outcome: SignupOutcome,
		registrationId: string | null,
		result: T,
	) => resolve(trx, { id: claimed.id, outcome, registrationId, now }).then(() => result);
	if (mailbox) {
		// The mailbox is proven again: what this form agreed to is the registration's too (news asked for anew).
		await linkConsents(trx, claimed.id, mailbox.id);
		if (claimed.marketing_consent === 1) {
			await trx
				.updateTable("registrations")
				.set({ marketing_consent: 1 })
				.where("id", "=", mailbox.id)
				.execute();
		}
		return resolveAs("existing", mailbox.id, { kind: "voucher", token: mailbox.token });
	}
	if (!context.inPeriod) return resolveAs("closed", null, { kind: "refused", outcome: "closed" });
	const [person] = await registrationOfPerson(trx, { key: keyOf(claimed) });
	if (person) return resolveAs("person", null, { kind: "refused", outcome: "person" });

	const registrationId = randomUUID();
	const [inserted] = await insertRegistration(trx, registrationRow(claimed, registrationId, now));
	if (!inserted) throw new Contended();
	await linkConsents(trx, claimed.id, registrationId);
	const token = voucherToken();
	const validUntil = validUntilOf(context);
	const code = await issueVoucher(trx, { registrationId, storeId: claimed.store_id, token, validUntil, now });
	await enqueue(trx, issuedMail(claimed, { registrationId, token, code, validUntil }, context), context.now);
	// Last, so the counter's row is locked only for the commit that follows.
	const [counted] = await countVoucher(trx, { limit: context.voucherLimit });
	if (!counted) throw new SoldOut();
	return resolveAs("issued", registrationId, { kind: "voucher", token });
}

/** A link that could not be claimed: unknown, expired, or what an earlier opening decided. */
async function decided(trx: Transaction<Database>, confirmHash: string): Promise<Confirmation> {
	const signup = await trx
		.selectFrom("signups")
		.leftJoin("vouchers", "vouchers.registration_id", "signups.registration_id")
		.select(["signups.outcome", "vouchers.token"])
		.where("signups.confirm_hash", "=", confirmHash)
		.executeTakeFirst();
	if (!signup) return { kind: "unknown" };
	const outcome = signup.outcome as SignupOutcome | null;
	if (outcome === null) return { kind: "expired" };
	if (signup.token && (outcome === "issued" || outcome === "existing")) {
		return { kind: "voucher", token: signup.token };
	}
	if (outcome === "person" || outcome === "closed" || outcome === "sold-out") {
		return { kind: "refused", outcome };
	}
	return { kind: "unknown" };
}

async function refuseSoldOut(db: Kysely<Database>, confirmHash: string, now: Date): Promise<Confirmation> {
	await db
		.updateTable("signups")
		.set({ ...CLEARED, outcome: "sold-out", resolved_at: now.toISOString() })
		.where("confirm_hash", "=", confirmHash)
		.where("outcome", "is", null)
		.execute();
	return { kind: "refused", outcome: "sold-out" };
}

/** Inserts the voucher with a fresh code, drawing again when a code is taken; resolves to its code. */
async function issueVoucher(
	trx: Transaction<Database>,
	voucher: { registrationId: string; storeId: string | null; token: string; validUntil: string; now: string },
): Promise<string> {
	for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
		const code = randomVoucherCode();
		const [inserted] = await insertVoucher(trx, {
			id: randomUUID(),
			registration_id: voucher.registrationId,
			store_id: voucher.storeId,
			code,
			token: voucher.token,
			valid_until: voucher.validUntil,
			created_at: voucher.now,
		});
		if (inserted) return code;
	}
	throw new Error(`No free voucher code after ${CODE_ATTEMPTS} attempts`);
}
