import { describe, expect, it } from "vitest";
import { peekRateLimit } from "../../src/server/security/rate-limit-store";
import { countSignInAttempt, failureDelayMs, SIGN_IN_LIMITS } from "../../src/server/staff/sign-in-limits";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describe("the delay before a failure is answered", () => {
	it("is none for the first three failures, then 1, 2 and 4 seconds, never more", () => {
		expect(Array.from({ length: 10 }, (_, index) => failureDelayMs(index + 1))).toEqual([
			0, 0, 0, 1000, 2000, 4000, 4000, 4000, 4000, 4000,
		]);
	});
});

describeDatabases("sign-in counters on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const setup = async () => (await openDatabase()).handle.db;
	const at = (ms: number) => new Date(Date.UTC(2026, 4, 12, 8, 0, 0) + ms);

	it("lets exactly ten of twenty concurrent attempts at one account from one network through", async () => {
		const db = await setup();
		const attempts = await Promise.all(
			Array.from({ length: 20 }, (_, index) =>
				countSignInAttempt(db, { email: "till@lumen.example", ip: `192.0.2.${index + 1}`, now: at(0) }),
			),
		);
		const allowed = attempts.flatMap((attempt) => (attempt.allowed ? [attempt] : []));
		expect(allowed.map((attempt) => attempt.failures).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 10 }, (_, index) => index + 1),
		);
		expect(new Set(allowed.map((attempt) => attempt.network))).toEqual(new Set(["192.0.2.0/24"]));
		for (const attempt of attempts) {
			if (!attempt.allowed) expect(attempt.retryAfterMs).toBe(SIGN_IN_LIMITS.windowMs);
		}
		// Another network, and another account from the same network, are not affected.
		expect(
			await countSignInAttempt(db, { email: "till@lumen.example", ip: "2001:db8:0:100::1" }),
		).toMatchObject({ allowed: true, network: "2001:db8:0:100::/56", failures: 1 });
		expect(
			await countSignInAttempt(db, { email: "other@lumen.example", ip: "192.0.2.99", now: at(1_000) }),
		).toMatchObject({ allowed: true, failures: 1 });
	});

	it("refuses a network after thirty attempts at any accounts, until its window ends", async () => {
		const db = await setup();
		for (let index = 0; index < 30; index++) {
			const attempt = await countSignInAttempt(db, {
				email: `guess${index}@lumen.example`,
				ip: "198.51.100.7",
				now: at(index * 1000),
			});
			expect(attempt.allowed).toBe(true);
		}
		expect(
			await countSignInAttempt(db, { email: "new@lumen.example", ip: "198.51.100.200", now: at(60_000) }),
		).toEqual({ allowed: false, retryAfterMs: SIGN_IN_LIMITS.windowMs - 60_000 });
		expect(
			(await countSignInAttempt(db, { email: "new@lumen.example", ip: "198.51.101.1", now: at(60_000) }))
				.allowed,
		).toBe(true);
		expect(
			(
				await countSignInAttempt(db, {
					email: "new@lumen.example",
					ip: "198.51.100.7",
					now: at(SIGN_IN_LIMITS.windowMs),
				})
			).allowed,
		).toBe(true);
	});

	it("the right password gives its attempt back: only failures count", async () => {
		const db = await setup();
		for (let index = 0; index < 40; index++) {
			const attempt = await countSignInAttempt(db, { email: "till@lumen.example", ip: "203.0.113.5" });
			if (!attempt.allowed) throw new Error(`attempt ${index} refused`);
			expect(attempt.failures).toBe(1);
			await attempt.giveBack();
		}
		expect((await peekRateLimit(db, "sign-in:network:203.0.113.0/24")).hits).toBe(0);
	});
});
