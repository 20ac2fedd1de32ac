import { timingSafeEqual } from "node:crypto";
import { hmac } from "./keys";

/**
 * The time trap: the form carries the moment it was rendered, signed, and a submission must come neither
 * too soon after it (a script fills a form in milliseconds, a person takes seconds) nor too long after
 * (a token farmed once and replayed for hours). Only the server can make a token: it is an HMAC.
 */
export const TIME_TRAP = {
	/** Faster than this no person fills in name, e-mail, birth date and a store. */
	minAgeMs: 3_000,
	maxAgeMs: 6 * 60 * 60 * 1000,
} as const;

export type TimeTrapResult =
	| { readonly ok: true; readonly ageMs: number; readonly issuedAt: number }
	| { readonly ok: false; readonly reason: "missing" | "forged" | "too-fast" | "expired" };

const sign = (key: string, issuedAt: number) => hmac(key, `time-trap:${issuedAt}`, "base64url");

export function issueTimeTrap(key: string, now: Date): string {
	const issuedAt = now.getTime();
	return `${issuedAt}.${sign(key, issuedAt)}`;
}

export function checkTimeTrap(token: string | undefined, key: string, now: Date): TimeTrapResult {
	if (!token) return { ok: false, reason: "missing" };
	const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
	if (!match) return { ok: false, reason: "forged" };
	const issuedAt = Number(match[1]);
	const expected = Buffer.from(sign(key, issuedAt));
	if (!timingSafeEqual(expected, Buffer.from(match[2] as string))) return { ok: false, reason: "forged" };
	const ageMs = now.getTime() - issuedAt;
	if (ageMs < TIME_TRAP.minAgeMs) return { ok: false, reason: "too-fast" };
	if (ageMs > TIME_TRAP.maxAgeMs) return { ok: false, reason: "expired" };
	return { ok: true, ageMs, issuedAt };
}
