/**
 * The e-mails waiting in (or sent from) the outbox, newest first: `npm run outbox -- [address] [count]`.
 * Without SMTP_URL the site sends no e-mail, it only queues it; this is how a newcomer running the
 * embedded defaults opens the confirmation link that issues a voucher. Uses the server's configuration
 * (DATA_DIR or DATABASE_URL, .env).
 */
import { existsSync } from "node:fs";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db";

if (existsSync(".env")) process.loadEnvFile(".env");
const [address, count = "5"] = process.argv.slice(2);
const limit = Number(count);
if (!Number.isInteger(limit) || limit < 1) {
	console.error("Usage: npm run outbox -- [address] [how many, default 5]");
	process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
	let query = database.db
		.selectFrom("outbox")
		.select(["recipient", "subject", "text_body", "created_at", "sent_at"])
		.orderBy("created_at", "desc")
		.limit(limit);
	if (address) query = query.where("recipient", "=", address);
	const mails = await query.execute();
	if (mails.length === 0) console.log(address ? `No e-mail to ${address}.` : "The outbox is empty.");
	for (const mail of mails.reverse()) {
		const state = mail.sent_at ? `sent ${mail.sent_at}` : "not sent (no SMTP_URL, or waiting)";
		console.log(`To: ${mail.recipient}\nSubject: ${mail.subject}\nQueued: ${mail.created_at}, ${state}\n`);
		console.log(`${mail.text_body}\n${"-".repeat(72)}`);
	}
} finally {
	await database.close();
}
