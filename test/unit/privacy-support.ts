/** Signups and registrations made straight against a database, for the consent and privacy tests. */
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema";
import { confirmSignup } from "../../src/server/registration/confirm";
import { confirmToken, signupKeys, tokenHash, unsubscribeToken } from "../../src/server/registration/links";
import { type SignupContext, type Submitted, submitSignup } from "../../src/server/registration/signups";

export const keys = signupKeys("a test secret");
export const hashOf = (signupId: string) => tokenHash(confirmToken(keys, signupId));
export const NOW = new Date("2026-06-01T10:00:00Z");

export const context = (now = NOW): SignupContext => ({
	now,
	used: [],
	confirmUrl: (id) => `https://lumen.example/register/confirm/${confirmToken(keys, id)}`,
	voucherUrl: (token) => `https://lumen.example/voucher/${token}`,
	confirmHash: hashOf,
	unsubscribeUrl: (subject) => `https://lumen.example/unsubscribe/${unsubscribeToken(keys, subject)}`,
});

let people = 0;
/** A person of their own (name, birth date and mailbox), unless `fields` say otherwise. */
export function person(fields: Partial<Submitted> = {}): Submitted {
	const n = ++people;
	const email = `Jana.Novakova+${n}@Example.cz`;
	return {
		name: `Jana Nováková ${"abcdefghij"[n % 10]}${"klmnopqrst"[Math.floor(n / 10) % 10]}${n}`,
		email,
		emailCanonical: email.toLowerCase(),
		birthDate: "1990-03-15",
		phone: "+420603123456",
		storeId: "store-1",
		marketingConsent: true,
		lang: "cs",
		consentMethod: "form",
		...fields,
	};
}

export async function withStore(db: Kysely<Database>): Promise<void> {
	await db
		.insertInto("stores")
		.values({
			id: "store-1",
			name: "Drogerie Vinohrady",
			region: "CZ-10",
			city: "Praha",
			street: "Vinohradská 1",
			postcode: "120 00",
			opening_hours: "{}",
		})
		.onConflict((conflict) => conflict.column("id").doNothing())
		.execute();
}

export const signUp = (db: Kysely<Database>, submitted: Submitted, now = NOW) =>
	submitSignup(db, submitted, context(now));

/** Signs up and confirms: the registration's id and its voucher's page token. */
export async function registered(
	db: Kysely<Database>,
	submitted: Submitted,
	now = NOW,
): Promise<{ signupId: string; registrationId: string; token: string }> {
	const signupId = await signUp(db, submitted, now);
	const confirmed = await confirmSignup(db, hashOf(signupId), {
		now,
		inPeriod: true,
		voucherLimit: 1000,
		links: context(now),
	});
	if (confirmed.kind !== "voucher") throw new Error(`not confirmed: ${confirmed.kind}`);
	const { registration_id } = await db
		.selectFrom("signups")
		.select("registration_id")
		.where("id", "=", signupId)
		.executeTakeFirstOrThrow();
	return { signupId, registrationId: registration_id ?? "", token: confirmed.token };
}
