import { randomBytes, timingSafeEqual } from "node:crypto";
import { hmac } from "./keys";

/**
 * The time trap: the form carries the moment it was rendered, signed, and a submission must come neither
 * too soon after it (a script fills a form in milliseconds, a person takes seconds) nor too long after
 * (a token farmed once and replayed for hours). Only the server can make a token: it is an HMAC. Each
 * token also carries a random nonce, its `id`: a registration records the id as used, so one rendered
 * form makes one signup, and two forms rendered in the same millisecond still have tokens of their own.
 */
export const TIME_TRAP = {
	/** Faster than this no person fills in name, e-mail, birth date and a store. */
	minAgeMs: 3_000,
	maxAgeMs: 6 * 60 * 60 * 1000,
} as const;

export type TimeTrapResult =
	| { readonly ok: true; readonly ageMs: number; readonly issuedAt: number; readonly id: string }
	| { readonly ok: false; readonly reason: "missing" | "forged" | "too-fast" | "expired" };

const sign = (key: string, issuedAt: number, nonce: string) =>
	hmac(key, `time-trap:${issuedAt}.${nonce}`, "base64url");

export function issueTimeTrap(key: string, now: Date): string {
	const issuedAt = now.getTime();
	const nonce = randomBytes(12).toString("base64url");
	return `${issuedAt}.${nonce}.${sign(key, issuedAt, nonce)}`;
}

export function checkTimeTrap(token: string | undefined, key: string, now: Date): TimeTrapResult {
	if (!token) return { ok: false, reason: "missing" };
	const match = /^(\d{1,15})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
	if (!match) return { ok: false, reason: "forged" };
	const issuedAt = Number(match[1]);
	const nonce = match[2] as string;
	const expected = Buffer.from(sign(key, issuedAt, nonce));
	if (!timingSafeEqual(expected, Buffer.from(match[3] as string))) return { ok: false, reason: "forged" };
	const ageMs = now.getTime() - issuedAt;
	if (ageMs < TIME_TRAP.minAgeMs) return { ok: false, reason: "too-fast" };
	if (ageMs > TIME_TRAP.maxAgeMs) return { ok: false, reason: "expired" };
	return { ok: true, ageMs, issuedAt, id: `time-trap:${nonce}` };
}
