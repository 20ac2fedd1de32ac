import { timingSafeEqual } from "node:crypto";
import { type Challenge, createChallenge, type Payload, randomInt } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { hmac } from "./keys";

/**
 * ALTCHA proof of work, issued and verified by this server (no third party, works offline). Tuned
 * cheap: one SHA-256 per attempt and at most 2,500 attempts, about 20–60 ms in a browser's workers. It
 * does not stop a determined bot; it makes every submission cost work, and with the time trap and the
 * rate limit it makes mass registration slow.
 */
export const ALTCHA = {
	algorithm: "SHA-256",
	cost: 1,
	minCounter: 500,
	maxCounter: 2_500,
	/** A challenge may be solved and sent within this time; a page left open longer fetches a new one. */
	lifetimeMs: 60 * 60 * 1000,
} as const;

export interface AltchaKeys {
	readonly signature: string;
	readonly keySignature: string;
}

export function issueAltchaChallenge(keys: AltchaKeys, now: Date): Promise<Challenge> {
	return createChallenge({
		algorithm: ALTCHA.algorithm,
		cost: ALTCHA.cost,
		counter: randomInt(ALTCHA.minCounter, ALTCHA.maxCounter),
		deriveKey: sha,
		hmacSignatureSecret: keys.signature,
		hmacKeySignatureSecret: keys.keySignature,
		expiresAt: new Date(now.getTime() + ALTCHA.lifetimeMs),
	});
}

export type AltchaResult =
	| { readonly ok: true; readonly challengeId: string; readonly expiresAt: Date }
	| { readonly ok: false; readonly reason: "malformed" | "failed" };

/**
 * Verifies the widget's payload (base64 JSON) as altcha-lib's verifySolution does for the challenges
 * issued above, which always carry a key signature (the HMAC of the one key that solves them, made
 * when they were issued): not expired, parameters signed by us, and the sent key matching that
 * signature. Here rather than through the library, whose WebCrypto HMACs (a key import and an async
 * job each) cost a registration more than the rest of its checks; node:crypto's take microseconds.
 * Replays are the caller's to refuse, by `challengeId`.
 */
export function verifyAltcha(payload: string, keys: AltchaKeys, now = new Date()): AltchaResult {
	const parsed = parsePayload(payload);
	if (!parsed) return { ok: false, reason: "malformed" };
	const { parameters, signature } = parsed.challenge;
	const { expiresAt, keySignature } = parameters;
	const derivedKey = parsed.solution.derivedKey;
	const verified =
		typeof expiresAt === "number" &&
		expiresAt >= now.getTime() / 1000 &&
		typeof signature === "string" &&
		typeof keySignature === "string" &&
		typeof derivedKey === "string" &&
		DERIVED_KEY.test(derivedKey) &&
		isCounter(parsed.solution.counter) &&
		sameText(signature, hmac(keys.signature, canonicalJson(parameters), "hex")) &&
		sameText(keySignature, hmac(keys.keySignature, Buffer.from(derivedKey, "hex"), "hex"));
	if (!verified) return { ok: false, reason: "failed" };
	return { ok: true, challengeId: parameters.nonce, expiresAt: new Date(expiresAt * 1000) };
}

/** Lower-case hex, as every solver sends it (altcha-lib refuses anything else too). */
const DERIVED_KEY = /^(?:[0-9a-f]{2})+$/;
/** The solution's counter as altcha-lib's uint32 mode takes it. */
const isCounter = (value: unknown) =>
	Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xffffffff;

function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

/** What altcha-lib signs: JSON with every object's keys sorted. */
const canonicalJson = (value: unknown): string => JSON.stringify(sortKeys(value));

function sortKeys(value: unknown): unknown {
	if (!isRecord(value)) return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.map((key) => [key, sortKeys(value[key])]),
	);
}

function parsePayload(text: string): Payload | undefined {
	try {
		const value: unknown = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
		if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return undefined;
		const parameters = value.challenge.parameters;
		if (!isRecord(parameters) || typeof parameters.nonce !== "string" || parameters.nonce.length > 128) {
			return undefined;
		}
		return value as unknown as Payload;
	} catch {
		return undefined;
	}
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);
