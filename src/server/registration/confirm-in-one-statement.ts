import { randomUUID } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";
import { randomVoucherCode } from "../voucher-code";
import type { ConfirmContext } from "./confirm";
import {
	CONFIRMED_COLUMNS,
	type ConfirmedSignup,
	issuedMail,
	registrationRow,
	validUntilOf,
} from "./confirm-parts";
import { voucherToken } from "./links";
import { outboxRow } from "./outbox";
import { CLEARED } from "./signups";

/**
 * PostgreSQL's division_by_zero: the statement ends by dividing by the vouchers it counted, so one
 * that issued nothing fails and, being a transaction of its own, leaves no write behind (plain SQL has
 * no other way to abort a statement). PostgreSQL logs it as an error: a race, a mailbox's second signup
 * confirmed after its first, the same person again, the last vouchers gone, a code taken.
 */
const NOTHING_ISSUED = "22012";

/**
 * The signup, while it is open. Whether its mailbox or person has a registration, and whether vouchers
 * are left, the statement finds out itself: a check here, as a prepared statement's generic plan, cost
 * PostgreSQL more than the statement it would spare in the rare cases it fails.
 */
const openSignup = prepare((db, where: { hash: string; now: string }) =>
	db
		.selectFrom("signups")
		.select(CONFIRMED_COLUMNS)
		.where("confirm_hash", "=", where.hash)
		.where("outcome", "is", null)
		.where("expires_at", ">", where.now),
);

type Issue = ReturnType<typeof issueValues>;

/**
 * The whole issue as one statement of data-modifying CTEs, each going on only if the one before it
 * went through: the signup locked (still open), the registration (unless its mailbox or person has
 * one), the voucher; the signup resolved (its personal fields moved to the registration), the consents
 * linked and the e-mail queued; last the counter of the campaign's limit, which refuses once every
 * voucher is issued (and NOTHING_ISSUED takes it all back). Taking the locks in the order confirm.ts
 * takes them (signup, the registration's unique keys, the counter last), it cannot deadlock with a
 * confirmation decided step by step.
 */
const issue = prepare((db, values: Issue) => {
	const integer = (value: number | null) => sql<number>`cast(${value} as integer)`;
	return db
		.with("claimed", (db) =>
			db
				.selectFrom("signups")
				.select("id")
				.where("id", "=", values.signupId)
				.where("outcome", "is", null)
				.where("expires_at", ">", values.now)
				// Another opening of the link waits here, and then finds it no longer open.
				.forUpdate(),
		)
		.with("registration", (db) =>
			db
				.insertInto("registrations")
				.columns([
					"id",
					"name",
					"email",
					"email_canonical",
					"person_key",
					"birth_date",
					"phone",
					"store_id",
					"marketing_consent",
					"terms_accepted_at",
					"lang",
					"created_at",
					"confirmed_at",
				])
				.expression(
					db
						.selectFrom("claimed")
						.select(({ val }) => [
							val(values.registrationId).as("id"),
							val(values.name).as("name"),
							val(values.email).as("email"),
							val(values.emailCanonical).as("email_canonical"),
							val(values.personKey).as("person_key"),
							val(values.birthDate).as("birth_date"),
							val(values.phone).as("phone"),
							val(values.storeId).as("store_id"),
							integer(values.marketingConsent).as("marketing_consent"),
							val(values.termsAcceptedAt).as("terms_accepted_at"),
							val(values.lang).as("lang"),
							val(values.now).as("created_at"),
							val(values.now).as("confirmed_at"),
						]),
				)
				// Nothing when the mailbox or the person has a registration (their unique keys).
				.onConflict((conflict) => conflict.doNothing())
				.returning("id"),
		)
		.with("voucher", (db) =>
			db
				.insertInto("vouchers")
				.columns(["id", "registration_id", "store_id", "code", "token", "valid_until", "created_at"])
				.expression(
					db
						.selectFrom("registration")
						.select(({ val }) => [
							val(values.voucherId).as("id"),
							"registration.id as registration_id",
							val(values.storeId).as("store_id"),
							val(values.code).as("code"),
							val(values.token).as("token"),
							val(values.validUntil).as("valid_until"),
							val(values.now).as("created_at"),
						]),
				)
				.onConflict((conflict) => conflict.column("code").doNothing())
				.returning("id"),
		)
		.with("resolved", (db) =>
			db
				.updateTable("signups")
				.set({
					...CLEARED,
					outcome: "issued",
					registration_id: values.registrationId,
					resolved_at: values.now,
				})
				.where("id", "=", values.signupId)
				.where(({ exists, selectFrom }) => exists(selectFrom("voucher").select("id")))
				.returning("id"),
		)
		.with("consents", (db) =>
			db
				.updateTable("consents")
				.set({ registration_id: values.registrationId })
				.where("signup_id", "=", values.signupId)
				.where(({ exists, selectFrom }) => exists(selectFrom("voucher").select("id")))
				.returning("id"),
		)
		.with("mail", (db) =>
			db
				.insertInto("outbox")
				.columns([
					"id",
					"recipient",
					"subject",
					"text_body",
					"html_body",
					"created_at",
					"recipient_canonical",
					"unsubscribe_url",
				])
				.expression(
					db
						.selectFrom("voucher")
						.select(({ val }) => [
							val(values.mailId).as("id"),
							val(values.recipient).as("recipient"),
							val(values.subject).as("subject"),
							val(values.textBody).as("text_body"),
							val(values.htmlBody).as("html_body"),
							val(values.now).as("created_at"),
							val(values.recipientCanonical).as("recipient_canonical"),
							val(values.unsubscribeUrl).as("unsubscribe_url"),
						]),
				)
				.returning("id"),
		)
		.with("counted", (db) =>
			db
				.updateTable("campaign_counters")
				.set((eb) => ({ value: eb("value", "+", 1) }))
				.where("name", "=", "vouchers_issued")
				.where("value", "<", values.limit)
				// Last: the row every confirmation locks is held from here to the commit only.
				.where(({ exists, selectFrom }) => exists(selectFrom("resolved").select("id")))
				.where(({ exists, selectFrom }) => exists(selectFrom("mail").select("id")))
				.returning("value"),
		)
		.selectFrom("counted")
		.select(sql<number>`1 / count(*)`.as("issued"));
});

function issueValues(signup: ConfirmedSignup, context: ConfirmContext) {
	const now = context.now.toISOString();
	const registrationId = randomUUID();
	const token = voucherToken();
	const code = randomVoucherCode();
	const validUntil = validUntilOf(context);
	const registration = registrationRow(signup, registrationId, now);
	const mail = outboxRow(
		issuedMail(signup, { registrationId, token, code, validUntil }, context),
		context.now,
	);
	return {
		signupId: signup.id,
		now,
		limit: context.voucherLimit,
		registrationId,
		name: registration.name,
		email: registration.email,
		emailCanonical: registration.email_canonical,
		personKey: registration.person_key,
		birthDate: registration.birth_date,
		phone: registration.phone ?? null,
		storeId: registration.store_id ?? null,
		marketingConsent: registration.marketing_consent,
		termsAcceptedAt: registration.terms_accepted_at,
		lang: registration.lang,
		voucherId: randomUUID(),
		code,
		token,
		validUntil,
		mailId: mail.id,
		recipient: mail.recipient,
		subject: mail.subject,
		textBody: mail.text_body,
		htmlBody: mail.html_body,
		recipientCanonical: mail.recipient_canonical ?? null,
		unsubscribeUrl: mail.unsubscribe_url ?? null,
	};
}

/**
 * On PostgreSQL, a link's first opening, in the common case: the voucher issued in two round trips
 * (the signup read, the statement) instead of eleven, each of which costs the database a wake-up and
 * the server a query; and the counter's row, which every confirmation locks, is held only until the
 * statement's own commit, not while its answer travels to this process and a commit comes back.
 * Resolves to the voucher's token, or undefined when nothing was issued (the link decided already,
 * expired or unknown; the mailbox or person registered; the limit reached; a code taken), which
 * confirm.ts then decides and explains. SQLite has no data-modifying CTEs, and runs its statements
 * in-process, where they cost no round trips.
 */
export async function issueInOneStatement(
	db: Kysely<Database>,
	confirmHash: string,
	context: ConfirmContext,
): Promise<string | undefined> {
	if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
	const [signup] = await openSignup(db, { hash: confirmHash, now: context.now.toISOString() });
	if (!signup) return undefined;
	const values = issueValues(signup, context);
	try {
		await issue(db, values);
		return values.token;
	} catch (error) {
		if (error instanceof Error && "code" in error && error.code === NOTHING_ISSUED) return undefined;
		throw error;
	}
}
