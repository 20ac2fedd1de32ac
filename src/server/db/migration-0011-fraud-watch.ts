import type { Kysely } from "kysely";

/**
 * The admins' fraud watch (src/server/fraud): hourly counts of what the registration form saw (sign-ups
 * by e-mail domain and by client network, refusals by reason), and why a voucher was voided.
 */
export async function fraudWatch(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("registration_activity")
		// The UTC hour, "2026-11-26T22".
		.addColumn("hour", "text", (c) => c.notNull())
		// ActivityKind (src/server/fraud/activity.ts).
		.addColumn("kind", "text", (c) => c.notNull())
		// A reason, a domain, or a network ("203.0.113.0/24"), never an address.
		.addColumn("key", "text", (c) => c.notNull())
		.addColumn("count", "integer", (c) => c.notNull())
		.addPrimaryKeyConstraint("registration_activity_pk", ["kind", "hour", "key"])
		.execute();
	// null for vouchers voided before this column: those were all cancelled when their holder's data was erased.
	await db.schema.alterTable("vouchers").addColumn("voided_because", "text").execute();
}
