import { normalizeIP } from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hitRateLimits } from "../security/rate-limit-store";
import { SIGNUP_VELOCITY_WINDOW_MS } from "./antispam/difficulty";
import { networkOf } from "./antispam/network";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What the site does on a visitor's word, counted in the database (so across processes). E-mails to one
 * mailbox and on behalf of one client address keep the site from flooding a stranger's inbox. Signups
 * per network (IPv4 /24, IPv6 /56): a school's or an office's shared address registers a few dozen
 * people in ten minutes at most, a farm of bots thousands; past a handful the proof of work doubles with
 * each doubling (antispam/difficulty.ts), 64 times the base at this limit, a second or two in a browser.
 * Without scripts (no proof of work) far fewer, per network and for the whole site, since each such
 * signup costs its sender nothing but the wait.
 */
export const LIMITS = {
	mailsPerRecipient: { max: 3, windowMs: DAY_MS },
	mailsPerSender: { max: 20, windowMs: DAY_MS },
	signupsPerNetwork: { max: 200, windowMs: SIGNUP_VELOCITY_WINDOW_MS },
	noScriptPerNetwork: { max: 5, windowMs: HOUR_MS },
	noScriptSiteWide: { max: 300, windowMs: HOUR_MS },
} as const;

/** The key of a network's signups, whose count also sets the proof of work it is given. */
export const networkKey = (ip: string) => `signup-network:${networkOf(ip)}`;

/** How a request that sends an e-mail makes a signup: through the form (with or without scripts), or by correcting an address. */
export type SignupPath = "challenge" | "no-script" | "correction";

/** The limit a request went past: the mailbox's is told next to the field, the others are a 429. */
export type LimitReached = "recipient" | "sender" | "network" | "no-script";

/**
 * Counts one e-mail to `canonical` asked for by `ip` (and, for a signup, the signup on its network) in
 * one statement, and names the first limit passed, if any.
 */
export async function countMail(
	db: Kysely<Database>,
	request: MailRequest,
): Promise<LimitReached | undefined> {
	return (await countSignupMail(db, request)).limit;
}

interface MailRequest {
	readonly canonical: string;
	readonly ip: string;
	readonly now: Date;
	readonly signup?: SignupPath;
}

/** countMail, telling also how many signups the network had made in its window before this one. */
export async function countSignupMail(
	db: Kysely<Database>,
	request: MailRequest,
): Promise<{ readonly limit: LimitReached | undefined; readonly networkSignups: number }> {
	const recipient = {
		key: `mail-recipient:${request.canonical}`,
		windowMs: LIMITS.mailsPerRecipient.windowMs,
	};
	const sender = { key: `mail-sender:${normalizeIP(request.ip)}`, windowMs: LIMITS.mailsPerSender.windowMs };
	const network = { key: networkKey(request.ip), windowMs: LIMITS.signupsPerNetwork.windowMs };
	const noScript = {
		key: `signup-no-script:${networkOf(request.ip)}`,
		windowMs: LIMITS.noScriptPerNetwork.windowMs,
	};
	const noScriptSite = { key: "signup-no-script:site", windowMs: LIMITS.noScriptSiteWide.windowMs };
	const hits = [recipient, sender];
	if (request.signup) hits.push(network);
	if (request.signup === "no-script") hits.push(noScript, noScriptSite);
	const counts = await hitRateLimits(db, hits, request.now);
	const over = (key: string, max: number) => (counts.get(key) ?? 0) > max;
	const networkSignups = Math.max(0, (counts.get(network.key) ?? 0) - 1);
	const limit = (): LimitReached | undefined => {
		if (over(network.key, LIMITS.signupsPerNetwork.max)) return "network";
		if (
			over(noScript.key, LIMITS.noScriptPerNetwork.max) ||
			over(noScriptSite.key, LIMITS.noScriptSiteWide.max)
		)
			return "no-script";
		if (over(sender.key, LIMITS.mailsPerSender.max)) return "sender";
		if (over(recipient.key, LIMITS.mailsPerRecipient.max)) return "recipient";
		return undefined;
	};
	return { limit: limit(), networkSignups };
}
