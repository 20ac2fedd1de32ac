import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema";

/** What the database holds of registrations, and every way it could hold them partly or twice. */
export interface StoredRegistrations {
	readonly registrations: number;
	readonly vouchers: number;
	readonly mails: number;
	/** E-mail of each stored registration → its voucher's token (null without one). */
	readonly byEmail: ReadonlyMap<string, string | null>;
	/** Registrations with no voucher or more than one. */
	readonly notOneVoucher: number;
	/** Registrations whose address got no e-mail. */
	readonly withoutMail: number;
	/** Registrations whose address got no e-mail or more than one (registering again sends the link again). */
	readonly notOneMail: number;
	readonly duplicateCodes: number;
	readonly duplicateTokens: number;
}

export async function storedRegistrations(db: Kysely<Database>): Promise<StoredRegistrations> {
	const count = async (table: "registrations" | "vouchers" | "outbox") =>
		Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
	const rows = await db
		.selectFrom("registrations")
		.leftJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.select(["registrations.email", "vouchers.token"])
		.execute();
	const notOneVoucher = await db
		.selectFrom("registrations")
		.leftJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.select("registrations.id")
		.groupBy("registrations.id")
		.having(db.fn.count("vouchers.id"), "<>", 1)
		.execute();
	const mails = await db
		.selectFrom("registrations")
		.leftJoin("outbox", "outbox.recipient", "registrations.email")
		.select(db.fn.count("outbox.id").as("n"))
		.groupBy("registrations.id")
		.execute();
	const duplicates = async (column: "code" | "token") =>
		(
			await db
				.selectFrom("vouchers")
				.select(column)
				.groupBy(column)
				.having(db.fn.countAll(), ">", 1)
				.execute()
		).length;
	return {
		registrations: await count("registrations"),
		vouchers: await count("vouchers"),
		mails: await count("outbox"),
		byEmail: new Map(rows.map((row) => [row.email, row.token])),
		notOneVoucher: notOneVoucher.length,
		withoutMail: mails.filter((row) => Number(row.n) === 0).length,
		notOneMail: mails.filter((row) => Number(row.n) !== 1).length,
		duplicateCodes: await duplicates("code"),
		duplicateTokens: await duplicates("token"),
	};
}
