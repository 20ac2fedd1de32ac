/**
 * npm run privacy:erase's work, against SQLite and PostgreSQL: a person's personal fields, consents,
 * signups and e-mails go; their voucher is voided (its page says so, no till redeems it); a redemption
 * stays as an anonymous row for the settlement; a second run finds nothing; nobody else is touched.
 */
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/schema";
import { describeErasure, erasePerson } from "../../src/server/privacy/erase";
import { exportPerson } from "../../src/server/privacy/export";
import { findVoucher } from "../../src/server/registration/vouchers";
import { redeemVoucher, redemptionsBetween } from "../../src/server/staff/redemption";
import { seedStaff } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { NOW, person, registered, signUp, withStore } from "./privacy-support";

const LATER = new Date(NOW.getTime() + 86_400_000);

const voucherOf = (db: Kysely<Database>, registrationId: string) =>
	db
		.selectFrom("vouchers")
		.selectAll()
		.where("registration_id", "=", registrationId)
		.executeTakeFirstOrThrow();

describeDatabases("privacy erasure on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("erases a person, voids the voucher, keeps a redemption anonymous; again: nothing", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const staff = await seedStaff(db, { role: "staff", storeId: "store-1" });
		const jana = person();
		const janaIds = await registered(db, jana);
		await signUp(db, { ...person(), email: jana.email, emailCanonical: jana.emailCanonical });
		const petr = person({ name: "Petr Svoboda", phone: null });
		const petrIds = await registered(db, petr);
		const petrCode = (await voucherOf(db, petrIds.registrationId)).code;
		await redeemVoucher(db, { code: petrCode, staffId: staff.id, storeId: "store-1" }, NOW);
		const bystander = person();
		const bystanderIds = await registered(db, bystander);
		const janaCode = (await voucherOf(db, janaIds.registrationId)).code;

		const report = await erasePerson(db, jana.email.toUpperCase(), LATER);
		expect(report).toEqual({
			mailbox: jana.emailCanonical,
			registrationsAnonymised: 1,
			vouchersVoided: 1,
			signupsDeleted: 2,
			consentsDeleted: 4,
			// The confirmation e-mail, the voucher's own, and its link sent again.
			emailsDeleted: 3,
			counters: 0,
		});
		expect(describeErasure(jana.email, report)).toContain("1 registration(s) anonymised");
		const registration = await db
			.selectFrom("registrations")
			.selectAll()
			.where("id", "=", janaIds.registrationId)
			.executeTakeFirstOrThrow();
		const erased = `erased:${janaIds.registrationId}`;
		expect(registration).toMatchObject({
			name: "",
			email: erased,
			email_canonical: erased,
			person_key: erased,
			birth_date: "",
			phone: null,
			store_id: null,
			marketing_consent: 0,
			anonymised_at: LATER.toISOString(),
			anonymised_because: "request",
		});
		const stored = JSON.stringify(await db.selectFrom("registrations").selectAll().execute());
		expect(stored).not.toContain(jana.name);
		expect(stored).not.toContain(jana.emailCanonical);
		// The voucher: cancelled on its page, and at the till.
		expect(await findVoucher(db, janaIds.token, LATER)).toMatchObject({ cancelled: "request" });
		const voided = await voucherOf(db, janaIds.registrationId);
		expect(voided).toMatchObject({
			voided_at: LATER.toISOString(),
			code: janaCode,
			redeemed_at: null,
			store_id: null,
		});
		expect(await redeemVoucher(db, { code: janaCode, staffId: staff.id, storeId: "store-1" }, LATER)).toEqual(
			{ kind: "voided", code: janaCode, because: "request" },
		);
		expect((await voucherOf(db, janaIds.registrationId)).redeemed_at).toBeNull();
		expect(await exportPerson(db, jana.email)).toMatchObject({ registrations: [], signups: [], emails: [] });
		expect(
			await db
				.selectFrom("consents")
				.select("id")
				.where("registration_id", "=", janaIds.registrationId)
				.execute(),
		).toEqual([]);

		// The bystander is untouched.
		expect((await exportPerson(db, bystander.email)).registrations).toEqual([
			expect.objectContaining({ name: bystander.name, id: bystanderIds.registrationId }),
		]);
		expect(await findVoucher(db, bystanderIds.token, LATER)).toMatchObject({ cancelled: undefined });
		expect((await voucherOf(db, bystanderIds.registrationId)).store_id).toBe("store-1");

		// A redeemed voucher: voided too, and its redemption stays for the settlement.
		await erasePerson(db, petr.email, LATER);
		expect(await voucherOf(db, petrIds.registrationId)).toMatchObject({
			code: petrCode,
			redeemed_at: NOW.toISOString(),
			redeemed_store_id: "store-1",
			voided_at: LATER.toISOString(),
		});
		const day = { start: "2026-06-01T00:00:00.000Z", end: "2026-06-02T00:00:00.000Z" };
		expect((await redemptionsBetween(db, day, "all")).map((row) => row.code)).toEqual([petrCode]);

		// Again: nothing is left to erase.
		const again = await erasePerson(db, jana.email, LATER);
		expect(again).toMatchObject({
			registrationsAnonymised: 0,
			vouchersVoided: 0,
			signupsDeleted: 0,
			emailsDeleted: 0,
		});
		expect(describeErasure(jana.email, again)).toBe(
			`Nothing is stored about ${jana.email} (mailbox ${jana.emailCanonical}).`,
		);
		expect((await voucherOf(db, janaIds.registrationId)).voided_at).toBe(LATER.toISOString());
	});

	it("erases a signup still waiting for its mailbox (and its e-mail)", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const eva = person();
		await signUp(db, eva);
		expect(await erasePerson(db, eva.email, LATER)).toMatchObject({
			registrationsAnonymised: 0,
			signupsDeleted: 1,
			consentsDeleted: 2,
			emailsDeleted: 1,
		});
		expect(await db.selectFrom("signups").select("id").execute()).toEqual([]);
		expect(await db.selectFrom("outbox").select("id").execute()).toEqual([]);
	});
});
