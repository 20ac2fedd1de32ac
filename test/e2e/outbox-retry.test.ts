/**
 * The outbox against a mail server that refuses a message once (451, try again later), with two server
 * processes on one database draining it: the refused e-mail is sent again, marked sent, and arrives
 * exactly once; so does every other. Without the sent mark, or the claim on each attempt, every drain
 * sends it again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { postRegistration, registration, seedStores, talkTo, uniqueEmail } from "./register-support";
import { type StaffServer, startStaffServer } from "./staff-support";

let smtp: TestSmtp;
let first: StaffServer;
let second: TestServer;
beforeAll(async () => {
	smtp = await startSmtp(0, { refuseFirst: 1 });
	first = await startStaffServer({ SMTP_URL: smtp.url });
	second = await startServer({ env: { SMTP_URL: smtp.url, DATA_DIR: first.dataDir } });
});
afterAll(async () => {
	talkTo(undefined);
	await second?.stop();
	await first?.stop();
	await smtp?.close();
});

/** Registers a new person through one of the processes; resolves with their address. */
async function register(origin: string, label: string): Promise<string> {
	talkTo(origin);
	await seedStores();
	const email = uniqueEmail(label);
	const response = await postRegistration(await registration({ email }));
	expect(response.status).toBe(303);
	return email;
}

const stored = (email: string) =>
	first.database.db
		.selectFrom("outbox")
		.select(["attempts", "sent_at", "last_error"])
		.where("recipient", "=", email)
		.executeTakeFirstOrThrow();

it("sends a refused e-mail again, marks it sent, and delivers it once, with two processes draining", async () => {
	const refused = await register(first.server.origin, "refused");
	await expect.poll(async () => (await stored(refused)).last_error, { timeout: 10_000 }).toMatch(/451/);
	expect((await stored(refused)).sent_at).toBeNull();

	// The next registration's drain, in the other process, takes the waiting one along.
	const next = await register(second.origin, "next");
	expect(await smtp.mailsTo(refused)).toHaveLength(1);
	expect(await smtp.mailsTo(next)).toHaveLength(1);
	expect(await stored(refused)).toMatchObject({ attempts: 2, sent_at: expect.any(String) });

	// More drains in both processes: once their own e-mails are in, nothing was sent twice.
	const later = [await register(first.server.origin, "later"), await register(second.origin, "later")];
	for (const email of later) expect(await smtp.mailsTo(email)).toHaveLength(1);
	expect(await smtp.mailsTo(refused)).toHaveLength(1);
	expect(await smtp.mailsTo(next)).toHaveLength(1);
	for (const email of [refused, next, ...later]) expect((await stored(email)).sent_at).not.toBeNull();
});
