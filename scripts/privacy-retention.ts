/**
 * Applies the retention rules now (the server also does it once a day) and prints what it did:
 * `npm run privacy:retention`. Uses the server's configuration (CAMPAIGN_END,
 * PERSONAL_DATA_RETENTION_MONTHS).
 */
import { withServerDatabase } from "../src/server/privacy/cli";
import { applyRetention, describeRetention } from "../src/server/privacy/retention";

await withServerDatabase(async ({ db }, config) => {
	console.log(describeRetention(await applyRetention(db, config)));
});
