import { randomBytes, randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Lang } from "../../i18n";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";
import { addDays, pragueDate } from "../prague-time";
import { randomVoucherCode } from "../voucher-code";
import { type MailMessage, voucherMail } from "./mail";

/** Vouchers are valid for this many days after the day of registration. */
export const VOUCHER_VALID_DAYS = 60;
/** Ten random digits collide rarely; a few retries make a collision practically impossible to fail on. */
const CODE_ATTEMPTS = 5;

export interface Registrant {
	readonly name: string;
	readonly email: string;
	/** yyyy-mm-dd, checked to be of age. */
	readonly birthDate: string;
	/** E.164, or null. */
	readonly phone: string | null;
	readonly storeId: string;
	readonly marketingConsent: boolean;
	readonly lang: Lang;
}

export interface RegistrationContext {
	readonly now: Date;
	/** A solved bot challenge, recorded as used in the same transaction (a replay rolls everything back). */
	readonly challenge: { readonly id: string; readonly expiresAt: Date } | undefined;
	/** The absolute URL of a voucher page, for the e-mail. */
	readonly voucherUrl: (token: string) => string;
}

export type RegistrationResult =
	| { readonly kind: "created"; readonly token: string; readonly code: string }
	/** The e-mail already had a voucher: its link was e-mailed again, nothing else changed. */
	| { readonly kind: "existing" }
	| { readonly kind: "replayed" };

/** E-mail addresses are compared trimmed and lower-cased: one voucher per address, however it is typed. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

class ReplayedChallenge extends Error {}

// The statements of every registration, compiled once (ON CONFLICT DO NOTHING rather than catching the
// error: on PostgreSQL an error aborts the transaction). Each takes a whole row, every column named.
const insertUsedChallenge = prepare((db, row: Insertable<Database["used_challenges"]>) =>
	db
		.insertInto("used_challenges")
		.values(row)
		.onConflict((conflict) => conflict.column("id").doNothing())
		.returning("id"),
);

const insertRegistration = prepare((db, row: Insertable<Database["registrations"]>) =>
	db
		.insertInto("registrations")
		.values(row)
		.onConflict((conflict) => conflict.column("email").doNothing())
		.returning("id"),
);

const insertVoucher = prepare((db, row: Insertable<Database["vouchers"]>) =>
	db
		.insertInto("vouchers")
		.values(row)
		.onConflict((conflict) => conflict.column("code").doNothing())
		.returning("id"),
);

const insertMail = prepare((db, row: Insertable<Database["outbox"]>) => db.insertInto("outbox").values(row));

/**
 * Registers a person and issues their voucher in one transaction with its e-mail in the outbox: all of
 * it is stored, or nothing. The unique e-mail index decides between concurrent registrations of one
 * address (PostgreSQL waits for the first to commit, SQLite runs transactions one at a time): the
 * others find the first one's voucher and send its link again.
 */
export async function register(
	db: Kysely<Database>,
	registrant: Registrant,
	context: RegistrationContext,
): Promise<RegistrationResult> {
	const email = normaliseEmail(registrant.email);
	try {
		return await db.transaction().execute(async (trx) => {
			if (context.challenge) await consumeChallenge(trx, context.challenge);
			const now = context.now.toISOString();
			const registrationId = randomUUID();
			const [inserted] = await insertRegistration(trx, {
				id: registrationId,
				name: registrant.name,
				email,
				birth_date: registrant.birthDate,
				phone: registrant.phone,
				store_id: registrant.storeId,
				marketing_consent: registrant.marketingConsent ? 1 : 0,
				terms_accepted_at: now,
				lang: registrant.lang,
				created_at: now,
			});
			if (!inserted) return resend(trx, email, registrant.lang, context);

			const validUntil = addDays(pragueDate(context.now), VOUCHER_VALID_DAYS);
			const token = randomBytes(32).toString("base64url");
			const code = await issueVoucher(trx, { registrationId, token, validUntil, now });
			const mail = voucherMail({
				lang: registrant.lang,
				recipient: email,
				name: registrant.name,
				url: context.voucherUrl(token),
				validUntil,
				again: false,
			});
			await enqueue(trx, mail, context.now);
			return { kind: "created", token, code };
		});
	} catch (error) {
		if (error instanceof ReplayedChallenge) return { kind: "replayed" };
		throw error;
	}
}

async function consumeChallenge(trx: Transaction<Database>, challenge: { id: string; expiresAt: Date }) {
	const [used] = await insertUsedChallenge(trx, {
		id: challenge.id,
		expires_at: challenge.expiresAt.toISOString(),
	});
	if (!used) throw new ReplayedChallenge();
}

/** Inserts the voucher with a fresh code, drawing again when a code is taken; returns the code. */
async function issueVoucher(
	trx: Transaction<Database>,
	voucher: { registrationId: string; token: string; validUntil: string; now: string },
): Promise<string> {
	for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
		const code = randomVoucherCode();
		const [inserted] = await insertVoucher(trx, {
			id: randomUUID(),
			registration_id: voucher.registrationId,
			code,
			token: voucher.token,
			valid_until: voucher.validUntil,
			created_at: voucher.now,
		});
		if (inserted) return code;
	}
	throw new Error(`No free voucher code after ${CODE_ATTEMPTS} attempts`);
}

async function resend(
	trx: Transaction<Database>,
	email: string,
	lang: Lang,
	context: RegistrationContext,
): Promise<RegistrationResult> {
	const existing = await trx
		.selectFrom("registrations")
		.innerJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.select(["registrations.name", "vouchers.token", "vouchers.valid_until"])
		.where("registrations.email", "=", email)
		.executeTakeFirstOrThrow();
	const mail = voucherMail({
		lang,
		recipient: email,
		name: existing.name,
		url: context.voucherUrl(existing.token),
		validUntil: existing.valid_until,
		again: true,
	});
	await enqueue(trx, mail, context.now);
	return { kind: "existing" };
}

async function enqueue(trx: Transaction<Database>, mail: MailMessage, now: Date): Promise<void> {
	await insertMail(trx, {
		id: randomUUID(),
		recipient: mail.recipient,
		subject: mail.subject,
		text_body: mail.text,
		html_body: mail.html,
		created_at: now.toISOString(),
	});
}
