import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";

/** Why a registration's personal fields were erased. */
export type ErasedBecause = "request" | "retention";

/** "erased:<id>": unique as the address and keys must be, and nobody's. */
const erasedMark = () => sql<string>`${sql.lit("erased:")} || ${sql.ref("id")}`;

/**
 * Erases registrations' personal fields, keeping the row (its voucher and any redemption point to it):
 * name and birth date emptied (the columns are NOT NULL), phone and store nulled, the address and the
 * mailbox and person keys replaced by "erased:<id>" (unique, so no other registration is blocked by it
 * and none can match it), no news. What stays: the language and the times of registering and confirming.
 */
export function anonymiseRegistrations(
	db: Kysely<Database> | Transaction<Database>,
	because: ErasedBecause,
	now: Date,
) {
	return db
		.updateTable("registrations")
		.set({
			name: "",
			email: erasedMark(),
			email_canonical: erasedMark(),
			person_key: erasedMark(),
			birth_date: "",
			phone: null,
			store_id: null,
			marketing_consent: 0,
			anonymised_at: now.toISOString(),
			anonymised_because: because,
		})
		.where("anonymised_at", "is", null);
}

/**
 * The vouchers' copy of the chosen store (the dashboard counts vouchers issued by it), which goes with
 * their registrations' store; the voucher and any redemption stay.
 */
export function forgetChosenStores(db: Kysely<Database> | Transaction<Database>) {
	return db.updateTable("vouchers").set({ store_id: null }).where("store_id", "is not", null);
}
