/**
 * Account changes (src/server/staff/accounts.ts) and campaign settings (stored-settings.ts) on each
 * database: the row changed and its audit row written together, exactly, without a password or a hash;
 * the refusals that keep an enabled admin; nothing written by a refused change.
 */
import { afterAll, expect, it, vi } from "vitest";
import type { CampaignSettings } from "../../src/domain/campaign/settings";
import { auditPage } from "../../src/server/audit/audit-log";
import { createSession } from "../../src/server/auth/session";
import { readSettings, saveSettings } from "../../src/server/campaign/stored-settings";
import type { DatabaseHandle } from "../../src/server/db";
import {
	changeRole,
	createAccount,
	createAccountFromCommand,
	resetPassword,
	setDisabled,
} from "../../src/server/staff/accounts";
import { seedStaff, seedStore } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll, type TestDatabase } from "../helpers/test-databases";

const NOW = new Date("2026-03-10T09:30:00.000Z");
const PASSWORD = "a new long password";
/** scrypt hashes each new password on purpose slowly; the machine may be busy. */
const SLOW = 30_000;
// Dropping each test's PostgreSQL database after the suite takes a while on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });

// Each test has a database of its own, and most of its time is spent off this thread (scrypt on libuv's
// threads, PostgreSQL creating the database), so the tests run side by side.
describeDatabases("staff accounts and their audit on %s", (_kind, open) => {
	// Removed together: dropping a PostgreSQL database takes a second or two on a busy machine.
	const opened: TestDatabase[] = [];
	afterAll(() => Promise.all(opened.map((database) => database.dispose())));
	const openDatabase = async () => opened[opened.push(await open()) - 1]!;
	const setup = async () => {
		const database = await openDatabase();
		const { db } = database.handle;
		const seeded = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
		const admin = { id: seeded.id, name: seeded.name };
		const storeId = await seedStore(db);
		return { handle: database.handle, db, admin, storeId };
	};
	const auditRows = (handle: DatabaseHandle) =>
		handle.db
			.selectFrom("audit_log")
			.select(["created_at", "actor_id", "actor_name", "action", "subject_id", "before", "after"])
			.orderBy("created_at")
			.execute();

	it.concurrent(
		"creates an account with its audit row: who, when, what, and the fields without the password",
		async () => {
			const { handle, db, admin, storeId } = await setup();
			const result = await createAccount(
				db,
				admin,
				{ name: " Petr Pokladní ", email: "Petr@Lumen.example", role: "staff", storeId, password: PASSWORD },
				NOW,
			);
			if (!result.ok) throw new Error(result.reason);
			const user = await db
				.selectFrom("staff_users")
				.selectAll()
				.where("id", "=", result.id)
				.executeTakeFirstOrThrow();
			expect(user).toMatchObject({
				name: "Petr Pokladní",
				email: "petr@lumen.example",
				role: "staff",
				store_id: storeId,
			});
			expect(await auditRows(handle)).toEqual([
				{
					created_at: NOW.toISOString(),
					actor_id: admin.id,
					actor_name: "Alena Správcová",
					action: "user.create",
					subject_id: result.id,
					before: null,
					after: JSON.stringify({
						name: "Petr Pokladní",
						email: "petr@lumen.example",
						role: "staff",
						storeId,
						disabled: false,
					}),
				},
			]);
			const everything = JSON.stringify(await db.selectFrom("audit_log").selectAll().execute());
			expect(everything).not.toContain(PASSWORD);
			expect(everything).not.toContain(user.password_hash);
		},
		SLOW,
	);

	it.concurrent(
		"refuses a taken e-mail, a till account without a real store, and writes nothing then",
		async () => {
			const { handle, db, admin, storeId } = await setup();
			const account = {
				name: "Eva",
				email: "eva@lumen.example",
				role: "editor" as const,
				storeId: null,
				password: PASSWORD,
			};
			expect((await createAccount(db, admin, account, NOW)).ok).toBe(true);
			expect(await createAccount(db, admin, { ...account, email: " EVA@lumen.example" }, NOW)).toEqual({
				ok: false,
				reason: "email-taken",
			});
			const till = { ...account, email: "till@lumen.example", role: "staff" as const };
			expect(await createAccount(db, admin, till, NOW)).toEqual({ ok: false, reason: "store-required" });
			expect(await createAccount(db, admin, { ...till, storeId: "no-such-store" }, NOW)).toEqual({
				ok: false,
				reason: "unknown-store",
			});
			// Another role keeps no store, whatever was chosen.
			const marketing = await createAccount(
				db,
				admin,
				{ ...account, email: "m@lumen.example", role: "marketing", storeId },
				NOW,
			);
			if (!marketing.ok) throw new Error(marketing.reason);
			const stored = await db
				.selectFrom("staff_users")
				.select(["email", "store_id"])
				.orderBy("email")
				.execute();
			expect(
				stored.filter((row) => row.email.endsWith("@lumen.example") && !row.email.includes("-")),
			).toEqual([
				{ email: "eva@lumen.example", store_id: null },
				{ email: "m@lumen.example", store_id: null },
			]);
			expect((await auditRows(handle)).map((row) => row.action)).toEqual(["user.create", "user.create"]);
			expect(storeId).toBeTruthy();
		},
		SLOW,
	);

	it.concurrent(
		"changes a role with the role and store before and after; a till account needs a store",
		async () => {
			const { handle, db, admin, storeId } = await setup();
			const cashier = await seedStaff(db, { role: "staff", storeId });
			expect(await changeRole(db, admin, cashier.id, { role: "staff", storeId: null }, NOW)).toEqual({
				ok: false,
				reason: "store-required",
			});
			expect(await changeRole(db, admin, cashier.id, { role: "marketing", storeId }, NOW)).toEqual({
				ok: true,
				id: cashier.id,
			});
			const row = await db
				.selectFrom("staff_users")
				.select(["role", "store_id"])
				.where("id", "=", cashier.id)
				.executeTakeFirst();
			expect(row).toEqual({ role: "marketing", store_id: null });
			expect(await auditRows(handle)).toEqual([
				{
					created_at: NOW.toISOString(),
					actor_id: admin.id,
					actor_name: admin.name,
					action: "user.role",
					subject_id: cashier.id,
					before: JSON.stringify({ role: "staff", storeId }),
					after: JSON.stringify({ role: "marketing", storeId: null }),
				},
			]);
			// The same role again changes and records nothing.
			await changeRole(db, admin, cashier.id, { role: "marketing", storeId: null }, NOW);
			expect(await auditRows(handle)).toHaveLength(1);
		},
		SLOW,
	);

	it.concurrent(
		"disables an account and ends its sessions at once; enables it again; both audited",
		async () => {
			const { handle, db, admin } = await setup();
			const editor = await seedStaff(db, { role: "editor" });
			await createSession(db, editor.id, NOW);
			await createSession(db, editor.id, NOW);
			expect(await setDisabled(db, admin, editor.id, true, NOW)).toEqual({ ok: true, id: editor.id });
			expect(
				await db.selectFrom("sessions").select("id_hash").where("user_id", "=", editor.id).execute(),
			).toEqual([]);
			const later = new Date(NOW.getTime() + 1000);
			expect(await setDisabled(db, admin, editor.id, false, later)).toEqual({ ok: true, id: editor.id });
			const rows = await auditRows(handle);
			expect(
				rows.map(({ action, subject_id, before, after }) => ({ action, subject_id, before, after })),
			).toEqual([
				{
					action: "user.disable",
					subject_id: editor.id,
					before: '{"disabled":false}',
					after: '{"disabled":true}',
				},
				{
					action: "user.enable",
					subject_id: editor.id,
					before: '{"disabled":true}',
					after: '{"disabled":false}',
				},
			]);
		},
		SLOW,
	);

	it.concurrent(
		"keeps an admin: never the admin's own account, and a demoted admin can change nothing more",
		async () => {
			const { handle, db, admin } = await setup();
			expect(await setDisabled(db, admin, admin.id, true, NOW)).toEqual({ ok: false, reason: "own-account" });
			expect(await changeRole(db, admin, admin.id, { role: "editor", storeId: null }, NOW)).toEqual({
				ok: false,
				reason: "own-account",
			});
			// Two admins demoting each other at once: the changes are decided one after the other.
			const other = await seedStaff(db, { role: "admin", name: "Olga" });
			const results = await Promise.all([
				changeRole(db, admin, other.id, { role: "editor", storeId: null }, NOW),
				changeRole(db, { id: other.id, name: other.name }, admin.id, { role: "editor", storeId: null }, NOW),
			]);
			expect(results.filter((result) => result.ok)).toHaveLength(1);
			expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "not-admin" }]);
			const admins = await db.selectFrom("staff_users").select("id").where("role", "=", "admin").execute();
			expect(admins).toHaveLength(1);
			expect(await auditRows(handle)).toHaveLength(1);
		},
		SLOW,
	);

	it.concurrent(
		"resets a password: a new hash, the sessions ended, and an audit row without either password",
		async () => {
			const { handle, db, admin } = await setup();
			const editor = await seedStaff(db, { role: "editor" });
			const hashBefore = (
				await db
					.selectFrom("staff_users")
					.select("password_hash")
					.where("id", "=", editor.id)
					.executeTakeFirstOrThrow()
			).password_hash;
			await createSession(db, editor.id, NOW);
			expect(await resetPassword(db, admin, editor.id, PASSWORD, NOW)).toEqual({ ok: true, id: editor.id });
			const hashAfter = (
				await db
					.selectFrom("staff_users")
					.select("password_hash")
					.where("id", "=", editor.id)
					.executeTakeFirstOrThrow()
			).password_hash;
			expect(hashAfter).not.toBe(hashBefore);
			const [row] = await auditRows(handle);
			expect(row).toMatchObject({
				action: "user.password",
				subject_id: editor.id,
				before: null,
				after: '{"sessionsEnded":1}',
			});
			const text = JSON.stringify(await auditRows(handle));
			for (const secret of [PASSWORD, editor.password, hashBefore, hashAfter])
				expect(text).not.toContain(secret);
			expect(await resetPassword(db, admin, "no-such-account", PASSWORD, NOW)).toEqual({
				ok: false,
				reason: "unknown-account",
			});
		},
		SLOW,
	);

	it.concurrent(
		"records an account made by npm run user:add with the command as its actor",
		async () => {
			const { handle, db } = await setup();
			const result = await createAccountFromCommand(
				db,
				"npm run user:add",
				{ name: "Mára", email: "mara@lumen.example", role: "marketing", storeId: null, password: PASSWORD },
				NOW,
			);
			expect(result.ok).toBe(true);
			expect(await auditRows(handle)).toMatchObject([
				{ actor_id: null, actor_name: "npm run user:add", action: "user.create" },
			]);
		},
		SLOW,
	);

	it.concurrent(
		"pages the log newest first, 50 a page",
		async () => {
			const { db, admin } = await setup();
			const editor = await seedStaff(db, { role: "editor" });
			for (let i = 0; i < 51; i++) {
				await setDisabled(db, admin, editor.id, i % 2 === 0, new Date(NOW.getTime() + i * 1000));
			}
			const first = await auditPage(db, 1);
			expect(first.entries).toHaveLength(50);
			expect(first.hasOlder).toBe(true);
			expect(first.entries[0]?.createdAt).toBe(new Date(NOW.getTime() + 50_000).toISOString());
			expect(first.entries[0]?.after).toEqual({ disabled: true });
			const second = await auditPage(db, 2);
			expect(second.entries.map((entry) => entry.createdAt)).toEqual([NOW.toISOString()]);
			expect(second.hasOlder).toBe(false);
		},
		SLOW,
	);
});

describeDatabases("campaign settings on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const initial: CampaignSettings = {
		start: "2026-03-01",
		end: undefined,
		voucherLimit: 50_000,
		voucherValueCzk: 150,
		voucherValidDays: 60,
	};

	it(
		"are the environment's until an admin saves others, which are stored with the before and after",
		async () => {
			const database = await openDatabase();
			const { db } = database.handle;
			const seeded = await seedStaff(db, { role: "admin", name: "Alena Správcová" });
			expect(await readSettings(db, initial)).toEqual(initial);
			const changed = { ...initial, end: "2026-12-31", voucherLimit: 60_000, voucherValueCzk: 200 };
			await saveSettings(db, { id: seeded.id, name: seeded.name }, initial, changed, NOW);
			// Another process reads them from the database.
			const other = await database.openAnother();
			expect(await readSettings(other.db, initial)).toEqual(changed);
			const rows = await db
				.selectFrom("audit_log")
				.select(["actor_id", "action", "subject_id", "before", "after"])
				.execute();
			expect(rows).toEqual([
				{
					actor_id: seeded.id,
					action: "settings.update",
					subject_id: "campaign",
					before: JSON.stringify({
						start: "2026-03-01",
						end: null,
						voucherLimit: 50_000,
						voucherValueCzk: 150,
						voucherValidDays: 60,
					}),
					after: JSON.stringify({
						start: "2026-03-01",
						end: "2026-12-31",
						voucherLimit: 60_000,
						voucherValueCzk: 200,
						voucherValidDays: 60,
					}),
				},
			]);
			// Saving what is in effect records nothing.
			await saveSettings(db, { id: seeded.id, name: seeded.name }, initial, changed, NOW);
			expect(await db.selectFrom("audit_log").select("id").execute()).toHaveLength(1);
		},
		SLOW,
	);
});
