/**
 * Everything stored about one person, as JSON on stdout: `npm run privacy:export -- --email <address>`.
 * The address is matched by its mailbox (any spelling of it). Uses the server's configuration.
 */
import { emailOption, withServerDatabase } from "../src/server/privacy/cli";
import { exportPerson } from "../src/server/privacy/export";

const email = emailOption(process.argv.slice(2));
if (!email) {
	console.error("Usage: npm run privacy:export -- --email <address>");
	process.exit(2);
}
await withServerDatabase(async ({ db }) => {
	console.log(JSON.stringify(await exportPerson(db, email), null, 2));
});
