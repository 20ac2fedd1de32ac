import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { pragueDate } from "../../src/prague-time";
import type { Database } from "../../src/server/db/schema";
import { ean13, seedStore } from "./staff-fixtures";

/** Rows the dashboard's tests need: stores in given regions, and registrations at given moments. */

export async function seedRegionStore(db: Kysely<Database>, name: string, region: string): Promise<string> {
	const id = await seedStore(db, name);
	await db.updateTable("stores").set({ region }).where("id", "=", id).execute();
	return id;
}

export interface CampaignRow {
	/** ISO instants; a later step is left out when its time is. */
	registered: string;
	confirmed?: string;
	issued?: string;
	redeemed?: string;
	/** The store chosen when registering. */
	chosenStore?: string;
	/** Where it was redeemed (default: the chosen store). */
	redeemedAt?: string;
}

let codes = 0;

/** One person's way through the campaign, as far as `row` says. */
export async function seedCampaignRow(db: Kysely<Database>, row: CampaignRow): Promise<void> {
	const id = randomUUID();
	await db
		.insertInto("registrations")
		.values({
			id,
			name: "Jana Nováková",
			email: `${id}@example.cz`,
			email_canonical: `${id}@example.cz`,
			person_key: `1990-01-01 ${id}`,
			birth_date: "1990-01-01",
			phone: null,
			store_id: row.chosenStore ?? null,
			marketing_consent: 0,
			terms_accepted_at: row.registered,
			lang: "cs",
			created_at: row.registered,
			confirmed_at: row.confirmed ?? null,
		})
		.execute();
	if (!row.issued) return;
	const redeemedStore = row.redeemed ? (row.redeemedAt ?? row.chosenStore ?? null) : null;
	await db
		.insertInto("vouchers")
		.values({
			id: randomUUID(),
			registration_id: id,
			store_id: row.chosenStore ?? null,
			code: ean13(`${process.pid % 1000}${Date.now() % 100_000}${++codes}`.slice(-12)),
			token: randomUUID(),
			valid_until: "2099-12-31",
			created_at: row.issued,
			redeemed_at: row.redeemed ?? null,
			redeemed_store_id: redeemedStore,
			redemption_id: row.redeemed ? randomUUID() : null,
		})
		.execute();
}

/** The range the scenario is made for: Prague days around the spring clock change of 2026. */
export const DASHBOARD_RANGE = { from: "2026-03-27", to: "2026-04-05" };

/**
 * Seven people in three regions' stores: some before or after DASHBOARD_RANGE, one on the night the
 * clocks go forward, one redeemed in another region than the store they chose.
 */
export async function seedDashboardScenario(db: Kysely<Database>) {
	const brno = await seedRegionStore(db, "Drogerie Sluníčko Brno", "CZ-64");
	const zlin = await seedRegionStore(db, "Drogerie Sluníčko Zlín", "CZ-72");
	const praha = await seedRegionStore(db, "Pleťovka Praha", "CZ-10");
	// 27 March, 00:30 in Prague (CET); redeemed 3 days after its issue.
	await seedCampaignRow(db, {
		registered: "2026-03-26T23:30:00.000Z",
		confirmed: "2026-03-27T08:00:00.000Z",
		issued: "2026-03-27T08:00:00.000Z",
		redeemed: "2026-03-30T10:00:00.000Z",
		chosenStore: brno,
	});
	// 29 March, 00:30 in Prague, the night the clocks go forward; confirmed 30 March 00:30 (CEST);
	// redeemed in Prague on 5 April at 23:59, the range's last minute.
	await seedCampaignRow(db, {
		registered: "2026-03-28T23:30:00.000Z",
		confirmed: "2026-03-29T22:30:00.000Z",
		issued: "2026-03-29T22:30:00.000Z",
		redeemed: "2026-04-05T21:59:00.000Z",
		chosenStore: zlin,
		redeemedAt: praha,
	});
	await seedCampaignRow(db, {
		registered: "2026-03-30T10:00:00.000Z",
		confirmed: "2026-03-30T10:05:00.000Z",
		issued: "2026-03-30T10:05:00.000Z",
		chosenStore: praha,
	});
	await seedCampaignRow(db, { registered: "2026-03-31T10:00:00.000Z", chosenStore: brno });
	// Before the range: counted in the running totals' start.
	await seedCampaignRow(db, {
		registered: "2026-03-20T10:00:00.000Z",
		confirmed: "2026-03-20T10:05:00.000Z",
		issued: "2026-03-20T10:05:00.000Z",
		redeemed: "2026-03-25T10:00:00.000Z",
		chosenStore: brno,
	});
	// 6 April in Prague: after the range.
	await seedCampaignRow(db, {
		registered: "2026-04-05T22:30:00.000Z",
		confirmed: "2026-04-05T22:31:00.000Z",
		issued: "2026-04-05T22:31:00.000Z",
		redeemed: "2026-04-05T22:40:00.000Z",
		chosenStore: praha,
	});
	// Chosen in Brno (South Moravia), redeemed the same day in Zlín.
	await seedCampaignRow(db, {
		registered: "2026-03-28T10:00:00.000Z",
		confirmed: "2026-03-28T10:00:00.000Z",
		issued: "2026-03-28T10:00:00.000Z",
		redeemed: "2026-03-28T12:00:00.000Z",
		chosenStore: brno,
		redeemedAt: zlin,
	});
	return { brno, zlin, praha };
}

/** What the dashboard should say, counted row by row in JavaScript from everything in the database. */
export async function expectedFigures(
	db: Kysely<Database>,
	filter: { from: string; to: string; region?: string | undefined },
) {
	const stores = new Map(
		(await db.selectFrom("stores").select(["id", "name", "region"]).execute()).map((store) => [
			store.id,
			store,
		]),
	);
	const inRegion = (store: string | null) =>
		!filter.region || (store !== null && stores.get(store)?.region === filter.region);
	const inRange = (at: string | null): at is string =>
		at !== null && pragueDate(new Date(at)) >= filter.from && pragueDate(new Date(at)) <= filter.to;
	const registrations = await db
		.selectFrom("registrations")
		.select(["id", "created_at", "confirmed_at", "store_id"])
		.execute();
	const chosen = new Map(registrations.map((registration) => [registration.id, registration.store_id]));
	const vouchers = await db
		.selectFrom("vouchers")
		.select(["registration_id", "created_at", "redeemed_at", "redeemed_store_id"])
		.execute();
	const perDay = new Map<
		string,
		{ registrations: number; confirmed: number; issued: number; redeemed: number }
	>();
	const add = (at: string, key: "registrations" | "confirmed" | "issued" | "redeemed") => {
		const date = pragueDate(new Date(at));
		const day = perDay.get(date) ?? { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
		day[key] += 1;
		perDay.set(date, day);
	};
	for (const registration of registrations) {
		if (!inRegion(registration.store_id)) continue;
		if (inRange(registration.created_at)) add(registration.created_at, "registrations");
		if (inRange(registration.confirmed_at)) add(registration.confirmed_at, "confirmed");
	}
	const perStore = new Map<string, number>();
	let issuedBefore = 0;
	let redeemedBefore = 0;
	for (const voucher of vouchers) {
		if (inRegion(chosen.get(voucher.registration_id) ?? null)) {
			if (inRange(voucher.created_at)) add(voucher.created_at, "issued");
			else if (pragueDate(new Date(voucher.created_at)) < filter.from) issuedBefore += 1;
		}
		if (voucher.redeemed_at && inRegion(voucher.redeemed_store_id)) {
			if (inRange(voucher.redeemed_at)) {
				add(voucher.redeemed_at, "redeemed");
				const store = voucher.redeemed_store_id ?? "";
				perStore.set(store, (perStore.get(store) ?? 0) + 1);
			} else if (pragueDate(new Date(voucher.redeemed_at)) < filter.from) redeemedBefore += 1;
		}
	}
	return { perDay, perStore, stores, issuedBefore, redeemedBefore };
}
