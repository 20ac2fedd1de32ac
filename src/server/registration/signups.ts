import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Lang } from "../../i18n";
import { prepare, prepareRows } from "../db/prepared";
import type { Database, SignupsTable } from "../db/schema";
import type { ConsentMethod } from "./consent-texts";
import { moveConsents, recordConsents } from "./consents";
import { CONFIRMATION_LIFETIME_MS, RESEND_COOLDOWN_MS } from "./lifetimes";
import type { UnsubscribeSubject } from "./links";
import { confirmationMail, type MailMessage, voucherMail } from "./mail";
import { enqueue } from "./outbox";
import { voucherStatus } from "./vouchers";

/**
 * What became of a signup: null while it waits for its link to be opened;
 * - known: the mailbox had a voucher already; its link was e-mailed instead of a confirmation;
 * - issued: confirmed, and its voucher issued;
 * - existing: confirmed, but the mailbox had got a voucher meanwhile (from another signup);
 * - person: confirmed, but the person (name and birth date) had a voucher already;
 * - closed / sold-out: confirmed outside the campaign's period, or after the last voucher;
 * - replaced: its address was corrected, and a new signup made.
 */
export type SignupOutcome = "known" | "issued" | "existing" | "person" | "closed" | "sold-out" | "replaced";

export type Signup = Selectable<SignupsTable>;

/** What a registrant submitted, checked: the signup's personal fields. */
export interface Submitted {
	readonly name: string;
	/** As typed, trimmed. */
	readonly email: string;
	readonly emailCanonical: string;
	/** yyyy-mm-dd, of age. */
	readonly birthDate: string;
	/** E.164, or null. */
	readonly phone: string | null;
	readonly storeId: string;
	readonly marketingConsent: boolean;
	readonly lang: Lang;
	/** How the form was sent (with scripts or without), recorded with its consents. */
	readonly consentMethod: Extract<ConsentMethod, "form" | "form-no-script">;
}

export interface SignupContext {
	readonly now: Date;
	/** Bot-protection tokens to record as used in the same transaction (a replay rolls everything back). */
	readonly used: readonly { readonly id: string; readonly expiresAt: Date }[];
	/** The absolute link that confirms a signup. */
	readonly confirmUrl: (signupId: string) => string;
	/** The absolute link of a voucher page. */
	readonly voucherUrl: (voucherToken: string, lang: Lang) => string;
	readonly confirmHash: (signupId: string) => string;
	/** The absolute unsubscribe link of an e-mail to someone who asked for news. */
	readonly unsubscribeUrl: (subject: UnsubscribeSubject, lang: Lang) => string;
}

export class ReplayedToken extends Error {}

// All of a submission's tokens in one statement: a token used already is left out of the answer.
const insertUsed = prepareRows((db, rows: readonly Insertable<Database["used_challenges"]>[]) =>
	db
		.insertInto("used_challenges")
		.values(rows)
		.onConflict((conflict) => conflict.column("id").doNothing())
		.returning("id"),
);

const insertSignup = prepare((db, row: Insertable<Database["signups"]>) =>
	db.insertInto("signups").values(row),
);

const findMailbox = prepare((db, where: { canonical: string }) =>
	db
		.selectFrom("registrations")
		.innerJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.select([
			"registrations.id",
			"registrations.marketing_consent",
			"vouchers.token",
			"vouchers.valid_until",
			"vouchers.code",
			"vouchers.redeemed_at",
			"vouchers.voided_at",
		])
		.where("registrations.email_canonical", "=", where.canonical)
		.where("registrations.duplicate_of", "is", null),
);

/**
 * Stores a submitted registration and queues its e-mail, all in one transaction: a confirmation link
 * for a new mailbox, the existing voucher's link for a known one. The visitor is told the same either
 * way; only the mailbox learns which. Returns the new signup's id.
 */
export function submitSignup(
	db: Kysely<Database>,
	submitted: Submitted,
	context: SignupContext,
	/** A signup this one corrects: replaced in the same transaction, its link no longer working. */
	replaces?: Signup,
): Promise<string> {
	return db.transaction().execute(async (trx) => {
		await spendTokens(trx, context);
		return storeSignup(trx, submitted, context, replaces);
	});
}

/**
 * submitSignup with the form's limits counted in its transaction, after its tokens are spent (a form
 * sent again is refused as a replay before it counts against any): `count` counts, and names the
 * limit the submission went past, if any. Past one, the counts are committed and nothing else.
 */
export function submitLimitedSignup<Limit>(
	db: Kysely<Database>,
	submitted: Submitted,
	context: SignupContext,
	count: (trx: Transaction<Database>) => Promise<Limit | undefined>,
): Promise<{ readonly signupId: string } | { readonly limit: Limit }> {
	return db.transaction().execute(async (trx) => {
		await spendTokens(trx, context);
		const limit = await count(trx);
		if (limit !== undefined) {
			// Not spent after all: the form may be sent again (with another address, or later).
			if (context.used.length > 0) {
				const ids = context.used.map((token) => token.id);
				await trx.deleteFrom("used_challenges").where("id", "in", ids).execute();
			}
			return { limit };
		}
		return { signupId: await storeSignup(trx, submitted, context, undefined) };
	});
}

/**
 * Records the submission's bot-protection tokens as used; one used already throws ReplayedToken. The
 * transaction's first statement, and a write (see confirm.ts's claim).
 */
async function spendTokens(trx: Transaction<Database>, context: SignupContext): Promise<void> {
	if (context.used.length === 0) return;
	const rows = context.used.map((token) => ({ id: token.id, expires_at: token.expiresAt.toISOString() }));
	const fresh = await insertUsed(trx, rows);
	if (fresh.length < rows.length) throw new ReplayedToken();
}

async function storeSignup(
	trx: Transaction<Database>,
	submitted: Submitted,
	context: SignupContext,
	replaces: Signup | undefined,
): Promise<string> {
	const now = context.now.toISOString();
	if (replaces) {
		await trx
			.updateTable("signups")
			.set({ ...CLEARED, outcome: "replaced", resolved_at: now, confirm_hash: null })
			.where("id", "=", replaces.id)
			.execute();
	}
	const id = randomUUID();
	const [known] = await findMailbox(trx, { canonical: submitted.emailCanonical });
	await insertSignup(trx, {
		id,
		email: submitted.email,
		email_canonical: submitted.emailCanonical,
		name: submitted.name,
		birth_date: submitted.birthDate,
		phone: submitted.phone,
		store_id: submitted.storeId,
		marketing_consent: submitted.marketingConsent ? 1 : 0,
		terms_accepted_at: now,
		lang: submitted.lang,
		created_at: now,
		expires_at: new Date(context.now.getTime() + CONFIRMATION_LIFETIME_MS).toISOString(),
		confirm_hash: known ? null : context.confirmHash(id),
		last_mail_at: now,
		outcome: known ? "known" : null,
		resolved_at: known ? now : null,
		registration_id: known?.id ?? null,
		corrections: replaces ? replaces.corrections + 1 : 0,
	});
	if (replaces) await moveConsents(trx, replaces.id, id);
	else {
		const given = {
			marketing: submitted.marketingConsent,
			lang: submitted.lang,
			method: submitted.consentMethod,
		};
		await recordConsents(trx, id, given, now);
	}
	const mail = known
		? voucherMail({
				lang: submitted.lang,
				recipient: submitted.email,
				name: submitted.name,
				url: context.voucherUrl(known.token, submitted.lang),
				validUntil: known.valid_until,
				code: redeemableCode(known, context.now),
				unsubscribeUrl: unsubscribeOfRegistration(known, submitted.lang, context),
			})
		: confirmationMail({
				lang: submitted.lang,
				recipient: submitted.email,
				name: submitted.name,
				url: context.confirmUrl(id),
				unsubscribeUrl: submitted.marketingConsent
					? context.unsubscribeUrl({ kind: "signup", id }, submitted.lang)
					: undefined,
			});
	await enqueue(trx, mail, context.now);
	return id;
}

/** A voucher's code for its e-mail while a till can still redeem it; undefined once there is nothing to scan. */
function redeemableCode(
	voucher: { code: string; redeemed_at: string | null; voided_at: string | null; valid_until: string },
	now: Date,
): string | undefined {
	return voucher.voided_at === null && voucherStatus(voucher, now) === "issued" ? voucher.code : undefined;
}

/**
 * A mailbox that has a voucher is e-mailed as its registration: the link stops the registration's
 * news, and only a registration that gets news has one (a new signup's ticked box is not confirmed).
 */
function unsubscribeOfRegistration(
	registration: { readonly id: string; readonly marketing_consent: number },
	lang: Lang,
	context: Pick<SignupContext, "unsubscribeUrl">,
): string | undefined {
	if (registration.marketing_consent !== 1) return undefined;
	return context.unsubscribeUrl({ kind: "registration", id: registration.id }, lang);
}

/** How long a form sent again (the same token) is taken as the first one's double. */
const DOUBLE_SUBMIT_MS = 10 * 60 * 1000;

/** The newest signup of a mailbox and name made in the last minutes, as a double submission finds it. */
export async function recentSignup(
	db: Kysely<Database>,
	emailCanonical: string,
	name: string,
	now: Date,
): Promise<string | undefined> {
	const row = await db
		.selectFrom("signups")
		.select("id")
		.where("email_canonical", "=", emailCanonical)
		.where("name", "=", name)
		.where("created_at", ">", new Date(now.getTime() - DOUBLE_SUBMIT_MS).toISOString())
		.orderBy("created_at", "desc")
		.executeTakeFirst();
	return row?.id;
}

/** A signup that can still be resent or corrected: personal fields kept, not expired. */
export async function openSignup(db: Kysely<Database>, id: string, now: Date): Promise<Signup | undefined> {
	const signup = await db.selectFrom("signups").selectAll().where("id", "=", id).executeTakeFirst();
	if (!signup?.email || signup.expires_at <= now.toISOString()) return undefined;
	return signup;
}

export type ResendResult = { readonly kind: "sent" } | { readonly kind: "wait"; readonly seconds: number };

/** Seconds until a signup's e-mail may be sent again; 0 when it may now. */
export function resendWait(signup: Signup, now: Date): number {
	const waitMs = Date.parse(signup.last_mail_at) + RESEND_COOLDOWN_MS - now.getTime();
	return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Sends a signup's e-mail again: the same confirmation link, or, for a mailbox that has a voucher (now
 * or since), that voucher's link. Not sooner than RESEND_COOLDOWN_MS after the last one; the claim on
 * `last_mail_at` makes two presses at once send one e-mail.
 */
export async function resendSignup(
	db: Kysely<Database>,
	signup: Signup,
	context: Pick<SignupContext, "now" | "confirmUrl" | "voucherUrl" | "unsubscribeUrl">,
): Promise<ResendResult> {
	const seconds = resendWait(signup, context.now);
	if (seconds > 0) return { kind: "wait", seconds };
	return db.transaction().execute(async (trx) => {
		const claimed = await trx
			.updateTable("signups")
			.set({ last_mail_at: context.now.toISOString() })
			.where("id", "=", signup.id)
			.where("last_mail_at", "=", signup.last_mail_at)
			.executeTakeFirst();
		if (claimed.numUpdatedRows === 0n) return { kind: "wait", seconds: RESEND_COOLDOWN_MS / 1000 };
		await enqueue(trx, await signupMail(trx, signup, context), context.now);
		return { kind: "sent" };
	});
}

async function signupMail(
	trx: Transaction<Database>,
	signup: Signup,
	context: Pick<SignupContext, "now" | "confirmUrl" | "voucherUrl" | "unsubscribeUrl">,
): Promise<MailMessage> {
	const lang = signup.lang as Lang;
	const recipient = signup.email ?? "";
	const name = signup.name ?? "";
	const [known] = await findMailbox(trx, { canonical: signup.email_canonical ?? "" });
	if (known) {
		const url = context.voucherUrl(known.token, lang);
		const unsubscribeUrl = unsubscribeOfRegistration(known, lang, context);
		const validUntil = known.valid_until;
		const code = redeemableCode(known, context.now);
		return voucherMail({ lang, recipient, name, url, validUntil, code, unsubscribeUrl });
	}
	const unsubscribeUrl =
		signup.marketing_consent === 1
			? context.unsubscribeUrl({ kind: "signup", id: signup.id }, lang)
			: undefined;
	return confirmationMail({ lang, recipient, name, url: context.confirmUrl(signup.id), unsubscribeUrl });
}

/** Corrections of one registration's address: enough for typos, too few to send mail at will. */
export const MAX_CORRECTIONS = 3;

/**
 * A mistyped address corrected: a new signup with the same details for the new address (its e-mail
 * queued), replacing the old one. Returns the new signup's id.
 */
export function correctSignup(
	db: Kysely<Database>,
	signup: Signup,
	address: { readonly email: string; readonly emailCanonical: string },
	context: Omit<SignupContext, "used">,
): Promise<string> {
	const submitted: Submitted = {
		name: signup.name ?? "",
		email: address.email,
		emailCanonical: address.emailCanonical,
		birthDate: signup.birth_date ?? "",
		phone: signup.phone,
		storeId: signup.store_id ?? "",
		marketingConsent: signup.marketing_consent === 1,
		lang: signup.lang as Lang,
		// Not recorded again: the consents given on the form move to the new signup.
		consentMethod: "form",
	};
	return submitSignup(db, submitted, { ...context, used: [] }, signup);
}

/** The personal fields of a resolved signup: kept in its registration, or nowhere. */
export const CLEARED = {
	email: null,
	email_canonical: null,
	name: null,
	birth_date: null,
	phone: null,
	store_id: null,
	marketing_consent: null,
	terms_accepted_at: null,
} as const;

/** "ja•••a@gmail.com": enough of the address to spot a typo (the domain whole), not to read it off a screen. */
export function maskEmail(email: string): string {
	const at = email.lastIndexOf("@");
	const local = [...email.slice(0, at)];
	const domain = email.slice(at + 1);
	const shown = local.length <= 3 ? (local[0] ?? "") : `${local.slice(0, 2).join("")}•••${local.at(-1)}`;
	return `${local.length <= 3 ? `${shown}•••` : shown}@${domain}`;
}
