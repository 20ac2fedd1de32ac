import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Challenge, Payload } from "altcha-lib";
import { DIFFICULTY } from "./difficulty";
import { hmac } from "./keys";

/**
 * ALTCHA proof of work, issued and verified by this server (no third party, works offline). One
 * SHA-256 per attempt; the secret counter that solves a challenge lies between `minCounter` and
 * `maxCounter` times 2^level, the difficulty level of the network that asks (see difficulty.ts): at
 * level 0 a few hundredths of a second in a browser's workers (at the hash rate difficulty.ts assumes),
 * twice that per level. It does not stop a determined bot; it makes every submission cost work, more
 * the faster one network registers.
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

/**
 * A challenge at a difficulty level: its counter, and so the work, scales by 2^level. The range starts
 * above zero, so that `verifyAltcha` can tell a challenge issued at a lower level by its counter.
 *
 * The challenge altcha-lib's createChallenge makes with this module's settings (SHA key derivation, a
 * counter, both signatures), made here with node:crypto: the library's WebCrypto HMACs and digest (a
 * key import and an async job each) cost 0.27 ms of CPU a challenge, and every visitor of the form
 * fetches one. Its parameters: random nonce and salt, the key derived from the counter (derivedKeyOf),
 * the key's first half as the prefix a solver looks for, the HMAC of the key (keySignature), then the
 * HMAC of the parameters as JSON with sorted keys (signature).
 */
export function issueAltchaChallenge(keys: AltchaKeys, now: Date, level = 0): Challenge {
	const scale = levelScale(level);
	const counter = randomInt(ALTCHA.minCounter * scale, ALTCHA.maxCounter * scale + 1);
	const parameters = {
		algorithm: ALTCHA.algorithm,
		nonce: randomBytes(16).toString("hex"),
		salt: randomBytes(16).toString("hex"),
		cost: ALTCHA.cost,
		keyLength: KEY_LENGTH,
		expiresAt: Math.floor((now.getTime() + ALTCHA.lifetimeMs) / 1000),
	};
	const key = derivedKeyOf({ ...parameters, keyPrefix: "" }, counter);
	const signed = sortKeys({
		...parameters,
		keyPrefix: key.subarray(0, KEY_LENGTH / 2).toString("hex"),
		keySignature: hmac(keys.keySignature, key, "hex"),
	}) as Challenge["parameters"];
	return { parameters: signed, signature: hmac(keys.signature, JSON.stringify(signed), "hex") };
}

/** The derived key's length in bytes, altcha-lib's default. */
const KEY_LENGTH = 32;

/** The smallest counter a challenge issued at `level` has. */
export const minimumCounter = (level: number): number => ALTCHA.minCounter * levelScale(level);

function levelScale(level: number): number {
	if (!Number.isInteger(level) || level < 0 || level > DIFFICULTY.maxLevel) {
		throw new RangeError(`A difficulty level is an integer from 0 to ${DIFFICULTY.maxLevel}. Got: ${level}`);
	}
	return 2 ** level;
}

export type AltchaResult =
	| {
			readonly ok: true;
			readonly challengeId: string;
			readonly expiresAt: Date;
			/** The counter it was issued with: the work, which `minLevel`'s minimum bounds (minimumCounter). */
			readonly counter: number;
	  }
	| { readonly ok: false; readonly reason: "malformed" | "failed" | "below-level" };

/**
 * Verifies the widget's payload (base64 JSON) as altcha-lib's verifySolution does for the challenges
 * issued above, which always carry a key signature (the HMAC of the one key that solves them, made
 * when they were issued): not expired, parameters signed by us, and the sent key matching that
 * signature. Here rather than through the library, whose WebCrypto HMACs (a key import and an async
 * job each) cost a registration more than the rest of its checks; node:crypto's take microseconds.
 *
 * Beyond the library: the key signature binds the derived key but not the counter sent with it, so
 * the key is derived again from that counter (one SHA-256). A counter that derives the signed key is
 * the one the challenge was issued with, and it must reach `minLevel`'s minimum: a challenge fetched
 * cheaply while the network was quiet is refused once the network is hot. The ranges of neighbouring
 * levels overlap, so a person whose network got one level hotter while typing is refused only if the
 * counter was in the lowest quarter of the range; a challenge three levels below never passes.
 * Replays are the caller's to refuse, by `challengeId`.
 */
export function verifyAltcha(
	payload: string,
	keys: AltchaKeys,
	now = new Date(),
	minLevel = 0,
): AltchaResult {
	const minimum = minimumCounter(minLevel);
	const parsed = parsePayload(payload);
	if (!parsed) return { ok: false, reason: "malformed" };
	const { parameters, signature } = parsed.challenge;
	const { expiresAt, keySignature } = parameters;
	const { counter, derivedKey } = parsed.solution;
	const key =
		typeof derivedKey === "string" && DERIVED_KEY.test(derivedKey) && Buffer.from(derivedKey, "hex");
	const verified =
		typeof expiresAt === "number" &&
		expiresAt >= now.getTime() / 1000 &&
		typeof signature === "string" &&
		typeof keySignature === "string" &&
		key &&
		isCounter(counter) &&
		sameText(signature, hmac(keys.signature, canonicalJson(parameters), "hex")) &&
		sameText(keySignature, hmac(keys.keySignature, key, "hex")) &&
		derivedKeyOf(parameters, counter).equals(key);
	if (!verified) return { ok: false, reason: "failed" };
	if (counter < minimum) return { ok: false, reason: "below-level" };
	return { ok: true, challengeId: parameters.nonce, expiresAt: new Date(expiresAt * 1000), counter };
}

/**
 * altcha-lib's SHA key derivation (`deriveKey` of altcha-lib/algorithms/sha), synchronous: the hash of
 * salt, nonce and the counter as a big-endian uint32 (its default "uint32" counter mode), hashed again
 * `cost` times in all, cut to `keyLength` bytes. Only for parameters of ours: issued here, or signed.
 */
function derivedKeyOf(parameters: Challenge["parameters"], counter: number): Buffer {
	const digest = DIGESTS[parameters.algorithm];
	if (!digest) return Buffer.alloc(0);
	const password = Buffer.alloc(4);
	password.writeUInt32BE(counter);
	let key = createHash(digest)
		.update(Buffer.from(parameters.salt, "hex"))
		.update(Buffer.from(parameters.nonce, "hex"))
		.update(password)
		.digest();
	for (let round = 1; round < parameters.cost; round++) key = createHash(digest).update(key).digest();
	return key.subarray(0, parameters.keyLength);
}

const DIGESTS: Partial<Record<string, string>> = {
	"SHA-256": "sha256",
	"SHA-384": "sha384",
	"SHA-512": "sha512",
};

/** Lower-case hex, as every solver sends it (altcha-lib refuses anything else too). */
const DERIVED_KEY = /^(?:[0-9a-f]{2})+$/;
/** The solution's counter as altcha-lib's uint32 mode takes it. */
const isCounter = (value: unknown): value is number =>
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
