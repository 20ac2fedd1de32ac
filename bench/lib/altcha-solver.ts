import { hash } from "node:crypto";
import type { Challenge, Solution } from "altcha-lib";
import { ALTCHA } from "../../src/server/registration/antispam/altcha";
import { DIFFICULTY } from "../../src/server/registration/antispam/difficulty";

/** The highest counter this server issues: the top of the highest difficulty level's range. */
const HIGHEST_COUNTER = ALTCHA.maxCounter * 2 ** DIFFICULTY.maxLevel;

/**
 * Solves an ALTCHA challenge of this server (antispam/altcha.ts: SHA-256, one round) as altcha-lib's
 * solveChallenge does with its SHA key derivation: tries counters in order until SHA-256(salt ‖ nonce ‖
 * counter as a big-endian uint32) starts with the challenge's key prefix. test/unit/altcha-solver.test.ts
 * holds it to the library's answers.
 *
 * Made for bulk clients, which solve thousands of challenges on the machine the server runs on (the
 * durability run 20,000): per attempt the library awaits a derivation into fresh buffers, about twice
 * the CPU of node:crypto's one-shot hash of one reused buffer, which this calls synchronously.
 *
 * The search runs over the counters this server issues: from ALTCHA.minCounter (raised by a busy
 * network's level, never lowered) to the top of the highest level's range. No counter outside solves
 * one of its challenges, as the prefix (half the key) matches only the key of the counter a challenge
 * was issued with; and a challenge not solved there fails at once rather than after 2^32 attempts.
 */
export function solveAltcha(challenge: Challenge, counterStart: number = ALTCHA.minCounter): Solution {
	const { algorithm, salt, nonce, cost, keyLength, keyPrefix } = challenge.parameters;
	if (algorithm !== "SHA-256" || cost !== 1)
		throw new Error(`not a challenge of this server: ${JSON.stringify(challenge.parameters)}`);
	const input = Buffer.concat([Buffer.from(salt, "hex"), Buffer.from(nonce, "hex"), Buffer.alloc(4)]);
	const counterAt = input.length - 4;
	const prefix = Buffer.from(keyPrefix, "hex");
	for (let counter = counterStart; counter <= HIGHEST_COUNTER; counter++) {
		input.writeUInt32BE(counter, counterAt);
		const digest = hash("sha256", input, "buffer");
		if (digest.subarray(0, prefix.length).equals(prefix)) {
			return { counter, derivedKey: digest.subarray(0, keyLength).toString("hex") };
		}
	}
	throw new Error(`no counter from ${counterStart} to ${HIGHEST_COUNTER} solves the challenge`);
}
