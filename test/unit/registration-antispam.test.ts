import { createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import {
	antispamConfig,
	checkAntispam,
	NO_CHALLENGE_MIN_AGE_MS,
} from "../../src/server/registration/antispam";
import { ALTCHA, issueAltchaChallenge, verifyAltcha } from "../../src/server/registration/antispam/altcha";
import { captchaFromEnv, verifyCaptcha } from "../../src/server/registration/antispam/captcha";
import { checkTimeTrap, issueTimeTrap, TIME_TRAP } from "../../src/server/registration/antispam/time-trap";

const config = antispamConfig("secret", undefined);
const at = (ms: number) => new Date(Date.UTC(2026, 2, 10, 12) + ms);

async function solved(keys = config.altchaKeys): Promise<string> {
	const challenge = await issueAltchaChallenge(keys, new Date());
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("time trap", () => {
	const token = issueTimeTrap(config.timeTrapKey, at(0));

	it("accepts a submission between the minimum and maximum age", () => {
		expect(checkTimeTrap(token, config.timeTrapKey, at(TIME_TRAP.minAgeMs))).toMatchObject({ ok: true });
		expect(checkTimeTrap(token, config.timeTrapKey, at(TIME_TRAP.maxAgeMs))).toMatchObject({ ok: true });
	});

	it("refuses one too fast, too old, forged or missing", () => {
		expect(checkTimeTrap(token, config.timeTrapKey, at(TIME_TRAP.minAgeMs - 1))).toEqual({
			ok: false,
			reason: "too-fast",
		});
		expect(checkTimeTrap(token, config.timeTrapKey, at(TIME_TRAP.maxAgeMs + 1))).toEqual({
			ok: false,
			reason: "expired",
		});
		const older = token.replace(/^\d+/, String(at(-60_000).getTime()));
		expect(checkTimeTrap(older, config.timeTrapKey, at(5000))).toEqual({ ok: false, reason: "forged" });
		expect(checkTimeTrap(token, antispamConfig("other", undefined).timeTrapKey, at(5000)).ok).toBe(false);
		expect(checkTimeTrap(undefined, config.timeTrapKey, at(5000))).toEqual({ ok: false, reason: "missing" });
		expect(checkTimeTrap("garbage", config.timeTrapKey, at(5000))).toEqual({ ok: false, reason: "forged" });
	});
});

describe("ALTCHA", () => {
	it("verifies a solved challenge of ours and names it for replay protection", async () => {
		const result = await verifyAltcha(await solved(), config.altchaKeys);
		expect(result).toMatchObject({ ok: true, challengeId: expect.any(String) });
	});

	it("refuses a challenge signed with another key, a wrong solution and garbage", async () => {
		const foreign = await solved(antispamConfig("other", undefined).altchaKeys);
		expect((await verifyAltcha(foreign, config.altchaKeys)).ok).toBe(false);
		const challenge = await createChallenge({
			algorithm: "SHA-256",
			cost: 1,
			deriveKey: sha,
			hmacSignatureSecret: config.altchaKeys.signature,
		});
		const wrong = Buffer.from(
			JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00" } }),
		).toString("base64");
		expect((await verifyAltcha(wrong, config.altchaKeys)).ok).toBe(false);
		expect(await verifyAltcha("not base64 json", config.altchaKeys)).toEqual({
			ok: false,
			reason: "malformed",
		});
	});
	it("judges as altcha-lib's verifySolution does: expired, tampered, wrong key, foreign signature", async () => {
		const keys = config.altchaKeys;
		const challenge = await issueAltchaChallenge(keys, new Date());
		const solution = await solveChallenge({ challenge, deriveKey: sha });
		if (!solution) throw new Error("no solution");
		const expired = await issueAltchaChallenge(keys, new Date(Date.now() - 2 * ALTCHA.lifetimeMs));
		const expiredSolution = await solveChallenge({ challenge: expired, deriveKey: sha });
		const flipped = solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"));
		const cases = [
			{ challenge, solution },
			{ challenge: expired, solution: expiredSolution },
			{ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 2 } }, solution },
			{ challenge: { ...challenge, parameters: { ...challenge.parameters, keySignature: "00" } }, solution },
			{ challenge, solution: { ...solution, derivedKey: flipped } },
			{ challenge, solution: { ...solution, derivedKey: solution.derivedKey.toUpperCase() } },
			{ challenge, solution: { ...solution, counter: -1 } },
			{
				challenge: await issueAltchaChallenge(antispamConfig("other", undefined).altchaKeys, new Date()),
				solution,
			},
		];
		for (const { challenge, solution } of cases) {
			const library = await verifySolution({
				challenge,
				solution: solution as NonNullable<typeof solution>,
				deriveKey: sha,
				hmacSignatureSecret: keys.signature,
				hmacKeySignatureSecret: keys.keySignature,
			});
			const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
			expect(verifyAltcha(payload, keys).ok).toBe(library.verified);
		}
		expect(
			verifyAltcha(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"), keys).ok,
		).toBe(true);
	});
});

describe("checkAntispam", () => {
	const fields = (values: Record<string, string>) => (name: string) => values[name];
	const started = issueTimeTrap(config.timeTrapKey, at(0));
	const context = (ms: number) => ({ now: at(ms), ip: "192.0.2.1" });

	it("refuses a filled honeypot even with everything else right", async () => {
		const verdict = await checkAntispam(
			fields({ website: "http://spam", _started: started, altcha: await solved() }),
			config,
			context(60_000),
		);
		expect(verdict).toEqual({ ok: false, failure: "unverified" });
	});

	it("takes a submission without a challenge only once the form has been open long enough", async () => {
		const values = fields({ _started: started });
		expect(await checkAntispam(values, config, context(NO_CHALLENGE_MIN_AGE_MS - 1))).toEqual({
			ok: false,
			failure: "too-fast",
		});
		expect(await checkAntispam(values, config, context(NO_CHALLENGE_MIN_AGE_MS))).toEqual({
			ok: true,
			challenge: undefined,
		});
	});

	it("asks the configured vendor instead of ALTCHA, through the injected fetch", async () => {
		const calls: string[] = [];
		const fakeFetch = (async (url: string, init: RequestInit) => {
			calls.push(`${url} ${String(init.body)}`);
			const success = String(init.body).includes("response=good");
			return new Response(JSON.stringify({ success }));
		}) as unknown as typeof fetch;
		const captcha = captchaFromEnv(
			{ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "shh", TURNSTILE_VERIFY_URL: "http://fake/verify" },
			fakeFetch,
		);
		const vendor = antispamConfig("secret", captcha);
		const submit = (token: string) =>
			checkAntispam(fields({ _started: started, "cf-turnstile-response": token }), vendor, context(5000));
		expect(await submit("good")).toEqual({ ok: true, challenge: undefined });
		expect(await submit("bad")).toEqual({ ok: false, failure: "unverified" });
		expect(calls[0]).toMatch(/^http:\/\/fake\/verify secret=shh&response=good/);
		expect(
			captcha &&
				(await verifyCaptcha(
					{ ...captcha, fetch: (() => Promise.reject(new Error("down"))) as typeof fetch },
					"good",
					"x",
				)),
		).toBe(false);
	});
});
