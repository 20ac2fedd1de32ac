/**
 * Consents as records, against SQLite and PostgreSQL: given with a signup (which words, language,
 * when, how), moved with a corrected address, linked to the registration at confirmation, withdrawn
 * through an unsubscribe link as a new record beside the grant (once, however often pressed), and gone
 * with a signup that never became a registration. The unsubscribe token names its subject and nothing
 * else; the texts' version ids follow their words.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/i18n";
import type { Database } from "../../src/server/db/schema";
import { confirmSignup } from "../../src/server/registration/confirm";
import { CONSENT_VERSIONS, consentText, textOfVersion } from "../../src/server/registration/consent-texts";
import { signupKeys, unsubscribeSubject, unsubscribeToken } from "../../src/server/registration/links";
import { deleteExpiredSignups } from "../../src/server/registration/settings";
import { correctSignup } from "../../src/server/registration/signups";
import { getsNews, withdrawNews } from "../../src/server/registration/unsubscribe";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { context, hashOf, keys, NOW, person, registered, signUp, withStore } from "./privacy-support";

const consentsOf = (db: Kysely<Database>, column: "signup_id" | "registration_id", id: string) =>
	db
		.selectFrom("consents")
		.select([
			"purpose",
			"granted",
			"text_version",
			"lang",
			"method",
			"created_at",
			"signup_id",
			"registration_id",
		])
		.where(column, "=", id)
		.orderBy("created_at")
		.orderBy("purpose", "desc")
		.execute();

const LATER = new Date(NOW.getTime() + 3600_000);

describe("consent texts and unsubscribe tokens", () => {
	it("versions name the purpose, the language and the words", () => {
		for (const lang of LANGS) {
			expect(CONSENT_VERSIONS.terms[lang]).toMatch(new RegExp(`^terms\\.${lang}\\.[0-9a-f]{12}$`));
			expect(CONSENT_VERSIONS.marketing[lang]).toMatch(new RegExp(`^marketing\\.${lang}\\.[0-9a-f]{12}$`));
			expect(textOfVersion(CONSENT_VERSIONS.marketing[lang])).toBe(consentText("marketing", lang));
		}
		expect(consentText("terms", "cs")).toContain("mažeme je do 6 měsíců po skončení kampaně");
		expect(CONSENT_VERSIONS.terms.cs).not.toBe(CONSENT_VERSIONS.terms.en);
		expect(textOfVersion("unrecorded")).toBeUndefined();
	});

	it("a token names its subject; altered, swapped or another secret's names nobody", () => {
		const subject = { kind: "signup", id: "0b7e7d3c-2f5a-4c1e-9a57-7f1f4b3c2d10" } as const;
		const token = unsubscribeToken(keys, subject);
		expect(unsubscribeSubject(keys, token)).toEqual(subject);
		expect(unsubscribeSubject(keys, `r${token.slice(1)}`)).toBeUndefined();
		expect(
			unsubscribeSubject(keys, `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`),
		).toBeUndefined();
		expect(unsubscribeSubject(signupKeys("another secret"), token)).toBeUndefined();
		expect(unsubscribeSubject(keys, "")).toBeUndefined();
		expect(unsubscribeSubject(keys, `${token}x`)).toBeUndefined();
	});
});

describeDatabases("consent records on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const fresh = async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		return db;
	};

	it("records the rules and, when ticked, the news: words, language, time and how", async () => {
		const db = await fresh();
		const withNews = await signUp(db, person({ lang: "en" }));
		expect(await consentsOf(db, "signup_id", withNews)).toEqual([
			{
				purpose: "terms",
				granted: 1,
				text_version: CONSENT_VERSIONS.terms.en,
				lang: "en",
				method: "form",
				created_at: NOW.toISOString(),
				signup_id: withNews,
				registration_id: null,
			},
			expect.objectContaining({
				purpose: "marketing",
				granted: 1,
				text_version: CONSENT_VERSIONS.marketing.en,
			}),
		]);
		const without = await signUp(db, person({ marketingConsent: false, consentMethod: "form-no-script" }));
		expect(await consentsOf(db, "signup_id", without)).toEqual([
			expect.objectContaining({
				purpose: "terms",
				method: "form-no-script",
				text_version: CONSENT_VERSIONS.terms.cs,
			}),
		]);
	});

	it("a corrected address takes the consents along; confirmation links them to the registration", async () => {
		const db = await fresh();
		const first = await signUp(db, person());
		const signup = await db
			.selectFrom("signups")
			.selectAll()
			.where("id", "=", first)
			.executeTakeFirstOrThrow();
		const corrected = await correctSignup(
			db,
			signup,
			{ email: "jana.spravne@example.cz", emailCanonical: "jana.spravne@example.cz" },
			context(LATER),
		);
		expect(await consentsOf(db, "signup_id", first)).toEqual([]);
		const moved = await consentsOf(db, "signup_id", corrected);
		expect(moved.map((consent) => [consent.purpose, consent.created_at])).toEqual([
			["terms", NOW.toISOString()],
			["marketing", NOW.toISOString()],
		]);
		const { registrationId } = await registered(db, person());
		const linked = await consentsOf(db, "registration_id", registrationId);
		expect(linked.map((consent) => consent.purpose)).toEqual(["terms", "marketing"]);
		expect(linked.every((consent) => consent.signup_id !== null)).toBe(true);
	});

	it("withdrawing keeps the grant, records the withdrawal once, and clears the flag", async () => {
		const db = await fresh();
		const { registrationId } = await registered(db, person());
		const subject = { kind: "registration", id: registrationId } as const;
		expect(await getsNews(db, subject)).toBe(true);
		const presses = await Promise.all([
			withdrawNews(db, subject, "unsubscribe-one-click", LATER),
			withdrawNews(db, subject, "unsubscribe-one-click", LATER),
		]);
		expect(presses.filter(Boolean)).toHaveLength(1);
		expect(await withdrawNews(db, subject, "unsubscribe-page", LATER)).toBe(false);
		expect(await getsNews(db, subject)).toBe(false);
		const records = await consentsOf(db, "registration_id", registrationId);
		expect(records.map((consent) => [consent.purpose, consent.granted, consent.method])).toEqual([
			["terms", 1, "form"],
			["marketing", 1, "form"],
			["marketing", 0, "unsubscribe-one-click"],
		]);
		expect(records[2]).toMatchObject({
			text_version: CONSENT_VERSIONS.marketing.cs,
			created_at: LATER.toISOString(),
		});
		const { marketing_consent } = await db
			.selectFrom("registrations")
			.select("marketing_consent")
			.where("id", "=", registrationId)
			.executeTakeFirstOrThrow();
		expect(marketing_consent).toBe(0);
	});

	it("a signup's link withdraws before confirmation (the registration gets no news) and after (its registration's)", async () => {
		const db = await fresh();
		const before = await signUp(db, person());
		expect(await withdrawNews(db, { kind: "signup", id: before }, "unsubscribe-page", LATER)).toBe(true);
		const { registrationId } = await registered(db, person());
		const after = await db
			.selectFrom("signups")
			.select("id")
			.where("registration_id", "=", registrationId)
			.executeTakeFirstOrThrow();
		expect(await withdrawNews(db, { kind: "signup", id: after.id }, "unsubscribe-one-click", LATER)).toBe(
			true,
		);
		expect(await getsNews(db, { kind: "registration", id: registrationId })).toBe(false);

		const confirmed = await confirmSignup(db, hashOf(before), {
			now: LATER,
			inPeriod: true,
			voucherLimit: 1000,
			links: context(LATER),
		});
		expect(confirmed.kind).toBe("voucher");
		const registration = await db
			.selectFrom("signups")
			.innerJoin("registrations", "registrations.id", "signups.registration_id")
			.select(["registrations.id", "registrations.marketing_consent"])
			.where("signups.id", "=", before)
			.executeTakeFirstOrThrow();
		expect(registration.marketing_consent).toBe(0);
		const records = await consentsOf(db, "registration_id", registration.id);
		expect(records.map((consent) => [consent.purpose, consent.granted, consent.method])).toEqual([
			["terms", 1, "form"],
			["marketing", 1, "form"],
			["marketing", 0, "unsubscribe-page"],
		]);
	});

	it("a mailbox confirmed again for its voucher: the later form's consents are the registration's, news asked for anew", async () => {
		const db = await fresh();
		const mailbox = { emailCanonical: "again@example.cz", email: "again@example.cz" };
		const first = await signUp(db, person({ ...mailbox, marketingConsent: false }));
		const second = await signUp(db, person({ ...mailbox, lang: "en" }), LATER);
		const open = { now: LATER, inPeriod: true, voucherLimit: 1000, links: context(LATER) };
		const issued = await confirmSignup(db, hashOf(first), open);
		expect(await confirmSignup(db, hashOf(second), open)).toEqual(issued);
		const registration = await db.selectFrom("registrations").selectAll().executeTakeFirstOrThrow();
		expect(registration.marketing_consent).toBe(1);
		const records = await consentsOf(db, "registration_id", registration.id);
		expect(records.map((consent) => [consent.signup_id, consent.purpose, consent.lang])).toEqual([
			[first, "terms", "cs"],
			[second, "terms", "en"],
			[second, "marketing", "en"],
		]);
	});

	it("a signup that never became a registration takes its consents with it; a link to it names nobody", async () => {
		const db = await fresh();
		const lapsed = await signUp(db, person(), new Date(NOW.getTime() - 49 * 3600_000));
		await deleteExpiredSignups(db, NOW);
		expect(await consentsOf(db, "signup_id", lapsed)).toEqual([]);
		expect(await getsNews(db, { kind: "signup", id: lapsed })).toBe(false);
		expect(await withdrawNews(db, { kind: "signup", id: lapsed }, "unsubscribe-page", NOW)).toBe(false);
	});
});
