import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { deriveKey, hmac } from "./antispam/keys";

/**
 * The secrets of the double opt-in. The confirmation link's token is an HMAC of the signup's id, so a
 * resend repeats the very link already sent (an e-mail arriving late still works), while the database
 * keeps only its SHA-256: a copy of the database opens no link. The ticket is the visitor's cookie for
 * the "check your inbox" page: it names their signup, and only the server can make one.
 */
export interface SignupKeys {
	readonly confirm: string;
	readonly ticket: string;
	readonly unsubscribe: string;
}

export function signupKeys(secret: string): SignupKeys {
	return {
		confirm: deriveKey(secret, "confirmation link"),
		ticket: deriveKey(secret, "signup ticket"),
		unsubscribe: deriveKey(secret, "unsubscribe link"),
	};
}

/** The confirmation link's token: 43 base64url characters, like a voucher's. */
export const CONFIRM_TOKEN = /^[\w-]{43}$/;

export const confirmToken = (keys: SignupKeys, signupId: string): string =>
	hmac(keys.confirm, `confirm:${signupId}`, "base64url");

export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export const ticketFor = (keys: SignupKeys, signupId: string): string =>
	`${signupId}.${hmac(keys.ticket, `ticket:${signupId}`, "base64url")}`;

/** The signup a ticket names, or undefined for anything the server did not make. */
export function signupOfTicket(keys: SignupKeys, ticket: string | undefined): string | undefined {
	const match = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(ticket ?? "");
	if (!match) return undefined;
	const id = match[1] as string;
	const expected = Buffer.from(ticketFor(keys, id));
	return timingSafeEqual(expected, Buffer.from(match[0])) ? id : undefined;
}

/** A voucher page's token: 32 random bytes (the voucher's link stays as it was: a secret of its own). */
export const voucherToken = (): string => randomBytes(32).toString("base64url");

/**
 * Whose news an unsubscribe link stops: a signup's (its mailbox not yet confirmed) or a registration's.
 * A confirmation e-mail names its signup; an e-mail to a mailbox that has a voucher names the registration.
 */
export interface UnsubscribeSubject {
	readonly kind: "signup" | "registration";
	readonly id: string;
}

const SUBJECT_PREFIX = { signup: "s", registration: "r" } as const;

/**
 * The unsubscribe link's token: the subject and an HMAC of it, like the ticket. Nothing is stored for
 * it, so every e-mail's link keeps working for as long as its subject exists, and only the server can
 * make one: a guessed or altered token names nobody.
 */
export const unsubscribeToken = (keys: SignupKeys, subject: UnsubscribeSubject): string => {
	const named = `${SUBJECT_PREFIX[subject.kind]}.${subject.id}`;
	return `${named}.${hmac(keys.unsubscribe, `unsubscribe:${named}`, "base64url")}`;
};

/** The subject an unsubscribe token names, or undefined for anything the server did not make. */
export function unsubscribeSubject(keys: SignupKeys, token: string): UnsubscribeSubject | undefined {
	const match = /^([sr])\.([0-9a-f-]{36})\.[\w-]{43}$/.exec(token);
	if (!match) return undefined;
	const subject: UnsubscribeSubject = {
		kind: match[1] === "s" ? "signup" : "registration",
		id: match[2] as string,
	};
	const expected = Buffer.from(unsubscribeToken(keys, subject));
	return timingSafeEqual(expected, Buffer.from(match[0])) ? subject : undefined;
}
