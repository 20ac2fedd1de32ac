/**
 * An account form refused for a taken e-mail or an unknown account costs no password hash: scrypt takes
 * a tenth of a second of CPU and 32 MiB (src/server/staff/accounts.ts), and the refusal is known first.
 */
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import * as password from "../../src/server/auth/password";
import { createAccount, createAccountFromCommand, resetPassword } from "../../src/server/staff/accounts";
import { seedStaff } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describeDatabases("account forms that are refused on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	beforeEach(() => {
		vi.spyOn(password, "hashPassword");
	});
	afterEach(() => {
		vi.restoreAllMocks();
	});

	it("hash no password for a taken e-mail or an unknown account, and one for a form that passes", async () => {
		const { db } = (await openDatabase()).handle;
		const admin = await seedStaff(db, { role: "admin" });
		const actor = { id: admin.id, name: admin.name };
		vi.mocked(password.hashPassword).mockClear();
		const taken = {
			name: "Twin",
			email: ` ${admin.email.toUpperCase()}`,
			role: "editor" as const,
			storeId: null,
		};

		expect(await createAccount(db, actor, { ...taken, password: "a long password" })).toEqual({
			ok: false,
			reason: "email-taken",
		});
		expect(
			await createAccountFromCommand(db, "npm run user:add", { ...taken, password: "a long password" }),
		).toEqual({
			ok: false,
			reason: "email-taken",
		});
		expect(await resetPassword(db, actor, "no-such-account", "a long password")).toEqual({
			ok: false,
			reason: "unknown-account",
		});
		expect(password.hashPassword).not.toHaveBeenCalled();

		expect(await resetPassword(db, actor, admin.id, "another long password")).toMatchObject({ ok: true });
		expect(password.hashPassword).toHaveBeenCalledTimes(1);
	});
});
