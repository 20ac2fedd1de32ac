import type { DeleteResult, Kysely, UpdateResult } from "kysely";
import type { Database } from "../db/schema";
import { anonymiseRegistrations, forgetChosenStores } from "./anonymise";
import { findPerson, mailboxLimitKey } from "./person";

/** What an erasure did, row by row. */
export interface ErasureReport {
	readonly mailbox: string;
	readonly registrationsAnonymised: number;
	readonly vouchersVoided: number;
	readonly signupsDeleted: number;
	readonly consentsDeleted: number;
	readonly emailsDeleted: number;
	readonly counters: number;
}

/**
 * Erases everything stored about the person with an address, at their request, in one transaction:
 * their registrations' personal fields (anonymiseRegistrations; the chosen store on their vouchers
 * too), their consent records and signups, the e-mails written to them, the count of e-mails to their
 * mailbox. Their voucher is voided: its page says it was cancelled at their request, and a till that
 * scans its code is told so and redeems nothing (redemption.ts). A redemption stays (the voucher row:
 * code, store, time; the value is the campaign's), anonymous, for the settlement with the stores.
 * Running it again finds nothing.
 */
export async function erasePerson(
	db: Kysely<Database>,
	address: string,
	now = new Date(),
): Promise<ErasureReport> {
	return db.transaction().execute(async (trx) => {
		const { mailbox, registrationIds, signupIds } = await findPerson(trx, address);
		const ofRegistrations = registrationIds.length > 0;
		const ofSignups = signupIds.length > 0;
		const vouchersVoided = ofRegistrations
			? updated(
					await trx
						.updateTable("vouchers")
						.set({ voided_at: now.toISOString(), voided_because: "request" })
						.where("registration_id", "in", registrationIds)
						.where("voided_at", "is", null)
						.executeTakeFirst(),
				)
			: 0;
		const registrationsAnonymised = ofRegistrations
			? updated(
					await anonymiseRegistrations(trx, "request", now)
						.where("id", "in", registrationIds)
						.executeTakeFirst(),
				)
			: 0;
		if (ofRegistrations) {
			await forgetChosenStores(trx).where("registration_id", "in", registrationIds).execute();
		}
		const consentsDeleted =
			(ofRegistrations
				? deleted(
						await trx
							.deleteFrom("consents")
							.where("registration_id", "in", registrationIds)
							.executeTakeFirst(),
					)
				: 0) +
			(ofSignups
				? deleted(await trx.deleteFrom("consents").where("signup_id", "in", signupIds).executeTakeFirst())
				: 0);
		const signupsDeleted = ofSignups
			? deleted(await trx.deleteFrom("signups").where("id", "in", signupIds).executeTakeFirst())
			: 0;
		const emailsDeleted = deleted(
			await trx.deleteFrom("outbox").where("recipient_canonical", "=", mailbox).executeTakeFirst(),
		);
		const counters = deleted(
			await trx.deleteFrom("rate_limits").where("key", "=", mailboxLimitKey(mailbox)).executeTakeFirst(),
		);
		return {
			mailbox,
			registrationsAnonymised,
			vouchersVoided,
			signupsDeleted,
			consentsDeleted,
			emailsDeleted,
			counters,
		};
	});
}

const updated = (result: UpdateResult) => Number(result.numUpdatedRows);
const deleted = (result: DeleteResult) => Number(result.numDeletedRows);

/** The report as the command prints it. */
export function describeErasure(address: string, report: ErasureReport): string {
	const rows = [
		[report.registrationsAnonymised, "registration(s) anonymised"],
		[report.vouchersVoided, "voucher(s) voided (the page says: cancelled at the person's request)"],
		[report.signupsDeleted, "signup(s) deleted"],
		[report.consentsDeleted, "consent record(s) deleted"],
		[report.emailsDeleted, "e-mail(s) deleted from the outbox"],
		[report.counters, "rate-limit counter(s) of the mailbox deleted"],
	] as const;
	if (rows.every(([n]) => n === 0)) return `Nothing is stored about ${address} (mailbox ${report.mailbox}).`;
	return [
		`Erased ${address} (mailbox ${report.mailbox}):`,
		...rows.map(([n, what]) => `  ${n} ${what}`),
	].join("\n");
}
