/**
 * The retention rules (npm run privacy:retention, and daily in the server), against SQLite and
 * PostgreSQL: sent e-mails lose their bodies after 30 days; from the campaign's end plus the retention
 * months every registration's personal data goes, vouchers and redemptions stay. The daily run is
 * claimed by one process a day, however many check at once.
 */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import Fastify from "fastify";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db";
import type { Database } from "../../src/server/db/schema";
import { claimDay, registerDailyRetention } from "../../src/server/privacy/plugin";
import {
	API_CALL_DAYS,
	addMonths,
	applyRetention,
	describeRetention,
	personalDataUntil,
} from "../../src/server/privacy/retention";
import { findVoucher } from "../../src/server/registration/vouchers";
import { redeemVoucher } from "../../src/server/staff/redemption";
import { seedStaff } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { NOW, person, registered, signUp, withStore } from "./privacy-support";

const DAY = 86_400_000;
const settings = (end: string | undefined, retentionMonths = 6) => ({
	campaign: { end },
	privacy: { retentionMonths },
});

/** Marks the outbox's e-mails as sent `daysAgo` days before NOW. */
const sentDaysAgo = (db: Kysely<Database>, daysAgo: number) =>
	db
		.updateTable("outbox")
		.set({ sent_at: new Date(NOW.getTime() - daysAgo * DAY).toISOString() })
		.where("sent_at", "is", null)
		.execute();

const count = async (db: Kysely<Database>, table: "signups" | "consents" | "outbox") =>
	Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("the retention day", () => {
	it("is the campaign's end plus whole months, the month's last day when shorter", () => {
		expect(addMonths("2026-06-30", 6)).toBe("2026-12-30");
		expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
		expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
		expect(addMonths("2026-10-15", 0)).toBe("2026-10-15");
		expect(personalDataUntil({ end: "2026-06-30" }, { retentionMonths: 6 })).toBe("2026-12-30");
		expect(personalDataUntil({ end: undefined }, { retentionMonths: 6 })).toBeUndefined();
	});

	it("is configured by PERSONAL_DATA_RETENTION_MONTHS, 6 by default, whole months only", () => {
		const env = { SESSION_SECRET: "s" };
		expect(loadConfig(env).privacy.retentionMonths).toBe(6);
		expect(loadConfig({ ...env, PERSONAL_DATA_RETENTION_MONTHS: "12" }).privacy.retentionMonths).toBe(12);
		for (const wrong of ["-1", "1.5", "six", "121"]) {
			expect(() => loadConfig({ ...env, PERSONAL_DATA_RETENTION_MONTHS: wrong })).toThrow(
				/PERSONAL_DATA_RETENTION_MONTHS/,
			);
		}
	});
});

describeDatabases("retention on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const fresh = async () => {
		const database = await openDatabase();
		await withStore(database.handle.db);
		return database;
	};

	it("deletes the bodies of e-mails sent more than 30 days ago, nothing else", async () => {
		const { db } = (await fresh()).handle;
		await signUp(db, person());
		await sentDaysAgo(db, 31);
		await signUp(db, person());
		await sentDaysAgo(db, 29);
		await signUp(db, person());
		const report = await applyRetention(db, settings(undefined), NOW);
		expect(report).toMatchObject({
			mailBodiesDeleted: 1,
			personalDataUntil: undefined,
			registrationsAnonymised: 0,
		});
		expect(describeRetention(report)).toContain("CAMPAIGN_END is not set");
		const mails = await db
			.selectFrom("outbox")
			.select(["text_body", "html_body", "unsubscribe_url", "sent_at", "recipient"])
			.execute();
		const old = new Date(NOW.getTime() - 31 * DAY).toISOString();
		const shown = mails.map((mail) => [
			mail.sent_at === old,
			mail.text_body === "" && mail.html_body === "" && mail.unsubscribe_url === null,
			mail.recipient.endsWith("@Example.cz"),
		]);
		expect(shown.sort()).toEqual([
			[false, false, true],
			[false, false, true],
			[true, true, true],
		]);
		expect((await applyRetention(db, settings(undefined), NOW)).mailBodiesDeleted).toBe(0);
	});

	it("deletes partner API calls older than their days, and keeps the newer ones", async () => {
		const { db } = (await fresh()).handle;
		const call = (daysAgo: number) => ({
			id: randomUUID(),
			key_id: null,
			method: "GET",
			route: "/api/v1/vouchers/:code",
			voucher_code: null,
			status: 401,
			created_at: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
		});
		await db
			.insertInto("api_calls")
			.values([call(API_CALL_DAYS + 1), call(API_CALL_DAYS - 1), call(0)])
			.execute();
		const report = await applyRetention(db, settings(undefined), NOW);
		expect(report.apiCallsDeleted).toBe(1);
		expect(describeRetention(report)).toContain(`1 partner API call(s) older than ${API_CALL_DAYS} days`);
		expect(await db.selectFrom("api_calls").select("id").execute()).toHaveLength(2);
		expect((await applyRetention(db, settings(undefined), NOW)).apiCallsDeleted).toBe(0);
	});

	it("erases every registration's personal data from the campaign's end plus the months on", async () => {
		const { db } = (await fresh()).handle;
		const staff = await seedStaff(db, { role: "staff", storeId: "store-1" });
		const jana = await registered(db, person());
		const eva = await registered(db, person());
		await signUp(db, person());
		const { code, store_id } = await db
			.selectFrom("vouchers")
			.select(["code", "store_id"])
			.where("registration_id", "=", jana.registrationId)
			.executeTakeFirstOrThrow();
		expect(store_id).toBe("store-1");
		await redeemVoucher(db, { code, staffId: staff.id, storeId: "store-1" }, NOW);
		// The campaign ended on 2026-05-31; with 6 months the data is kept until 2026-11-30.
		const ended = settings("2026-05-31");
		const dayBefore = new Date("2026-11-29T12:00:00Z");
		expect(await applyRetention(db, ended, dayBefore)).toMatchObject({
			personalDataUntil: "2026-11-30",
			registrationsAnonymised: 0,
		});
		expect(await count(db, "signups")).toBe(3);
		const onTheDay = new Date("2026-11-29T23:30:00Z"); // 00:30 on 30 November in Prague
		const report = await applyRetention(db, ended, onTheDay);
		expect(report).toMatchObject({
			registrationsAnonymised: 2,
			signupsDeleted: 3,
			consentsDeleted: 6,
			// Three confirmation e-mails and the two vouchers' own.
			emailsDeleted: 5,
		});
		expect(describeRetention(report)).toContain("2 registration(s) anonymised");
		const registrations = await db.selectFrom("registrations").selectAll().execute();
		expect(registrations.map((row) => [row.name, row.birth_date, row.phone, row.anonymised_because])).toEqual(
			[
				["", "", null, "retention"],
				["", "", null, "retention"],
			],
		);
		expect(await count(db, "consents")).toBe(0);
		expect(await count(db, "outbox")).toBe(0);
		// The store they chose goes from their vouchers too.
		expect(await db.selectFrom("vouchers").select("store_id").execute()).toEqual([
			{ store_id: null },
			{ store_id: null },
		]);
		// Vouchers stay as they were: a redemption for the settlement, the other one still shown (not voided).
		expect(await findVoucher(db, jana.token, onTheDay)).toMatchObject({
			status: "redeemed",
			cancelled: undefined,
		});
		expect(await findVoucher(db, eva.token, onTheDay)).toMatchObject({ cancelled: undefined });
		expect(await applyRetention(db, ended, onTheDay)).toMatchObject({
			registrationsAnonymised: 0,
			signupsDeleted: 0,
		});
	});

	it("one process claims each day, however many check at once", async () => {
		const database = await fresh();
		const other = await database.openAnother();
		const handles = [database.handle.db, other.db, database.handle.db, other.db];
		const today = await Promise.all(handles.map((db) => claimDay(db, "2026-06-01")));
		expect(today.filter(Boolean)).toHaveLength(1);
		expect(await claimDay(database.handle.db, "2026-06-01")).toBe(false);
		const tomorrow = await Promise.all(handles.map((db) => claimDay(db, "2026-06-02")));
		expect(tomorrow.filter(Boolean)).toHaveLength(1);
	});

	it("runs daily inside two servers: once", async () => {
		const database = await fresh();
		const { db } = database.handle;
		await signUp(db, person());
		await sentDaysAgo(db, 40);
		const lines: string[] = [];
		const server = async (handle: DatabaseHandle) => {
			const stream = new Writable({
				write(chunk, _encoding, done) {
					lines.push(String(chunk));
					done();
				},
			});
			const app = Fastify({ logger: { level: "info", stream } });
			app.decorate("config", loadConfig({ SESSION_SECRET: "s", CAMPAIGN_END: "2026-05-31" }));
			app.decorate("database", handle);
			registerDailyRetention(app, { firstCheckMs: 0, everyMs: 20, now: () => NOW });
			await app.ready();
			return app;
		};
		const apps = [await server(database.handle), await server(await database.openAnother())];
		await new Promise((resolve) => setTimeout(resolve, 300));
		for (const app of apps) await app.close();
		const runs = lines.filter((line) => line.includes("privacy retention:"));
		expect(runs).toHaveLength(1);
		expect(runs[0]).toContain("1 sent e-mail(s) older than 30 days: body deleted");
		const { value } = await db
			.selectFrom("app_meta")
			.select("value")
			.where("key", "=", "privacy_retention_day")
			.executeTakeFirstOrThrow();
		expect(value).toBe("2026-06-01");
	});
});
