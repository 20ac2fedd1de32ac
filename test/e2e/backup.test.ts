/**
 * Backup and restore of the embedded database (README, "Backup and restore"): a copy taken while the
 * server takes registrations (signups and their confirmations) is sound and holds whole ones only; a
 * server started on the restored copy serves its vouchers.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type RegistrationAnswer, RegistrationClient } from "../../bench/lib/registration-client";
import { openDatabase, sqliteFile } from "../../src/server/db";
import { backupSqlite, checkSqlite } from "../../src/server/db/backup";
import { startServer } from "../helpers/server";
import { storedRegistrations } from "../helpers/stored-registrations";

describe("SQLite backup", () => {
	// Two servers' starts and a stream of registrations, which on a machine busy with the rest of the suite
	// can take more than the default 30 s (a start alone took over 12 s): a minute, as a hook that starts a
	// server has.
	it("copies the database while registrations come in; a server on the restored copy serves its vouchers", {
		timeout: 60_000,
	}, async () => {
		const dataDir = mkdtempSync(join(tmpdir(), "lumen-backup-"));
		const restoredDir = mkdtempSync(join(tmpdir(), "lumen-restored-"));
		const copy = join(dataDir, "backup.sqlite");
		const sessionSecret = randomBytes(32).toString("base64url");
		const env = { SESSION_SECRET: sessionSecret };
		const server = await startServer({ env: { ...env, DATA_DIR: dataDir } });
		try {
			const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
			const bodies = await Promise.all(Array.from({ length: 200 }, () => client.fields()));
			const answers: RegistrationAnswer[] = [];
			let next = 0;
			const load = Promise.all(
				Array.from({ length: 10 }, async () => {
					while (next < bodies.length) {
						const sent = await client.post(bodies[next++]!);
						answers.push(sent.kind === "sent" ? await client.confirm(sent.signupId) : sent);
					}
				}),
			);
			await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(50);
			backupSqlite(dataDir, copy);
			await load;
			expect(answers.filter((answer) => answer.kind !== "voucher")).toEqual([]);
			expect(() => backupSqlite(dataDir, copy)).toThrow(/exists already/);

			expect(checkSqlite(copy)).toBe("ok");
			copyFileSync(copy, sqliteFile(restoredDir));
			const restored = await openDatabase({ dataDir: restoredDir });
			const stored = await storedRegistrations(restored.db);
			await restored.close();
			// Taken while registrations came in: those committed by then, each one whole.
			expect(stored.registrations).toBeGreaterThan(50);
			expect(stored.signups).toBeLessThanOrEqual(bodies.length);
			expect(stored).toMatchObject({
				notOneVoucher: 0,
				notTwoMails: 0,
				withoutVoucherMail: 0,
				issuedWithoutVoucher: 0,
				withoutSignup: 0,
				// Each signup's confirmation e-mail, and each voucher's own.
				mails: stored.signups + stored.vouchers,
				vouchersCounted: stored.vouchers,
			});

			const token = [...stored.byEmail.values()][0];
			const again = await startServer({ env: { ...env, DATA_DIR: restoredDir } });
			try {
				expect((await fetch(`${again.origin}/voucher/${token}`)).status).toBe(200);
			} finally {
				await again.stop();
			}
		} finally {
			await server.stop();
			rmSync(dataDir, { recursive: true, force: true });
			rmSync(restoredDir, { recursive: true, force: true });
		}
	});
});
