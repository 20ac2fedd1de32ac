import { createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import {
	antispamConfig,
	checkAntispam,
	enoughWork,
	NO_CHALLENGE_MIN_AGE_MS,
} from "../../src/server/registration/antispam";
import {
	ALTCHA,
	issueAltchaChallenge,
	minimumCounter,
	verifyAltcha,
} from "../../src/server/registration/antispam/altcha";
import { captchaFromEnv, verifyCaptcha } from "../../src/server/registration/antispam/captcha";
import { checkTimeTrap, issueTimeTrap, TIME_TRAP } from "../../src/server/registration/antispam/time-trap";

const config = antispamConfig("secret", undefined);
const at = (ms: number) => new Date(Date.UTC(2026, 2, 10, 12) + ms);

async function solvedAt(level: number, keys = config.altchaKeys) {
	const challenge = await issueAltchaChallenge(keys, new Date(), level);
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	if (!solution) throw new Error("no solution");
	return { challenge, solution };
}
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
const solved = async (keys = config.altchaKeys) => encode(await solvedAt(0, keys));

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
		// The nonce is signed too: another one makes another token, which only the server can make.
		const [issuedAt, , signature] = token.split(".");
		const otherNonce = `${issuedAt}.${"A".repeat(16)}.${signature}`;
		expect(checkTimeTrap(otherNonce, config.timeTrapKey, at(5000))).toEqual({ ok: false, reason: "forged" });
	});

	it("names each token by an id of its own, the same every time that token comes back", () => {
		const twin = issueTimeTrap(config.timeTrapKey, at(0));
		expect(twin).not.toBe(token);
		const id = (value: string) => {
			const result = checkTimeTrap(value, config.timeTrapKey, at(5000));
			return result.ok ? result.id : result.reason;
		};
		expect(id(token)).toMatch(/^time-trap:[\w-]{16}$/);
		expect(id(token)).toBe(id(token));
		expect(id(twin)).not.toBe(id(token));
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
	it("issues what altcha-lib's createChallenge issues with the same settings, and altcha-lib accepts it", async () => {
		const keys = config.altchaKeys;
		const now = new Date();
		const ours = issueAltchaChallenge(keys, now);
		const library = await createChallenge({
			algorithm: ALTCHA.algorithm,
			cost: ALTCHA.cost,
			counter: ALTCHA.minCounter,
			deriveKey: sha,
			hmacSignatureSecret: keys.signature,
			hmacKeySignatureSecret: keys.keySignature,
			expiresAt: new Date(now.getTime() + ALTCHA.lifetimeMs),
		});
		// The same parameters in the same order, as JSON carries them (the library's unset ones vanish).
		const shape = (challenge: object) =>
			JSON.parse(JSON.stringify(challenge), (_key, value) =>
				typeof value === "string" && /^[0-9a-f]{32,}$/.test(value) ? `hex ${value.length}` : value,
			);
		expect(shape(ours)).toEqual(shape(library));
		expect(Object.keys(JSON.parse(JSON.stringify(ours.parameters)))).toEqual(
			Object.keys(JSON.parse(JSON.stringify(library.parameters))),
		);
		const solution = await solveChallenge({ challenge: ours, deriveKey: sha });
		if (!solution) throw new Error("no solution");
		expect(
			await verifySolution({
				challenge: ours,
				solution,
				deriveKey: sha,
				hmacSignatureSecret: keys.signature,
				hmacKeySignatureSecret: keys.keySignature,
			}),
		).toMatchObject({ verified: true });
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

	it("scales the work by 2^level and takes a challenge at its level or above", async () => {
		for (let round = 0; round < 5; round++) {
			const { challenge, solution } = await solvedAt(3);
			expect(solution.counter).toBeGreaterThanOrEqual(ALTCHA.minCounter * 8);
			expect(solution.counter).toBeLessThanOrEqual(ALTCHA.maxCounter * 8);
			const payload = encode({ challenge, solution });
			expect(verifyAltcha(payload, config.altchaKeys, new Date(), 3)).toMatchObject({ ok: true });
			expect(verifyAltcha(payload, config.altchaKeys, new Date(), 0)).toMatchObject({ ok: true });
		}
		expect([0, 1, 8].map(minimumCounter)).toEqual([500, 1000, 128_000]);
	});

	it("refuses a challenge issued while the network was quieter than it is now", async () => {
		// A level-0 counter is at most 2,500, below level 3's minimum of 4,000.
		for (let round = 0; round < 5; round++) {
			const payload = await solved();
			expect(verifyAltcha(payload, config.altchaKeys, new Date(), 0)).toMatchObject({ ok: true });
			expect(verifyAltcha(payload, config.altchaKeys, new Date(), 3)).toEqual({
				ok: false,
				reason: "below-level",
			});
		}
	});

	it("refuses a solution whose counter is not the one that derives its key, which altcha-lib takes", async () => {
		const keys = config.altchaKeys;
		const { challenge, solution } = await solvedAt(0);
		for (const counter of [solution.counter + 1, solution.counter + 1_000_000, 0xffffffff]) {
			const forged = { ...solution, counter };
			const library = await verifySolution({
				challenge,
				solution: forged,
				deriveKey: sha,
				hmacSignatureSecret: keys.signature,
				hmacKeySignatureSecret: keys.keySignature,
			});
			expect(library.verified).toBe(true);
			expect(verifyAltcha(encode({ challenge, solution: forged }), keys)).toEqual({
				ok: false,
				reason: "failed",
			});
		}
	});

	it("derives the key as altcha-lib does, from the parameters as issued", async () => {
		// A challenge of more rounds than issued here, signed by us: still verified by re-deriving.
		const keys = config.altchaKeys;
		for (const cost of [1, 3]) {
			const challenge = await createChallenge({
				algorithm: "SHA-256",
				cost,
				counter: 700,
				deriveKey: sha,
				hmacSignatureSecret: keys.signature,
				hmacKeySignatureSecret: keys.keySignature,
				expiresAt: new Date(Date.now() + 60_000),
			});
			const solution = await solveChallenge({ challenge, deriveKey: sha });
			expect(solution?.counter).toBe(700);
			expect(verifyAltcha(encode({ challenge, solution }), keys)).toMatchObject({ ok: true });
		}
	});

	it("knows no level outside 0 to the cap", async () => {
		const payload = await solved();
		for (const level of [-1, 0.5, 9, Number.NaN]) {
			expect(() => verifyAltcha(payload, config.altchaKeys, new Date(), level)).toThrow(RangeError);
			expect(() => issueAltchaChallenge(config.altchaKeys, new Date(), level)).toThrow(RangeError);
		}
	});
});

describe("checkAntispam", () => {
	const fields = (values: Record<string, string>) => (name: string) => values[name];
	const started = issueTimeTrap(config.timeTrapKey, at(0));
	const context = (ms: number, minLevel = 0) => ({ now: at(ms), ip: "192.0.2.1", minLevel });
	const formUsed = {
		id: expect.stringMatching(/^time-trap:/),
		expiresAt: new Date(at(0).getTime() + TIME_TRAP.maxAgeMs),
	};

	it("refuses a filled honeypot even with everything else right", async () => {
		const verdict = await checkAntispam(
			fields({ website: "http://spam", _started: started, altcha: await solved() }),
			config,
			context(60_000),
		);
		expect(verdict).toEqual({ ok: false, failure: "unverified" });
	});

	it("lists the form and the solved challenge as used, the same form by the same id", async () => {
		const solvedChallenge = await solvedAt(0);
		const { nonce, expiresAt } = solvedChallenge.challenge.parameters;
		const payload = encode(solvedChallenge);
		const first = await checkAntispam(fields({ _started: started, altcha: payload }), config, context(5000));
		expect(first).toEqual({
			ok: true,
			path: "challenge",
			used: [formUsed, { id: nonce, expiresAt: new Date((expiresAt ?? 0) * 1000) }],
			altchaCounter: solvedChallenge.solution.counter,
		});
		// The same form again with a new challenge: its id is the one recorded, so the insert conflicts.
		const replay = await checkAntispam(
			fields({ _started: started, altcha: await solved() }),
			config,
			context(6000),
		);
		const another = issueTimeTrap(config.timeTrapKey, at(0));
		const fresh = await checkAntispam(
			fields({ _started: another, altcha: await solved() }),
			config,
			context(6000),
		);
		if (!first.ok || !replay.ok || !fresh.ok) throw new Error("refused");
		expect(replay.used[0]?.id).toBe(first.used[0]?.id);
		expect(fresh.used[0]?.id).not.toBe(first.used[0]?.id);
		expect(replay.used[1]?.id).not.toBe(first.used[1]?.id);
	});

	it("tells whether a passed challenge has the work of a level learnt after the check", async () => {
		// A level-0 counter is at most 2,500: enough for level 2's minimum of 2,000 only sometimes, never for level 3's.
		const quiet = await checkAntispam(
			fields({ _started: started, altcha: await solved() }),
			config,
			context(5000),
		);
		const hard = await checkAntispam(
			fields({ _started: started, altcha: encode(await solvedAt(3)) }),
			config,
			context(5000),
		);
		if (!quiet.ok || !hard.ok) throw new Error("refused");
		expect([enoughWork(quiet, 0), enoughWork(quiet, 3)]).toEqual([true, false]);
		expect([enoughWork(hard, 3), enoughWork(hard, 6)]).toEqual([true, false]);
		// Without a proof of work (no script, a captcha vendor) there is no work to weigh.
		expect(enoughWork({}, 8)).toBe(true);
	});

	it("refuses a challenge below the network's level", async () => {
		const values = fields({ _started: started, altcha: await solved() });
		expect(await checkAntispam(values, config, context(5000, 3))).toEqual({
			ok: false,
			failure: "unverified",
		});
		const hard = fields({ _started: started, altcha: encode(await solvedAt(3)) });
		expect(await checkAntispam(hard, config, context(5000, 3))).toMatchObject({
			ok: true,
			path: "challenge",
		});
	});

	it("refuses a submission with neither a solution nor the no-script field, however old the form", async () => {
		const submissions: Record<string, string>[] = [
			{ _started: started },
			{ _started: started, altcha: "" },
			{ _started: started, _noscript: "0" },
		];
		for (const values of submissions) {
			expect(await checkAntispam(fields(values), config, context(60_000))).toEqual({
				ok: false,
				failure: "unverified",
			});
		}
	});

	it("takes a no-script submission only once the form has been open long enough, on its own path", async () => {
		const values = fields({ _started: started, _noscript: "1" });
		expect(await checkAntispam(values, config, context(NO_CHALLENGE_MIN_AGE_MS - 1))).toEqual({
			ok: false,
			failure: "too-fast",
		});
		expect(await checkAntispam(values, config, context(NO_CHALLENGE_MIN_AGE_MS, 8))).toEqual({
			ok: true,
			path: "no-script",
			used: [formUsed],
		});
	});

	it("judges a solution sent with the no-script field as a solution", async () => {
		const right = fields({ _started: started, _noscript: "1", altcha: await solved() });
		expect(await checkAntispam(right, config, context(5000))).toMatchObject({ ok: true, path: "challenge" });
		const wrong = fields({ _started: started, _noscript: "1", altcha: "garbage" });
		expect(await checkAntispam(wrong, config, context(60_000))).toEqual({ ok: false, failure: "unverified" });
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
		expect(await submit("good")).toEqual({ ok: true, path: "challenge", used: [formUsed] });
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
