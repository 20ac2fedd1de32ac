/**
 * What each role does (docs: README "Staff roles"): staff redeem at their store's till; editors edit page
 * texts; marketing reads the campaign's figures (dashboard, settlement and its exports); admins do all of
 * that and also manage accounts, the campaign's settings and the audit log.
 */
export type StaffRole = "admin" | "marketing" | "staff" | "editor";

export const STAFF_ROLES: readonly StaffRole[] = ["admin", "marketing", "staff", "editor"];

/** A role the stored text may name; an account with any other (a typo in SQL) is never signed in. */
export function isStaffRole(role: unknown): role is StaffRole {
	return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Editors edit page texts; admins may do whatever an editor may. */
export function canEdit(role: StaffRole): boolean {
	return role === "editor" || role === "admin";
}

/** The till: redeeming vouchers. Marketing only reads figures; every other role redeems, as before. */
export function canRedeem(role: StaffRole): boolean {
	return role !== "marketing";
}

/** Accounts, campaign settings, the audit log, failed sign-ins, closing a settlement month. */
export function isAdmin(role: StaffRole): boolean {
	return role === "admin";
}

/** The campaign's figures: the dashboard, the settlement and their exports. */
export function canSeeFigures(role: StaffRole): boolean {
	return role === "admin" || role === "marketing";
}

/** A signed-in staff member, as routes and pages see them. */
export interface StaffUser {
	readonly id: string;
	readonly name: string;
	readonly email: string;
	readonly role: StaffRole;
	readonly storeId: string | null;
	readonly storeName: string | null;
}
