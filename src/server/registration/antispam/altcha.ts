import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";

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

/** Verifies the widget's payload (base64 JSON). Replays are the caller's to refuse, by `challengeId`. */
export async function verifyAltcha(payload: string, keys: AltchaKeys): Promise<AltchaResult> {
	const parsed = parsePayload(payload);
	if (!parsed) return { ok: false, reason: "malformed" };
	try {
		const result = await verifySolution({
			challenge: parsed.challenge,
			solution: parsed.solution,
			deriveKey: sha,
			hmacSignatureSecret: keys.signature,
			hmacKeySignatureSecret: keys.keySignature,
		});
		const { nonce, expiresAt } = parsed.challenge.parameters;
		if (!result.verified || typeof expiresAt !== "number") return { ok: false, reason: "failed" };
		return { ok: true, challengeId: nonce, expiresAt: new Date(expiresAt * 1000) };
	} catch {
		// altcha-lib throws on parameters it cannot use: a forged payload, not our problem to report.
		return { ok: false, reason: "failed" };
	}
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
