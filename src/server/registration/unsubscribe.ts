import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { type ConsentMethod, UNRECORDED_VERSION } from "./consent-texts";
import type { UnsubscribeSubject } from "./links";

/** Where a subject's news consent lives now: a signup's, or (once its mailbox confirmed) a registration's. */
type Holder = { readonly table: "signups" | "registrations"; readonly id: string; readonly lang: string };

/**
 * The holder of an unsubscribe link's consent: a registration, or a signup, or the registration the
 * signup became; undefined when nothing is stored any more (a signup deleted when its link expired, an
 * erased registration): then no news can go out either.
 */
async function holderOf(db: Kysely<Database>, subject: UnsubscribeSubject): Promise<Holder | undefined> {
	if (subject.kind === "signup") {
		const signup = await db
			.selectFrom("signups")
			.select(["id", "email", "outcome", "registration_id", "lang"])
			.where("id", "=", subject.id)
			.executeTakeFirst();
		if (!signup) return undefined;
		const became = signup.outcome === "issued" || signup.outcome === "existing";
		if (became && signup.registration_id)
			return holderOf(db, { kind: "registration", id: signup.registration_id });
		// A signup resolved otherwise (refused, replaced) holds no personal data, and no consent.
		return signup.email === null ? undefined : { table: "signups", id: signup.id, lang: signup.lang };
	}
	const registration = await db
		.selectFrom("registrations")
		.select(["id", "lang"])
		.where("id", "=", subject.id)
		.where("anonymised_at", "is", null)
		.executeTakeFirst();
	return registration && { table: "registrations", id: registration.id, lang: registration.lang };
}

/** Whether the link's subject gets news now. */
export async function getsNews(db: Kysely<Database>, subject: UnsubscribeSubject): Promise<boolean> {
	const holder = await holderOf(db, subject);
	if (!holder) return false;
	const row = await db
		.selectFrom(holder.table)
		.select("marketing_consent")
		.where("id", "=", holder.id)
		.executeTakeFirst();
	return row?.marketing_consent === 1;
}

/**
 * Withdraws the news consent of an unsubscribe link's subject: the flag cleared and the withdrawal
 * recorded beside the consent (which stays), in one transaction. The conditional UPDATE makes it
 * idempotent: a second press, or two at once, records nothing more. Returns whether it withdrew now.
 */
export async function withdrawNews(
	db: Kysely<Database>,
	subject: UnsubscribeSubject,
	method: Extract<ConsentMethod, "unsubscribe-page" | "unsubscribe-one-click">,
	now: Date,
): Promise<boolean> {
	const holder = await holderOf(db, subject);
	if (!holder) return false;
	if (await withdrawFrom(db, holder, method, now)) return true;
	// The signup's mailbox may have been confirmed meanwhile: its consent is now its registration's.
	const current = await holderOf(db, subject);
	if (!current || current.table === holder.table) return false;
	return withdrawFrom(db, current, method, now);
}

function withdrawFrom(
	db: Kysely<Database>,
	holder: Holder,
	method: ConsentMethod,
	now: Date,
): Promise<boolean> {
	// Written first, then read (see confirm.ts's claim): the transaction takes the write lock at once.
	return db.transaction().execute(async (trx) => {
		const cleared = await trx
			.updateTable(holder.table)
			.set({ marketing_consent: 0 })
			.where("id", "=", holder.id)
			.where("marketing_consent", "=", 1)
			.executeTakeFirst();
		if (cleared.numUpdatedRows === 0n) return false;
		const link = holder.table === "signups" ? "signup_id" : "registration_id";
		await trx
			.insertInto("consents")
			.values({
				id: randomUUID(),
				signup_id: link === "signup_id" ? holder.id : null,
				registration_id: link === "registration_id" ? holder.id : null,
				purpose: "marketing",
				granted: 0,
				text_version: await withdrawnVersion(trx, link, holder.id),
				lang: holder.lang,
				method,
				created_at: now.toISOString(),
			})
			.execute();
		return true;
	});
}

/** The version of the news consent being withdrawn: the latest one given. */
async function withdrawnVersion(
	trx: Transaction<Database>,
	link: "signup_id" | "registration_id",
	id: string,
): Promise<string> {
	const given = await trx
		.selectFrom("consents")
		.select("text_version")
		.where(link, "=", id)
		.where("purpose", "=", "marketing")
		.where("granted", "=", 1)
		.orderBy("created_at", "desc")
		.executeTakeFirst();
	return given?.text_version ?? UNRECORDED_VERSION;
}
