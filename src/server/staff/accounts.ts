import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Account, AccountRefusal } from "../../domain/staff/account";
import { isStaffRole, type StaffRole } from "../../domain/staff/user";
import { type AuditActor, type AuditFields, lockAuditedChanges, writeAudit } from "../audit/audit-log";
import { hashPassword } from "../auth/password";
import type { Database } from "../db/schema";

export type AccountResult =
	| { readonly ok: true; readonly id: string }
	| { readonly ok: false; readonly reason: AccountRefusal };

class Refused extends Error {
	constructor(readonly reason: AccountRefusal) {
		super(reason);
	}
}

const ACCOUNT_COLUMNS = [
	"staff_users.id",
	"staff_users.name",
	"staff_users.email",
	"staff_users.role",
	"staff_users.store_id",
	"staff_users.disabled",
	"staff_users.created_at",
	"stores.name as store_name",
] as const;

function toAccount(row: {
	id: string;
	name: string;
	email: string;
	role: string;
	store_id: string | null;
	disabled: number;
	created_at: string;
	store_name: string | null;
}): Account {
	// An unknown role (edited by hand) is shown as staff, which may only redeem; currentUser refuses it anyway.
	const role = isStaffRole(row.role) ? row.role : "staff";
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		role,
		storeId: row.store_id,
		storeName: row.store_name,
		disabled: Number(row.disabled) === 1,
		createdAt: row.created_at,
	};
}

export async function listAccounts(db: Kysely<Database>): Promise<Account[]> {
	const rows = await db
		.selectFrom("staff_users")
		.leftJoin("stores", "stores.id", "staff_users.store_id")
		.select(ACCOUNT_COLUMNS)
		.orderBy("staff_users.disabled")
		.orderBy("staff_users.name")
		.orderBy("staff_users.email")
		.execute();
	return rows.map(toAccount);
}

export async function findAccount(db: Kysely<Database>, id: string): Promise<Account | undefined> {
	const row = await db
		.selectFrom("staff_users")
		.leftJoin("stores", "stores.id", "staff_users.store_id")
		.select(ACCOUNT_COLUMNS)
		.where("staff_users.id", "=", id)
		.executeTakeFirst();
	return row && toAccount(row);
}

/**
 * Runs an account change in a transaction that first locks audited changes (lockAuditedChanges): they are
 * decided one after another, and the actor must still be an enabled admin then. With the refusal of an
 * admin's change of their own account, this keeps an enabled admin always: two admins demoting each other
 * at once, the second finds they are no longer one.
 */
async function change(
	db: Kysely<Database>,
	actor: AuditActor & { id: string },
	work: (trx: Transaction<Database>) => Promise<string>,
): Promise<AccountResult> {
	try {
		const id = await db.transaction().execute(async (trx) => {
			await lockAuditedChanges(trx);
			const self = await trx
				.selectFrom("staff_users")
				.select(["role", "disabled"])
				.where("id", "=", actor.id)
				.executeTakeFirst();
			if (self?.role !== "admin" || Number(self.disabled) !== 0) throw new Refused("not-admin");
			return work(trx);
		});
		return { ok: true, id };
	} catch (error) {
		if (error instanceof Refused) return { ok: false, reason: error.reason };
		throw error;
	}
}

async function storeExists(trx: Transaction<Database>, storeId: string): Promise<boolean> {
	return (
		(await trx.selectFrom("stores").select("id").where("id", "=", storeId).executeTakeFirst()) !== undefined
	);
}

/** The store an account of `role` keeps: a till account needs one that exists; other roles keep none. */
async function storeFor(
	trx: Transaction<Database>,
	role: StaffRole,
	storeId: string | null,
): Promise<string | null> {
	if (role !== "staff") return null;
	if (!storeId) throw new Refused("store-required");
	if (!(await storeExists(trx, storeId))) throw new Refused("unknown-store");
	return storeId;
}

async function lockedAccount(trx: Transaction<Database>, id: string) {
	const row = await trx
		.selectFrom("staff_users")
		.select(["id", "role", "store_id", "disabled"])
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) throw new Refused("unknown-account");
	return { ...row, disabled: Number(row.disabled) === 1 };
}

export interface NewAccount {
	readonly name: string;
	readonly email: string;
	readonly role: StaffRole;
	readonly storeId: string | null;
	readonly password: string;
}

/** The fields of a new account the audit log keeps (never the password or its hash). */
const createdFields = (account: NewAccount, storeId: string | null): AuditFields => ({
	name: account.name,
	email: account.email,
	role: account.role,
	storeId,
	disabled: false,
});

/**
 * Creates an account in `trx` and its audit row; shared by the admins' page and npm run user:add (whose
 * actor is the command). Refuses an e-mail another account has and a till account without a real store.
 * The password is hashed before (scrypt is slow on purpose; no transaction waits for it).
 */
async function insertAccount(
	trx: Transaction<Database>,
	actor: AuditActor,
	account: NewAccount & { passwordHash: string },
	now: Date,
): Promise<string> {
	const email = account.email.trim().toLowerCase();
	const storeId = await storeFor(trx, account.role, account.storeId);
	const taken = await trx
		.selectFrom("staff_users")
		.select("id")
		.where("email", "=", email)
		.executeTakeFirst();
	if (taken) throw new Refused("email-taken");
	const id = randomUUID();
	await trx
		.insertInto("staff_users")
		.values({
			id,
			email,
			name: account.name.trim(),
			password_hash: account.passwordHash,
			role: account.role,
			store_id: storeId,
			created_at: now.toISOString(),
		})
		.execute();
	await writeAudit(trx, {
		actor,
		action: "user.create",
		subjectId: id,
		before: null,
		after: createdFields({ ...account, email, name: account.name.trim() }, storeId),
		now,
	});
	return id;
}

/**
 * Refusals known before the password is hashed: scrypt costs a tenth of a second of CPU and 32 MiB, which
 * a form refused for a taken e-mail or an unknown account should not. The transaction checks again.
 */
async function refusedBeforeHashing(
	db: Kysely<Database>,
	check: { email: string } | { id: string },
): Promise<AccountResult | undefined> {
	const found = await db
		.selectFrom("staff_users")
		.select("id")
		.$call((query) =>
			"email" in check
				? query.where("email", "=", check.email.trim().toLowerCase())
				: query.where("id", "=", check.id),
		)
		.executeTakeFirst();
	if ("email" in check && found) return { ok: false, reason: "email-taken" };
	if ("id" in check && !found) return { ok: false, reason: "unknown-account" };
	return undefined;
}

/** For npm run user:add: the same checks and audit row, in a transaction of its own. */
export async function createAccountFromCommand(
	db: Kysely<Database>,
	command: string,
	account: NewAccount,
	now = new Date(),
): Promise<AccountResult> {
	const refused = await refusedBeforeHashing(db, { email: account.email });
	if (refused) return refused;
	const passwordHash = await hashPassword(account.password);
	try {
		const id = await db.transaction().execute(async (trx) => {
			await lockAuditedChanges(trx);
			return insertAccount(trx, { id: null, name: command }, { ...account, passwordHash }, now);
		});
		return { ok: true, id };
	} catch (error) {
		if (error instanceof Refused) return { ok: false, reason: error.reason };
		throw error;
	}
}

export async function createAccount(
	db: Kysely<Database>,
	actor: AuditActor & { id: string },
	account: NewAccount,
	now = new Date(),
): Promise<AccountResult> {
	const refused = await refusedBeforeHashing(db, { email: account.email });
	if (refused) return refused;
	const passwordHash = await hashPassword(account.password);
	return change(db, actor, (trx) => insertAccount(trx, actor, { ...account, passwordHash }, now));
}

/**
 * A new role (and the store it keeps). An admin cannot take their own admin role: so the last enabled
 * admin always stays one (whoever could remove them is an admin too, and changes are decided one at a time).
 */
export function changeRole(
	db: Kysely<Database>,
	actor: AuditActor & { id: string },
	id: string,
	wanted: { role: StaffRole; storeId: string | null },
	now = new Date(),
): Promise<AccountResult> {
	return change(db, actor, async (trx) => {
		const account = await lockedAccount(trx, id);
		const storeId = await storeFor(trx, wanted.role, wanted.storeId);
		if (account.role === wanted.role && account.store_id === storeId) return id;
		if (id === actor.id && wanted.role !== "admin") throw new Refused("own-account");
		await trx
			.updateTable("staff_users")
			.set({ role: wanted.role, store_id: storeId })
			.where("id", "=", id)
			.execute();
		await writeAudit(trx, {
			actor,
			action: "user.role",
			subjectId: id,
			before: { role: account.role, storeId: account.store_id },
			after: { role: wanted.role, storeId },
			now,
		});
		return id;
	});
}

/**
 * Disables or enables an account. Disabling ends its sessions in the same transaction (currentUser
 * refuses a disabled account's session anyway, from the next request on). Never the admin's own account,
 * nor the last enabled admin.
 */
export function setDisabled(
	db: Kysely<Database>,
	actor: AuditActor & { id: string },
	id: string,
	disabled: boolean,
	now = new Date(),
): Promise<AccountResult> {
	return change(db, actor, async (trx) => {
		const account = await lockedAccount(trx, id);
		if (account.disabled === disabled) return id;
		if (disabled) {
			if (id === actor.id) throw new Refused("own-account");
			await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
		}
		await trx
			.updateTable("staff_users")
			.set({ disabled: disabled ? 1 : 0 })
			.where("id", "=", id)
			.execute();
		await writeAudit(trx, {
			actor,
			action: disabled ? "user.disable" : "user.enable",
			subjectId: id,
			before: { disabled: account.disabled },
			after: { disabled },
			now,
		});
		return id;
	});
}

/**
 * Sets a new password and ends the account's sessions (a reset usually follows a lost or leaked one).
 * The audit row says that it happened, and nothing of either password.
 */
export async function resetPassword(
	db: Kysely<Database>,
	actor: AuditActor & { id: string },
	id: string,
	password: string,
	now = new Date(),
): Promise<AccountResult> {
	const refused = await refusedBeforeHashing(db, { id });
	if (refused) return refused;
	const hash = await hashPassword(password);
	return change(db, actor, async (trx) => {
		await lockedAccount(trx, id);
		await trx.updateTable("staff_users").set({ password_hash: hash }).where("id", "=", id).execute();
		const ended = await trx.deleteFrom("sessions").where("user_id", "=", id).executeTakeFirst();
		await writeAudit(trx, {
			actor,
			action: "user.password",
			subjectId: id,
			before: null,
			after: { sessionsEnded: Number(ended.numDeletedRows) },
			now,
		});
		return id;
	});
}
