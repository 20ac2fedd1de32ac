import type { Insertable, Selectable } from "kysely";
import { isLang } from "../../i18n";
import { addDays, pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import type { ConfirmContext } from "./confirm";
import type { MailMessage } from "./mail";
import { voucherMail } from "./mail";
import { personKey } from "./person";

/** Vouchers are valid for this many days after the day they are issued, unless the settings say otherwise. */
export const VOUCHER_VALID_DAYS = 60;

/**
 * What a confirmation reads of its signup: the form's fields, which become the registration's. Named
 * columns, not all: PostgreSQL keeps the statements that read them prepared (db/named-statements.ts),
 * and an older process must not fail on one once a migration adds a column.
 */
export const CONFIRMED_COLUMNS = [
	"id",
	"email",
	"email_canonical",
	"name",
	"birth_date",
	"phone",
	"store_id",
	"marketing_consent",
	"terms_accepted_at",
	"lang",
	"created_at",
] as const;

export type ConfirmedSignup = Pick<Selectable<Database["signups"]>, (typeof CONFIRMED_COLUMNS)[number]>;

/** The person's key: one voucher per name and birth date. */
export const keyOf = (signup: ConfirmedSignup): string =>
	personKey(signup.name ?? "", signup.birth_date ?? "");

/** The registration a confirmed signup becomes. */
export function registrationRow(
	signup: ConfirmedSignup,
	registrationId: string,
	now: string,
): Insertable<Database["registrations"]> {
	return {
		id: registrationId,
		name: signup.name ?? "",
		email: signup.email ?? "",
		email_canonical: signup.email_canonical ?? "",
		person_key: keyOf(signup),
		birth_date: signup.birth_date ?? "",
		phone: signup.phone,
		store_id: signup.store_id,
		marketing_consent: signup.marketing_consent ?? 0,
		terms_accepted_at: signup.terms_accepted_at ?? signup.created_at,
		lang: signup.lang,
		created_at: now,
		confirmed_at: now,
		duplicate_of: null,
	};
}

/** The last day of a voucher issued at `now`, in Prague's calendar. */
export const validUntilOf = (context: ConfirmContext): string =>
	addDays(pragueDate(context.now), context.voucherValidDays ?? VOUCHER_VALID_DAYS);

/**
 * The voucher in its own e-mail, to show at the till. Asked for by no form, it counts against no
 * e-mail limit; it is queued in the issuing transaction, so a voucher rolled back leaves no e-mail.
 */
export function issuedMail(
	signup: ConfirmedSignup,
	voucher: { registrationId: string; token: string; code: string; validUntil: string },
	context: ConfirmContext,
): MailMessage {
	const lang = isLang(signup.lang) ? signup.lang : "cs";
	return voucherMail({
		lang,
		recipient: signup.email ?? "",
		name: signup.name ?? "",
		url: context.links.voucherUrl(voucher.token, lang),
		validUntil: voucher.validUntil,
		code: voucher.code,
		unsubscribeUrl:
			signup.marketing_consent === 1
				? context.links.unsubscribeUrl({ kind: "registration", id: voucher.registrationId }, lang)
				: undefined,
		issued: true,
	});
}
