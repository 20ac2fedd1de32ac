import { randomUUID } from "node:crypto";
import type { Insertable, Transaction } from "kysely";
import type { Lang } from "../../i18n";
import { prepare, prepareRows } from "../db/prepared";
import type { Database } from "../db/schema";
import { CONSENT_VERSIONS, type ConsentMethod } from "./consent-texts";

const insertConsents = prepareRows((db, rows: readonly Insertable<Database["consents"]>[]) =>
	db.insertInto("consents").values(rows),
);

/**
 * The consents of a submitted form, as records of the signup: the rules (the form cannot be sent
 * without them) and, when ticked, news by e-mail; each with the version of the words shown.
 */
export async function recordConsents(
	trx: Transaction<Database>,
	signupId: string,
	given: { readonly marketing: boolean; readonly lang: Lang; readonly method: ConsentMethod },
	now: string,
): Promise<void> {
	const purposes = given.marketing ? (["terms", "marketing"] as const) : (["terms"] as const);
	await insertConsents(
		trx,
		purposes.map((purpose) => ({
			id: randomUUID(),
			signup_id: signupId,
			registration_id: null,
			purpose,
			granted: 1,
			text_version: CONSENT_VERSIONS[purpose][given.lang],
			lang: given.lang,
			method: given.method,
			created_at: now,
		})),
	);
}

/** A corrected address makes a new signup: the consents given on the form go with it. */
export async function moveConsents(trx: Transaction<Database>, from: string, to: string): Promise<void> {
	await trx.updateTable("consents").set({ signup_id: to }).where("signup_id", "=", from).execute();
}

const linkToRegistration = prepare((db, row: { signupId: string; registrationId: string }) =>
	db
		.updateTable("consents")
		.set({ registration_id: row.registrationId })
		.where("signup_id", "=", row.signupId),
);

/** The mailbox confirmed: the signup's consents become its registration's as well (the signup stays linked). */
export async function linkConsents(
	trx: Transaction<Database>,
	signupId: string,
	registrationId: string,
): Promise<void> {
	await linkToRegistration(trx, { signupId, registrationId });
}
