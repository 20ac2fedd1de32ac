/** Every kind of change the audit log records. */
export type AuditAction =
	| "user.create"
	| "user.role"
	| "user.disable"
	| "user.enable"
	| "user.password"
	| "settings.update"
	| "settlement.close"
	| "settlement.reopen"
	| "voucher.void"
	| "apikey.create"
	| "apikey.revoke";

export const AUDIT_ACTIONS: readonly AuditAction[] = [
	"user.create",
	"user.role",
	"user.disable",
	"user.enable",
	"user.password",
	"settings.update",
	"settlement.close",
	"settlement.reopen",
	"voucher.void",
	"apikey.create",
	"apikey.revoke",
];

/** A field's value as the log keeps it: JSON-safe, and never a password or a hash (callers pick the fields). */
export type AuditValue = string | number | boolean | null;
export type AuditFields = Readonly<Record<string, AuditValue>>;

/** A row of the log as the admins' page shows it. */
export interface AuditEntry {
	readonly id: string;
	readonly createdAt: string;
	readonly actorName: string;
	readonly action: string;
	readonly subjectId: string | null;
	readonly before: AuditFields | null;
	readonly after: AuditFields | null;
}
