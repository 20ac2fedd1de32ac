import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { textOfVersion } from "../registration/consent-texts";
import { findPerson, mailboxLimitKey } from "./person";

/**
 * Everything stored about the person with an address (a data subject's access request): their
 * registrations, signups, consent records (with the words agreed to, where this code still shows
 * them), vouchers and their redemption (the store, not the cashier), the e-mails written to them and
 * the count of e-mails to their mailbox today. Rows as stored, column by column.
 */
export async function exportPerson(db: Kysely<Database>, address: string, now = new Date()) {
	const { mailbox, registrationIds, signupIds } = await findPerson(db, address);
	const ofRegistrations = registrationIds.length > 0;
	const registrations = ofRegistrations
		? await db
				.selectFrom("registrations")
				.leftJoin("stores", "stores.id", "registrations.store_id")
				.selectAll("registrations")
				.select("stores.name as store_name")
				.where("registrations.id", "in", registrationIds)
				.orderBy("registrations.created_at")
				.execute()
		: [];
	const vouchers = ofRegistrations
		? await db
				.selectFrom("vouchers")
				.leftJoin("stores", "stores.id", "vouchers.redeemed_store_id")
				.select([
					"vouchers.registration_id",
					"vouchers.code",
					"vouchers.token",
					"vouchers.valid_until",
					"vouchers.created_at",
					"vouchers.redeemed_at",
					"vouchers.redeemed_store_id",
					"stores.name as redeemed_store_name",
					"vouchers.voided_at",
				])
				.where("vouchers.registration_id", "in", registrationIds)
				.execute()
		: [];
	const signups = signupIds.length
		? await db.selectFrom("signups").selectAll().where("id", "in", signupIds).orderBy("created_at").execute()
		: [];
	const consents =
		ofRegistrations || signupIds.length
			? await db
					.selectFrom("consents")
					.selectAll()
					.where((eb) =>
						eb.or([
							...(ofRegistrations ? [eb("registration_id", "in", registrationIds)] : []),
							...(signupIds.length ? [eb("signup_id", "in", signupIds)] : []),
						]),
					)
					.orderBy("created_at")
					.execute()
			: [];
	const emails = await db
		.selectFrom("outbox")
		.selectAll()
		.where("recipient_canonical", "=", mailbox)
		.orderBy("created_at")
		.execute();
	const rateLimits = await db
		.selectFrom("rate_limits")
		.selectAll()
		.where("key", "=", mailboxLimitKey(mailbox))
		.execute();
	return {
		address,
		mailbox,
		exportedAt: now.toISOString(),
		registrations,
		vouchers,
		signups,
		consents: consents.map((consent) => ({ ...consent, text: textOfVersion(consent.text_version) ?? null })),
		emails,
		rateLimits,
	};
}

export type PersonExport = Awaited<ReturnType<typeof exportPerson>>;
