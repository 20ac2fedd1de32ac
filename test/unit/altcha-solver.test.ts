import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { solveAltcha } from "../../bench/lib/altcha-solver";
import { antispamConfig } from "../../src/server/registration/antispam";
import { issueAltchaChallenge, verifyAltcha } from "../../src/server/registration/antispam/altcha";

const keys = antispamConfig("secret", undefined).altchaKeys;

/** A challenge made by altcha-lib, solved by the counter given. */
const libraryChallenge = (algorithm: string, cost: number, counter: number) =>
	createChallenge({ algorithm, cost, counter, deriveKey: sha });

/** altcha-lib's own solver, the widget's: the reference. */
async function librarySolution(challenge: Parameters<typeof solveAltcha>[0]) {
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	if (!solution) throw new Error("altcha-lib found no solution");
	return { counter: solution.counter, derivedKey: solution.derivedKey };
}

describe("the bulk clients' ALTCHA solver", () => {
	it("finds what altcha-lib's solver finds for the server's challenges, which the server accepts", async () => {
		for (const level of [0, 0, 0, 0, 0, 1, 2]) {
			const challenge = issueAltchaChallenge(keys, new Date(), level);
			const solution = solveAltcha(challenge);
			expect(solution).toEqual(await librarySolution(challenge));
			const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
			expect(verifyAltcha(payload, keys, new Date(), level)).toMatchObject({ ok: true });
		}
	});

	it("finds what altcha-lib's solver finds for the library's challenges, searching from 0", async () => {
		for (const counter of [0, 1, 255, 256, 65_537]) {
			const challenge = await libraryChallenge("SHA-256", 1, counter);
			expect(solveAltcha(challenge, 0)).toEqual(await librarySolution(challenge));
		}
	});

	// The second search goes through all the server's counters (640,000 hashes, 1.6 s here) first.
	it("refuses a challenge of another kind at once, and one beyond the server's counters", async () => {
		for (const challenge of [
			await libraryChallenge("SHA-512", 1, 600),
			await libraryChallenge("SHA-256", 2, 600),
		]) {
			expect(() => solveAltcha(challenge)).toThrow(/not a challenge of this server/);
		}
		// Beyond the highest difficulty level's range: not a counter the server issues.
		const tooHard = await libraryChallenge("SHA-256", 1, 700_000);
		expect(() => solveAltcha(tooHard)).toThrow(/no counter from 500 to 640000/);
	});
});
