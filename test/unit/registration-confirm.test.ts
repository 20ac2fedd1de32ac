/**
 * Opening a confirmation link, against the database: what it issues, what it refuses and why, and that
 * the campaign's voucher limit holds exactly when confirmations race (on PostgreSQL with two
 * connection pools, as two server processes have).
 */
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/schema";
import { confirmSignup } from "../../src/server/registration/confirm";
import { issueInOneStatement } from "../../src/server/registration/confirm-in-one-statement";
import { confirmToken, signupKeys, tokenHash } from "../../src/server/registration/links";
import { type Submitted, submitSignup } from "../../src/server/registration/signups";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

const keys = signupKeys("a test secret");
const hashOf = (signupId: string) => tokenHash(confirmToken(keys, signupId));
const NOW = new Date("2026-06-01T10:00:00Z");
const LINKS = {
	voucherUrl: (token: string, lang: string) => `https://lumen.example/${lang}/voucher/${token}`,
	unsubscribeUrl: (subject: { id: string }, lang: string) =>
		`https://lumen.example/${lang}/unsubscribe/${subject.id}`,
};
const OPEN = { now: NOW, inPeriod: true, voucherLimit: 1_000, links: LINKS };

let people = 0;
function person(fields: Partial<Submitted> = {}): Submitted {
	const n = ++people;
	return {
		name: `Jana Nováková ${"abcdefghij"[n % 10]}${"klmnopqrst"[Math.floor(n / 10) % 10]}${n}`,
		email: `jana.${n}@example.cz`,
		emailCanonical: `jana.${n}@example.cz`,
		birthDate: "1990-03-15",
		phone: null,
		storeId: "store-1",
		marketingConsent: false,
		lang: "cs",
		consentMethod: "form",
		...fields,
	};
}

async function signUp(db: Kysely<Database>, submitted: Submitted, now = NOW): Promise<string> {
	return submitSignup(db, submitted, {
		now,
		used: [],
		confirmUrl: (id) => `https://lumen.example/register/confirm/${confirmToken(keys, id)}`,
		voucherUrl: (token) => `https://lumen.example/voucher/${token}`,
		unsubscribeUrl: (subject) => `https://lumen.example/unsubscribe/${subject.id}`,
		confirmHash: hashOf,
	});
}

async function withStore(db: Kysely<Database>) {
	await db
		.insertInto("stores")
		.values({
			id: "store-1",
			name: "Drogerie",
			region: "CZ-10",
			city: "Praha",
			street: "Vinohradská 1",
			postcode: "120 00",
			opening_hours: "{}",
		})
		.onConflict((conflict) => conflict.column("id").doNothing())
		.execute();
}

const count = async (db: Kysely<Database>, table: "vouchers" | "registrations" | "outbox") =>
	Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

/** What an issue writes, in rows: to see that a statement which issued nothing left nothing behind. */
async function written(db: Kysely<Database>) {
	const counter = await db
		.selectFrom("campaign_counters")
		.select("value")
		.where("name", "=", "vouchers_issued")
		.executeTakeFirstOrThrow();
	return {
		registrations: await count(db, "registrations"),
		vouchers: await count(db, "vouchers"),
		outbox: await count(db, "outbox"),
		issued: Number(counter.value),
		linkedConsents: (
			await db.selectFrom("consents").select("id").where("registration_id", "is not", null).execute()
		).length,
		openSignups: (await db.selectFrom("signups").select("id").where("outcome", "is", null).execute()).length,
	};
}

describeDatabases("confirming a signup on %s", (kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const fresh = async () => {
		const database = await openDatabase();
		await withStore(database.handle.db);
		return database;
	};
	// A second pool on PostgreSQL, as a second server process has. node:sqlite is synchronous: a second
	// connection in this process would wait for the first's lock on the very thread the first needs to
	// commit (two processes are two threads: two-processes.test.ts).
	const second = async (database: Awaited<ReturnType<typeof fresh>>) =>
		kind === "postgres" ? (await database.openAnother()).db : database.handle.db;

	it("issues the voucher once, moves the personal data to the registration, and shows it again", async () => {
		const { db } = (await fresh()).handle;
		const id = await signUp(db, person());
		const first = await confirmSignup(db, hashOf(id), OPEN);
		expect(first.kind).toBe("voucher");
		expect(await confirmSignup(db, hashOf(id), OPEN)).toEqual(first);
		expect(await count(db, "vouchers")).toBe(1);
		const signup = await db.selectFrom("signups").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		expect(signup).toMatchObject({ outcome: "issued", email: null, name: null, birth_date: null });
		const registration = await db.selectFrom("registrations").selectAll().executeTakeFirstOrThrow();
		expect(registration.confirmed_at).toBe(NOW.toISOString());
		expect(registration.id).toBe(signup.registration_id);
		expect(await db.selectFrom("vouchers").select(["registration_id", "store_id"]).execute()).toEqual([
			{ registration_id: registration.id, store_id: "store-1" },
		]);
	});

	it("queues the voucher's own e-mail with the voucher it issues, in the registrant's language, once", async () => {
		const { db } = (await fresh()).handle;
		const jana = person({ lang: "en", marketingConsent: true, name: "Jana Nováková" });
		const id = await signUp(db, jana);
		const first = await confirmSignup(db, hashOf(id), OPEN);
		await confirmSignup(db, hashOf(id), OPEN);
		const voucher = await db
			.selectFrom("vouchers")
			.select(["code", "token", "registration_id"])
			.executeTakeFirstOrThrow();
		expect(first).toEqual({ kind: "voucher", token: voucher.token });
		const mails = await db
			.selectFrom("outbox")
			.select(["recipient", "subject", "text_body", "html_body", "unsubscribe_url"])
			.where("subject", "=", "Your Lumen voucher for 150 CZK")
			.execute();
		expect(mails).toHaveLength(1);
		const [mail] = mails;
		expect(mail?.recipient).toBe(jana.email);
		expect(mail?.text_body).toContain(`Hello Jana Nováková,`);
		expect(mail?.text_body).toContain(
			`https://lumen.example/en/voucher/${voucher.token}\n\nVoucher code: ${voucher.code}\n`,
		);
		expect(mail?.html_body).toContain(`src="cid:barcode.${voucher.code}@lumen"`);
		expect(mail?.unsubscribe_url).toBe(`https://lumen.example/en/unsubscribe/${voucher.registration_id}`);
		// The confirmation e-mail and this one: opening the link again queued nothing.
		expect(await count(db, "outbox")).toBe(2);
	});

	it("greets in Czech in the vocative, without an unsubscribe link for someone who asked for no news", async () => {
		const { db } = (await fresh()).handle;
		await confirmSignup(db, hashOf(await signUp(db, person({ name: "Jana Nováková" }))), OPEN);
		const mail = await db
			.selectFrom("outbox")
			.select(["text_body", "unsubscribe_url"])
			.where("subject", "=", "Vaše poukázka Lumen na 150 Kč")
			.executeTakeFirstOrThrow();
		expect(mail.text_body).toMatch(/^Dobrý den, Jano Nováková,\n/);
		expect(mail.text_body).toContain("https://lumen.example/cs/voucher/");
		expect(mail.unsubscribe_url).toBeNull();
	});

	it("refuses the same person from another mailbox, a link opened outside the period, and an expired link", async () => {
		const { db } = (await fresh()).handle;
		const jana = person();
		await confirmSignup(db, hashOf(await signUp(db, jana)), OPEN);
		const again = await signUp(db, person({ name: ` ${jana.name.toUpperCase()} ` }));
		expect(await confirmSignup(db, hashOf(again), OPEN)).toEqual({ kind: "refused", outcome: "person" });
		expect(await confirmSignup(db, hashOf(again), OPEN)).toEqual({ kind: "refused", outcome: "person" });
		const late = await signUp(db, person());
		const closed = { ...OPEN, inPeriod: false };
		expect(await confirmSignup(db, hashOf(late), closed)).toEqual({ kind: "refused", outcome: "closed" });
		const old = await signUp(db, person(), new Date(NOW.getTime() - 49 * 3600_000));
		expect(await confirmSignup(db, hashOf(old), OPEN)).toEqual({ kind: "expired" });
		expect(await confirmSignup(db, "0".repeat(64), OPEN)).toEqual({ kind: "unknown" });
		expect(await count(db, "vouchers")).toBe(1);
	});

	it("gives a mailbox's second signup the voucher it already has", async () => {
		const { db } = (await fresh()).handle;
		const first = await signUp(db, person({ emailCanonical: "same@example.cz" }));
		const second = await signUp(db, person({ emailCanonical: "same@example.cz" }));
		const issued = await confirmSignup(db, hashOf(first), OPEN);
		expect(await confirmSignup(db, hashOf(second), OPEN)).toEqual(issued);
		expect(await count(db, "vouchers")).toBe(1);
		// Two confirmation e-mails and one voucher e-mail: the voucher shown again is not e-mailed again.
		expect(await count(db, "outbox")).toBe(3);
	});

	it("issues exactly VOUCHER_LIMIT vouchers to 60 confirmations at once, from two pools", async () => {
		const database = await fresh();
		const { db } = database.handle;
		const other = await second(database);
		const limit = { ...OPEN, voucherLimit: 20 };
		const ids = await Promise.all(Array.from({ length: 60 }, () => signUp(db, person())));
		const results = await Promise.all(
			ids.map((id, i) => confirmSignup(i % 2 ? other : db, hashOf(id), limit)),
		);
		expect(results.filter((result) => result.kind === "voucher")).toHaveLength(20);
		expect(
			results.filter((result) => result.kind === "refused" && result.outcome === "sold-out"),
		).toHaveLength(40);
		expect(await count(db, "vouchers")).toBe(20);
		expect(await count(db, "registrations")).toBe(20);
		// The 60 confirmation e-mails and a voucher e-mail for each voucher issued: a rolled back one left none.
		expect(await count(db, "outbox")).toBe(80);
		const counter = await db
			.selectFrom("campaign_counters")
			.select("value")
			.where("name", "=", "vouchers_issued")
			.executeTakeFirstOrThrow();
		expect(Number(counter.value)).toBe(20);
		// A refusal is kept: opening the link again says the same.
		const refused = ids[results.findIndex((result) => result.kind === "refused")] ?? "";
		expect(await confirmSignup(db, hashOf(refused), limit)).toEqual({ kind: "refused", outcome: "sold-out" });
	});

	it("issues the common case in one statement on PostgreSQL, and leaves every other case to the steps", async () => {
		const { db } = (await fresh()).handle;
		const jana = person({ marketingConsent: true });
		const id = await signUp(db, jana);
		const before = await written(db);
		const token = await issueInOneStatement(db, hashOf(id), OPEN);
		if (kind === "sqlite") {
			expect(token).toBeUndefined();
			expect(await written(db)).toEqual(before);
			return;
		}
		expect(token).toMatch(/^[\w-]{43}$/);
		expect(await written(db)).toEqual({
			registrations: 1,
			vouchers: 1,
			outbox: 2,
			issued: 1,
			linkedConsents: 2,
			openSignups: 0,
		});
		const registration = await db.selectFrom("registrations").selectAll().executeTakeFirstOrThrow();
		expect(registration).toMatchObject({
			name: jana.name,
			email: jana.email,
			email_canonical: jana.emailCanonical,
			birth_date: jana.birthDate,
			store_id: "store-1",
			marketing_consent: 1,
			lang: "cs",
			created_at: NOW.toISOString(),
			confirmed_at: NOW.toISOString(),
			duplicate_of: null,
		});
		const signup = await db.selectFrom("signups").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		expect(signup).toMatchObject({ outcome: "issued", email: null, name: null, phone: null });
		expect(signup.registration_id).toBe(registration.id);
		expect(await db.selectFrom("vouchers").selectAll().executeTakeFirstOrThrow()).toMatchObject({
			registration_id: registration.id,
			store_id: "store-1",
			token,
			valid_until: "2026-07-31",
			created_at: NOW.toISOString(),
		});
		const mail = await db
			.selectFrom("outbox")
			.select(["recipient", "recipient_canonical", "text_body", "unsubscribe_url"])
			.where("subject", "=", "Vaše poukázka Lumen na 150 Kč")
			.executeTakeFirstOrThrow();
		expect(mail.recipient).toBe(jana.email);
		expect(mail.recipient_canonical).toBe(jana.emailCanonical);
		expect(mail.text_body).toContain(`https://lumen.example/cs/voucher/${token}`);
		expect(mail.unsubscribe_url).toBe(`https://lumen.example/cs/unsubscribe/${registration.id}`);
		expect(await confirmSignup(db, hashOf(id), OPEN)).toEqual({ kind: "voucher", token });

		// Opened again, the same person from another mailbox, the last voucher gone: nothing is written.
		const samePerson = await signUp(db, person({ name: jana.name }));
		const soldOut = await signUp(db, person());
		const unchanged = await written(db);
		expect(await issueInOneStatement(db, hashOf(id), OPEN)).toBeUndefined();
		expect(await issueInOneStatement(db, hashOf(samePerson), OPEN)).toBeUndefined();
		expect(await issueInOneStatement(db, hashOf(soldOut), { ...OPEN, voucherLimit: 1 })).toBeUndefined();
		expect(await written(db)).toEqual(unchanged);
		expect(await confirmSignup(db, hashOf(samePerson), OPEN)).toEqual({ kind: "refused", outcome: "person" });
		expect(await confirmSignup(db, hashOf(soldOut), { ...OPEN, voucherLimit: 1 })).toEqual({
			kind: "refused",
			outcome: "sold-out",
		});
	});

	it("issues one voucher when one link and one mailbox's links are opened at once", async () => {
		const database = await fresh();
		const { db } = database.handle;
		const other = await second(database);
		const mailbox = { emailCanonical: "race@example.cz" };
		const ids = await Promise.all(Array.from({ length: 3 }, () => signUp(db, person(mailbox))));
		const opened = await Promise.all(
			ids.flatMap((id) => [confirmSignup(db, hashOf(id), OPEN), confirmSignup(other, hashOf(id), OPEN)]),
		);
		expect(
			new Set(opened.map((result) => (result.kind === "voucher" ? result.token : result.kind))).size,
		).toBe(1);
		expect(await count(db, "vouchers")).toBe(1);
		expect(await count(db, "outbox")).toBe(4);
	});
});
