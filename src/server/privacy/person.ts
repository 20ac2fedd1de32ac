import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { canonicalEmail } from "../registration/email-identity";

/** The rows that hold one person's data, found by their mailbox. */
export interface PersonRows {
	/** The canonical address (email-identity.ts): every spelling of the mailbox finds the same rows. */
	readonly mailbox: string;
	/** Their registrations not yet erased (more than one only where old duplicates were kept). */
	readonly registrationIds: readonly string[];
	/** Their signups: of the mailbox (waiting, or kept for a correction) and those their registrations became. */
	readonly signupIds: readonly string[];
}

/** The key of the rate limit that counts e-mails to a mailbox (src/server/registration/limits.ts). */
export const mailboxLimitKey = (mailbox: string) => `mail-recipient:${mailbox}`;

/** Finds a person's rows by an address as they (or the operator) typed it. */
export async function findPerson(
	db: Kysely<Database> | Transaction<Database>,
	address: string,
): Promise<PersonRows> {
	const mailbox = canonicalEmail(address);
	const registrations = await db
		.selectFrom("registrations")
		.select("id")
		.where("email_canonical", "=", mailbox)
		.where("anonymised_at", "is", null)
		.orderBy("created_at")
		.execute();
	const registrationIds = registrations.map((row) => row.id);
	const signups = await db
		.selectFrom("signups")
		.select("id")
		.where((eb) =>
			registrationIds.length
				? eb.or([eb("email_canonical", "=", mailbox), eb("registration_id", "in", registrationIds)])
				: eb("email_canonical", "=", mailbox),
		)
		.orderBy("created_at")
		.execute();
	return { mailbox, registrationIds, signupIds: signups.map((row) => row.id) };
}
