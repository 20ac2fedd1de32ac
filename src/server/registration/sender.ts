import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/schema";
import { inlineBarcodes } from "./mail-barcode";

/** After this many failed attempts a message stays in the outbox for a person to look at. */
const MAX_ATTEMPTS = 8;
const RETRY_EVERY_MS = 60_000;
const BATCH = 20;

export interface OutboxSender {
	/** Sends what is waiting, now (after a registration committed its message). */
	kick(): void;
	stop(): Promise<void>;
}

/**
 * Drains the outbox over SMTP: every registration writes its e-mail to the outbox in its own
 * transaction, so no e-mail is lost when the mail server is down; this sends them, retrying failures.
 * Each attempt is claimed by bumping `attempts` from the value read, so two server processes never send
 * one message twice at once.
 */
export function startOutboxSender(
	db: Kysely<Database>,
	smtpUrl: string,
	from: string,
	log: FastifyBaseLogger,
): OutboxSender {
	const transport = nodemailer.createTransport(smtpUrl);
	let running: Promise<void> | undefined;
	let again = false;

	const drain = async () => {
		const waiting = await db
			.selectFrom("outbox")
			.select(["id", "recipient", "subject", "text_body", "html_body", "attempts", "unsubscribe_url"])
			.where("sent_at", "is", null)
			.where("attempts", "<", MAX_ATTEMPTS)
			.orderBy("created_at")
			.limit(BATCH)
			.execute();
		for (const message of waiting) {
			const claimed = await db
				.updateTable("outbox")
				.set({ attempts: message.attempts + 1 })
				.where("id", "=", message.id)
				.where("attempts", "=", message.attempts)
				.where("sent_at", "is", null)
				.executeTakeFirst();
			if (claimed.numUpdatedRows === 0n) continue;
			try {
				await transport.sendMail({
					from,
					to: message.recipient,
					subject: message.subject,
					text: message.text_body,
					html: message.html_body,
					attachments: await inlineBarcodes(message.html_body),
					headers: message.unsubscribe_url ? unsubscribeHeaders(message.unsubscribe_url) : {},
				});
				await db
					.updateTable("outbox")
					.set({ sent_at: new Date().toISOString(), last_error: null })
					.where("id", "=", message.id)
					.execute();
			} catch (error) {
				log.warn({ err: error, outbox: message.id }, "e-mail not sent");
				const text = error instanceof Error ? error.message : String(error);
				await db
					.updateTable("outbox")
					.set({ last_error: text.slice(0, 500) })
					.where("id", "=", message.id)
					.execute();
			}
		}
	};

	const kick = () => {
		if (running) {
			again = true;
			return;
		}
		running = drain()
			.catch((error: unknown) => log.error({ err: error }, "outbox not drained"))
			.finally(() => {
				running = undefined;
				if (again) {
					again = false;
					kick();
				}
			});
	};
	const timer = setInterval(kick, RETRY_EVERY_MS);
	timer.unref();
	kick();
	return {
		kick,
		async stop() {
			clearInterval(timer);
			await running;
			transport.close();
		},
	};
}

/**
 * One-click unsubscribe (RFC 8058): the mail client shows an unsubscribe button and POSTs
 * "List-Unsubscribe=One-Click" to the link itself. The link carries its own proof (an HMAC), so the
 * POST needs no cookie or form. Mail providers honour it for https links only: PUBLIC_URL's.
 */
function unsubscribeHeaders(url: string): Record<string, string> {
	return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
