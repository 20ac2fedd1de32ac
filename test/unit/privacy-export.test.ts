/**
 * npm run privacy:export's content, against SQLite and PostgreSQL: everything stored about the person
 * with an address, found by its mailbox under any spelling, and nothing about anyone else.
 */
import { expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import { exportPerson } from "../../src/server/privacy/export";
import { CONSENT_VERSIONS, consentText } from "../../src/server/registration/consent-texts";
import { redeemVoucher } from "../../src/server/staff/redemption";
import { seedStaff } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { NOW, person, registered, signUp, withStore } from "./privacy-support";

describeDatabases("privacy export on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("gathers the registration, signups, consents, voucher and redemption, e-mails", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const jana = person({ phone: "+420603123456" });
		const { registrationId, signupId } = await registered(db, jana);
		// The same mailbox registers again (another spelling): its voucher's link is e-mailed.
		const again = await signUp(
			db,
			{ ...person(), email: jana.email.toUpperCase(), emailCanonical: jana.emailCanonical },
			new Date(NOW.getTime() + 60_000),
		);
		const stranger = person();
		await registered(db, stranger);
		const staff = await seedStaff(db, { role: "staff", storeId: "store-1" });
		const voucher = await db
			.selectFrom("vouchers")
			.select("code")
			.where("registration_id", "=", registrationId)
			.executeTakeFirstOrThrow();
		await redeemVoucher(db, { code: voucher.code, staffId: staff.id, storeId: "store-1" }, NOW);

		const found = await exportPerson(db, `  ${jana.email.toUpperCase()} `, NOW);
		expect(found.mailbox).toBe(jana.emailCanonical);
		expect(found.registrations).toEqual([
			expect.objectContaining({
				id: registrationId,
				name: jana.name,
				email: jana.email,
				birth_date: jana.birthDate,
				phone: "+420603123456",
				store_id: "store-1",
				store_name: "Drogerie Vinohrady",
				marketing_consent: 1,
			}),
		]);
		expect(found.vouchers).toEqual([
			expect.objectContaining({
				code: voucher.code,
				redeemed_at: NOW.toISOString(),
				redeemed_store_name: "Drogerie Vinohrady",
				voided_at: null,
			}),
		]);
		expect(JSON.stringify(found)).not.toContain(staff.id);
		expect(found.signups.map((signup) => [signup.id, signup.outcome])).toEqual([
			[signupId, "issued"],
			[again, "known"],
		]);
		expect(
			found.consents.map((consent) => [consent.purpose, consent.signup_id, consent.registration_id]),
		).toEqual(
			expect.arrayContaining([
				["terms", signupId, registrationId],
				["marketing", signupId, registrationId],
				["terms", again, null],
				["marketing", again, null],
			]),
		);
		expect(found.consents[0]).toMatchObject({
			text_version: CONSENT_VERSIONS.terms.cs,
			text: consentText("terms", "cs"),
		});
		// The confirmation e-mail and the voucher's own (queued at the same moment), then its link again.
		const t = MESSAGES.cs.register.mail;
		expect(found.emails.map((mail) => `${mail.recipient} ${mail.subject}`).sort()).toEqual(
			[
				`${jana.email} ${t.confirmSubject}`,
				`${jana.email} ${t.issuedSubject}`,
				`${jana.email.toUpperCase()} ${t.againSubject}`,
			].sort(),
		);
		expect(found.emails.at(-1)?.subject).toBe(t.againSubject);
		expect(found.emails.find((mail) => mail.subject === t.confirmSubject)?.text_body).toContain(
			"/register/confirm/",
		);
		expect(JSON.stringify(found)).not.toContain(stranger.name);
		expect(JSON.stringify(found)).not.toContain(stranger.email);
	});

	it("an address nobody used: every part empty", async () => {
		const { db } = (await openDatabase()).handle;
		const found = await exportPerson(db, "nobody@example.cz", NOW);
		expect(found).toMatchObject({
			registrations: [],
			vouchers: [],
			signups: [],
			consents: [],
			emails: [],
			rateLimits: [],
		});
	});
});
