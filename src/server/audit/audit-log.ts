import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { AuditAction, AuditEntry, AuditFields, AuditValue } from "../../domain/staff/audit-entry";
import type { Database } from "../db/schema";

export type { AuditAction, AuditFields } from "../../domain/staff/audit-entry";

/** Who made a change: a signed-in account, or a command run on the server (actor null). */
export interface AuditActor {
	readonly id: string | null;
	readonly name: string;
}

export interface AuditChange {
	readonly actor: AuditActor;
	readonly action: AuditAction;
	readonly subjectId: string | null;
	readonly before: AuditFields | null;
	readonly after: AuditFields | null;
	readonly now: Date;
}

/**
 * The first statement of every audited change's transaction: it locks one row (app_meta
 * audited_changes_lock), so such changes are decided one after another on SQLite and PostgreSQL alike,
 * each seeing the one before; and on SQLite the transaction holds the write lock from its start (one
 * that read first might not get it after another process's commit: it would fail, not wait).
 */
export async function lockAuditedChanges(trx: Transaction<Database>): Promise<void> {
	await trx
		.updateTable("app_meta")
		.set((eb) => ({ value: eb.ref("value") }))
		.where("key", "=", "audited_changes_lock")
		.execute();
}

/** Written inside the transaction of the change itself: the change and its record commit together or not at all. */
export async function writeAudit(
	trx: Transaction<Database> | Kysely<Database>,
	change: AuditChange,
): Promise<void> {
	await trx
		.insertInto("audit_log")
		.values({
			id: randomUUID(),
			created_at: change.now.toISOString(),
			actor_id: change.actor.id,
			actor_name: change.actor.name,
			action: change.action,
			subject_id: change.subjectId,
			before: change.before === null ? null : JSON.stringify(change.before),
			after: change.after === null ? null : JSON.stringify(change.after),
		})
		.execute();
}

export const AUDIT_PAGE_SIZE = 50;

/** Stored JSON back as fields; a row that is not an object of plain values (edited by hand) shows as none. */
function parseFields(json: string | null): AuditFields | null {
	if (json === null) return null;
	try {
		const value: unknown = JSON.parse(json);
		if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
		const fields: Record<string, AuditValue> = {};
		for (const [key, field] of Object.entries(value)) {
			if (field === null || ["string", "number", "boolean"].includes(typeof field)) fields[key] = field;
		}
		return fields;
	} catch {
		return null;
	}
}

/** One page of the log, newest first (page 1 is the newest), and whether an older page exists. */
export async function auditPage(
	db: Kysely<Database>,
	page: number,
): Promise<{ entries: AuditEntry[]; hasOlder: boolean }> {
	const rows = await db
		.selectFrom("audit_log")
		.selectAll()
		.orderBy("created_at", "desc")
		.orderBy("id", "desc")
		.limit(AUDIT_PAGE_SIZE + 1)
		.offset((page - 1) * AUDIT_PAGE_SIZE)
		.execute();
	return {
		entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
			id: row.id,
			createdAt: row.created_at,
			actorName: row.actor_name,
			action: row.action,
			subjectId: row.subject_id,
			before: parseFields(row.before),
			after: parseFields(row.after),
		})),
		hasOlder: rows.length > AUDIT_PAGE_SIZE,
	};
}
