/**
 * A realistic campaign written straight into a database, for the dashboard's and the settlement's
 * benchmark (`npm run db:seed-campaign`, `npm run bench:dashboard`): registrations over ten months
 * (rising to a peak and falling off), most confirmed within the hour, a voucher for each confirmed one,
 * 60 % of the registrations redeemed within the voucher's validity across all stores (mostly at the
 * store the person chose). Made from a seeded random sequence: the same arguments give the same rows.
 */
import { randomBytes } from "node:crypto";
import { type Insertable, type Kysely, PostgresAdapter, sql } from "kysely";
import { addDays, endOfPragueDay } from "../../src/prague-time";
import type { Database } from "../../src/server/db/schema";
import { seedStores } from "../../src/server/stores/seed";
import { ean13CheckDigit } from "../../src/validation";
import { seededRandom } from "./seeded-random";

export interface CampaignSeedOptions {
	registrations: number;
	/** The first Prague day; the campaign lasts `days` days. */
	start: string;
	days: number;
	/** Seeds the random sequence. */
	seed?: number;
	/** Called after each batch with the registrations written so far. */
	progress?: (written: number) => void;
}

export const CONFIRMED_SHARE = 0.93;
export const REDEEMED_SHARE = 0.6;
const BATCH = 500;
const DAY_MS = 86_400_000;

/** Writes the campaign; resolves to the counts written. */
export async function seedCampaign(db: Kysely<Database>, options: CampaignSeedOptions) {
	await seedStores(db);
	const stores = (await db.selectFrom("stores").select("id").orderBy("id").execute()).map((row) => row.id);
	if (stores.length === 0) throw new Error("No stores to redeem at");
	const next = seededRandom(options.seed ?? 1);
	const first = new Date(endOfPragueDay(addDays(options.start, -1)).getTime() + 1).getTime();
	const span = options.days * DAY_MS;
	const now = Date.now();
	// Each run's rows get their own prefix: a second run adds to the first without a clash.
	const run = randomBytes(4).toString("hex");
	const runDigits = String(Number.parseInt(run, 16) % 1000).padStart(3, "0");
	let issued = 0;
	let redeemed = 0;
	for (let offset = 0; offset < options.registrations; offset += BATCH) {
		const registrations: Insertable<Database["registrations"]>[] = [];
		const vouchers: Insertable<Database["vouchers"]>[] = [];
		for (let index = offset; index < Math.min(options.registrations, offset + BATCH); index++) {
			// The sum of two uniform numbers: a campaign that builds up to its middle and falls off.
			const at = Math.min(first + ((next() + next()) / 2) * span, now - 60_000);
			const id = `seed-${run}-${index}`;
			const chosen = next() < 0.85 ? stores[Math.floor(next() * stores.length)]! : null;
			const confirmed = next() < CONFIRMED_SHARE ? at + next() * 3_600_000 : null;
			registrations.push({
				id,
				name: "Jana Nováková",
				email: `${id}@seed.example`,
				email_canonical: `${id}@seed.example`,
				person_key: `1990-01-01 ${id}`,
				birth_date: "1990-01-01",
				phone: null,
				store_id: chosen,
				marketing_consent: next() < 0.4 ? 1 : 0,
				terms_accepted_at: new Date(at).toISOString(),
				lang: next() < 0.9 ? "cs" : "en",
				created_at: new Date(at).toISOString(),
				confirmed_at: confirmed === null ? null : new Date(confirmed).toISOString(),
			});
			if (confirmed === null) continue;
			issued++;
			// 60 % of all registrations: of the confirmed ones, REDEEMED_SHARE / CONFIRMED_SHARE.
			const redeemedAt =
				next() < REDEEMED_SHARE / CONFIRMED_SHARE
					? confirmed + Math.min(59, -Math.log(1 - next()) * 12) * DAY_MS
					: null;
			const done = redeemedAt !== null && redeemedAt < now;
			if (done) redeemed++;
			const twelve = `3${runDigits}${String(index).padStart(8, "0")}`;
			vouchers.push({
				id: `${id}-v`,
				registration_id: id,
				store_id: chosen,
				code: `${twelve}${ean13CheckDigit(twelve)}`,
				token: `${id}-t`,
				valid_until: addDays(new Date(confirmed).toISOString().slice(0, 10), 60),
				created_at: new Date(confirmed).toISOString(),
				redeemed_at: done ? new Date(redeemedAt).toISOString() : null,
				redeemed_by: null,
				redeemed_store_id: done
					? chosen && next() < 0.8
						? chosen
						: stores[Math.floor(next() * stores.length)]!
					: null,
				redemption_id: done ? `${id}-r` : null,
			});
		}
		await db.transaction().execute(async (trx) => {
			await trx.insertInto("registrations").values(registrations).execute();
			if (vouchers.length) await trx.insertInto("vouchers").values(vouchers).execute();
		});
		options.progress?.(offset + registrations.length);
	}
	const counter = await db
		.updateTable("campaign_counters")
		.set((eb) => ({ value: eb("value", "+", issued) }))
		.where("name", "=", "vouchers_issued")
		.executeTakeFirst();
	if (Number(counter.numUpdatedRows) === 0) {
		await db.insertInto("campaign_counters").values({ name: "vouchers_issued", value: issued }).execute();
	}
	// A campaign's tables grown over months have been vacuumed and analysed by PostgreSQL's autovacuum,
	// whose visibility map lets the dashboard's covering indexes answer without reading the table; a bulk
	// load has not been yet (a month's settlement then reads 25,000 table pages instead of none).
	if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`vacuum analyze`.execute(db);
	return { registrations: options.registrations, issued, redeemed };
}
