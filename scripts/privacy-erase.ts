/**
 * Erases everything stored about one person, at their request, and prints what it did:
 * `npm run privacy:erase -- --email <address>`. Running it again changes nothing. Uses the server's
 * configuration.
 */
import { emailOption, withServerDatabase } from "../src/server/privacy/cli";
import { describeErasure, erasePerson } from "../src/server/privacy/erase";

const email = emailOption(process.argv.slice(2));
if (!email) {
	console.error("Usage: npm run privacy:erase -- --email <address>");
	process.exit(2);
}
await withServerDatabase(async ({ db }) => {
	console.log(describeErasure(email, await erasePerson(db, email)));
});
