import type { StaffRole } from "./user";

/** An account as the admins' pages show it. */
export interface Account {
	readonly id: string;
	readonly name: string;
	readonly email: string;
	readonly role: StaffRole;
	readonly storeId: string | null;
	readonly storeName: string | null;
	readonly disabled: boolean;
	readonly createdAt: string;
}

/** Why an account change was not made; each has its message (site-texts staff.accounts.refused). */
export type AccountRefusal =
	| "email-taken"
	| "unknown-store"
	| "store-required"
	| "unknown-account"
	| "own-account"
	| "not-admin";

/** What the page says after a change that was made (site-texts staff.accounts.done). */
export type AccountDone = "created" | "role" | "password" | "disabled" | "enabled";

export const ACCOUNT_DONE: readonly AccountDone[] = ["created", "role", "password", "disabled", "enabled"];
