/**
 * Fills the configured database (DATA_DIR, DATABASE_URL, .env) with a realistic campaign, for trying
 * the dashboard and the settlement at scale:
 * `npm run db:seed-campaign -- --registrations 1000000 [--start YYYY-MM-DD] [--days 300] [--seed 1]`.
 * Without --start the ten months end today. Adds to what is there; never run it on a live database.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { addDays, parseIsoDate, pragueDate } from "../src/prague-time";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db";
import { seedCampaign } from "./lib/campaign-seed";

class UsageError extends Error {}

function readArguments() {
	const { values } = parseArgs({
		options: {
			registrations: { type: "string" },
			start: { type: "string" },
			days: { type: "string", default: "300" },
			seed: { type: "string", default: "1" },
		},
	});
	const registrations = Number(values.registrations);
	const days = Number(values.days);
	const seed = Number(values.seed);
	if (!Number.isSafeInteger(registrations) || registrations < 1 || registrations > 50_000_000) {
		throw new UsageError("--registrations must be a whole number from 1 to 50000000");
	}
	if (!Number.isSafeInteger(days) || days < 1 || days > 731) throw new UsageError("--days must be 1 to 731");
	if (!Number.isSafeInteger(seed)) throw new UsageError("--seed must be a whole number");
	const start = values.start ?? addDays(pragueDate(new Date()), -(days - 1));
	if (parseIsoDate(start) !== start) throw new UsageError("--start must be a date YYYY-MM-DD");
	return { registrations, days, seed, start };
}

async function main(): Promise<void> {
	const options = readArguments();
	if (existsSync(".env")) process.loadEnvFile(".env");
	const database = await openDatabase(loadConfig());
	const started = performance.now();
	try {
		const written = await seedCampaign(database.db, {
			...options,
			progress: (count) => {
				if (count % 100_000 === 0) console.log(`${count} registrations…`);
			},
		});
		const seconds = ((performance.now() - started) / 1000).toFixed(1);
		console.log(
			`Seeded ${written.registrations} registrations, ${written.issued} vouchers issued, ${written.redeemed} redeemed, ` +
				`from ${options.start} for ${options.days} days (${database.kind}, ${seconds} s). ` +
				`CAMPAIGN_START=${options.start} CAMPAIGN_END=${addDays(options.start, options.days - 1)} shows the same period.`,
		);
	} finally {
		await database.close();
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? `db:seed-campaign: ${error.message}` : error);
	process.exitCode = 1;
});
