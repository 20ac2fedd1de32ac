import { expect, it } from "vitest";
import { countMail, LIMITS, type SignupPath } from "../../src/server/registration/limits";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

/**
 * The limits on what a visitor's word makes the site do (limits.ts), each driven to its edge on a fresh
 * database and a still clock: the last request within a limit passes, the next one is refused with the
 * limit's name. Every other count stays at one (a new mailbox, address or network each time), so the
 * refusal can come only from the limit under test.
 */
describeDatabases("registration limits on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const now = new Date(Date.UTC(2026, 4, 12, 8, 0, 0));

	/** Sends `count` requests made by `request(i)` one after another and returns what each was told. */
	async function send(
		count: number,
		request: (i: number) => { canonical: string; ip: string; signup?: SignupPath },
	) {
		const { db } = (await openDatabase()).handle;
		const answers = [];
		for (let i = 0; i < count; i++) answers.push(await countMail(db, { ...request(i), now }));
		return answers;
	}

	it("refuses the signup past the limit of one network, from any of its addresses", async () => {
		const { max } = LIMITS.signupsPerNetwork;
		// One /24, a new address each time (so no sender limit), but never more than a /24 holds.
		expect(max + 1).toBeLessThan(255);
		const answers = await send(max + 1, (i) => ({
			canonical: `network-${i}@example.cz`,
			ip: `192.0.2.${i + 1}`,
			signup: "challenge",
		}));
		expect(answers.slice(0, max)).toEqual(Array(max).fill(undefined));
		expect(answers[max]).toBe("network");
	});

	it("refuses the e-mail past the limit of one sender address, to any mailbox", async () => {
		const { max } = LIMITS.mailsPerSender;
		const answers = await send(max + 1, (i) => ({ canonical: `sender-${i}@example.cz`, ip: "198.51.100.7" }));
		expect(answers.slice(0, max)).toEqual(Array(max).fill(undefined));
		expect(answers[max]).toBe("sender");
	});

	it("refuses the no-script signup past the site-wide limit, each from a network of its own", async () => {
		const { max } = LIMITS.noScriptSiteWide;
		// A /24 each (the per-network no-script limit is far lower), so only the site-wide count grows.
		const answers = await send(max + 1, (i) => ({
			canonical: `no-script-${i}@example.cz`,
			ip: `10.${i >> 8}.${i & 255}.1`,
			signup: "no-script",
		}));
		expect(answers.slice(0, max)).toEqual(Array(max).fill(undefined));
		expect(answers[max]).toBe("no-script");
	});
});
