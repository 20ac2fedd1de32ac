import { normalizeIP } from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hitRateLimit } from "../security/rate-limit-store";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * E-mails the site sends on a visitor's word, per day: to one mailbox (a registration, a resend, a
 * correction each send one), and on behalf of one client address. They keep the site from being used to
 * flood a stranger's inbox, and a bot from sending mail at will.
 */
export const MAIL_LIMITS = {
	perRecipient: { max: 3, windowMs: DAY_MS },
	perSender: { max: 20, windowMs: DAY_MS },
} as const;

export type MailAllowance = "ok" | "recipient" | "sender";

/** Counts one e-mail to `canonical` asked for by `ip`, and says whether it may go. */
export async function allowMail(
	db: Kysely<Database>,
	canonical: string,
	ip: string,
	now: Date,
): Promise<MailAllowance> {
	const sender = await hitRateLimit(
		db,
		`mail-sender:${normalizeIP(ip)}`,
		MAIL_LIMITS.perSender.windowMs,
		now,
	);
	if (sender.hits > MAIL_LIMITS.perSender.max) return "sender";
	const recipient = await hitRateLimit(
		db,
		`mail-recipient:${canonical}`,
		MAIL_LIMITS.perRecipient.windowMs,
		now,
	);
	return recipient.hits > MAIL_LIMITS.perRecipient.max ? "recipient" : "ok";
}
