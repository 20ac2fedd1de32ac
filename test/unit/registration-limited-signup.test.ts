/**
 * The form's limits are counted in its signup's transaction (submitLimitedSignup): a submission past a
 * limit commits its counts and nothing else, so its tokens stay unspent and the form can be sent again;
 * a replayed form is refused before anything is counted.
 */
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "../../src/server/db/schema";
import { countMail, LIMITS } from "../../src/server/registration/limits";
import { ReplayedToken, submitLimitedSignup } from "../../src/server/registration/signups";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";
import { context, NOW, person, withStore } from "./privacy-support";

describeDatabases("a signup with its limits on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const used = (id: string) => [{ id, expiresAt: new Date(NOW.getTime() + 3_600_000) }];
	const counts = async (db: Kysely<Database>) =>
		(await db.selectFrom("rate_limits").select(["key", "hits"]).orderBy("key").execute()).map(
			(row) => `${row.key}=${Number(row.hits)}`,
		);
	const submit = (db: Kysely<Database>, submitted = person(), token = "form-1", ip = "192.0.2.1") =>
		submitLimitedSignup(db, submitted, { ...context(NOW), used: used(token) }, (trx) =>
			countMail(trx, { canonical: submitted.emailCanonical, ip, now: NOW, signup: "challenge" }),
		);

	it("stores the signup and its counts in one transaction", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const jana = person();
		const stored = await submit(db, jana);
		expect(stored).toEqual({ signupId: expect.any(String) });
		expect(await db.selectFrom("signups").select("id").execute()).toEqual([
			{ id: "signupId" in stored && stored.signupId },
		]);
		expect(await counts(db)).toEqual([
			`mail-recipient:${jana.emailCanonical}=1`,
			"mail-sender:192.0.2.1=1",
			"signup-network:192.0.2.0/24=1",
		]);
	});

	it("past a limit, commits the counts alone and leaves the form's tokens unspent", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const jana = person();
		const { max } = LIMITS.mailsPerRecipient;
		for (let i = 0; i < max; i++) await submit(db, jana, `form-${i}`, `192.0.2.${i + 1}`);
		const refused = await submit(db, jana, "form-last", "198.51.100.1");
		expect(refused).toEqual({ limit: "recipient" });
		expect(await db.selectFrom("signups").select("id").execute()).toHaveLength(max);
		expect(await counts(db)).toContain(`mail-recipient:${jana.emailCanonical}=${max + 1}`);
		// The same form, with another mailbox: its token was not spent by the refusal.
		expect(await submit(db, person(), "form-last", "198.51.100.1")).toEqual({ signupId: expect.any(String) });
	});

	it("refuses a replayed form before counting it", async () => {
		const { db } = (await openDatabase()).handle;
		await withStore(db);
		const jana = person();
		await submit(db, jana, "form-1");
		const before = await counts(db);
		await expect(submit(db, jana, "form-1")).rejects.toThrow(ReplayedToken);
		expect(await counts(db)).toEqual(before);
		expect(await db.selectFrom("signups").select("id").execute()).toHaveLength(1);
	});
});
