import { randomUUID } from "node:crypto";
import type { Insertable, Transaction } from "kysely";
import { prepare } from "../db/prepared";
import type { Database } from "../db/schema";
import { canonicalEmail } from "./email-identity";
import type { MailMessage } from "./mail";

const insertMail = prepare((db, row: Insertable<Database["outbox"]>) => db.insertInto("outbox").values(row));

/** Queues an e-mail in the caller's transaction: it is sent (src/server/registration/sender.ts) only if that commits. */
export async function enqueue(trx: Transaction<Database>, mail: MailMessage, now: Date): Promise<void> {
	await insertMail(trx, outboxRow(mail, now));
}

/** An e-mail as the outbox keeps it until it is sent. */
export function outboxRow(mail: MailMessage, now: Date): Insertable<Database["outbox"]> {
	return {
		id: randomUUID(),
		recipient: mail.recipient,
		subject: mail.subject,
		text_body: mail.text,
		html_body: mail.html,
		created_at: now.toISOString(),
		// The mailbox, so that a person's e-mails are found (npm run privacy:export) under any spelling.
		recipient_canonical: canonicalEmail(mail.recipient),
		unsubscribe_url: mail.unsubscribeUrl ?? null,
	};
}
