import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db/schema";

/** What the database holds of signups, registrations and vouchers, and every way it could hold them partly or twice. */
export interface StoredRegistrations {
	readonly signups: number;
	/** Signups whose link has not been opened (nor their address corrected). */
	readonly pendingSignups: number;
	/** Signups by outcome ("issued", "sold-out", …; "pending" for none yet). */
	readonly signupOutcomes: ReadonlyMap<string, number>;
	readonly registrations: number;
	readonly vouchers: number;
	/** campaign_counters' vouchers_issued: the number of vouchers issued (since the migration that added it). */
	readonly vouchersCounted: number;
	readonly mails: number;
	/** E-mail of each stored registration → its voucher's token (null without one). */
	readonly byEmail: ReadonlyMap<string, string | null>;
	/** Registrations with no voucher or more than one. */
	readonly notOneVoucher: number;
	/** Registrations whose address got no e-mail. */
	readonly withoutMail: number;
	/**
	 * Registrations whose address did not get exactly two e-mails, the confirmation link's and the issued
	 * voucher's (registering again sends the voucher's link again).
	 */
	readonly notTwoMails: number;
	/** Registrations whose address got no e-mail with their voucher's link. */
	readonly withoutVoucherMail: number;
	/** Signups resolved as "issued" whose registration is missing or has no voucher. */
	readonly issuedWithoutVoucher: number;
	/** Registrations that no signup was confirmed into (seeded ones, or a confirmation stored partly). */
	readonly withoutSignup: number;
	readonly duplicateCodes: number;
	readonly duplicateTokens: number;
}

export async function storedRegistrations(db: Kysely<Database>): Promise<StoredRegistrations> {
	const count = async (table: "signups" | "registrations" | "vouchers" | "outbox") =>
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
	const withoutVoucherMail = await db
		.selectFrom("registrations")
		.innerJoin("vouchers", "vouchers.registration_id", "registrations.id")
		.leftJoin("outbox", (join) =>
			join
				.onRef("outbox.recipient", "=", "registrations.email")
				.on(
					sql<boolean>`${sql.ref("outbox.text_body")} like '%/voucher/' || ${sql.ref("vouchers.token")} || '%'`,
				),
		)
		.select("registrations.id")
		.where("outbox.id", "is", null)
		.execute();
	const outcomes = await db
		.selectFrom("signups")
		.select(["outcome", db.fn.countAll().as("n")])
		.groupBy("outcome")
		.execute();
	const issuedWithoutVoucher = await db
		.selectFrom("signups")
		.leftJoin("vouchers", "vouchers.registration_id", "signups.registration_id")
		.select("signups.id")
		.where("signups.outcome", "=", "issued")
		.where("vouchers.id", "is", null)
		.execute();
	const withoutSignup = await db
		.selectFrom("registrations")
		.leftJoin("signups", (join) =>
			join.onRef("signups.registration_id", "=", "registrations.id").on("signups.outcome", "=", "issued"),
		)
		.select("registrations.id")
		.where("signups.id", "is", null)
		.execute();
	const counter = await db
		.selectFrom("campaign_counters")
		.select("value")
		.where("name", "=", "vouchers_issued")
		.executeTakeFirst();
	const duplicates = async (column: "code" | "token") =>
		(
			await db
				.selectFrom("vouchers")
				.select(column)
				.groupBy(column)
				.having(db.fn.countAll(), ">", 1)
				.execute()
		).length;
	const signupOutcomes = new Map(outcomes.map((row) => [row.outcome ?? "pending", Number(row.n)]));
	return {
		signups: await count("signups"),
		pendingSignups: signupOutcomes.get("pending") ?? 0,
		signupOutcomes,
		registrations: await count("registrations"),
		vouchers: await count("vouchers"),
		vouchersCounted: Number(counter?.value ?? Number.NaN),
		mails: await count("outbox"),
		byEmail: new Map(rows.map((row) => [row.email, row.token])),
		notOneVoucher: notOneVoucher.length,
		withoutMail: mails.filter((row) => Number(row.n) === 0).length,
		notTwoMails: mails.filter((row) => Number(row.n) !== 2).length,
		withoutVoucherMail: withoutVoucherMail.length,
		issuedWithoutVoucher: issuedWithoutVoucher.length,
		withoutSignup: withoutSignup.length,
		duplicateCodes: await duplicates("code"),
		duplicateTokens: await duplicates("token"),
	};
}

/** One stored signup: what became of it, and the voucher of the registration it became (or found). */
export interface StoredSignup {
	/** As typed; null once resolved (the registration keeps it). */
	readonly email: string | null;
	readonly outcome: string | null;
	readonly voucherToken: string | null;
}

/** Every signup by id. */
export async function storedSignups(db: Kysely<Database>): Promise<ReadonlyMap<string, StoredSignup>> {
	const rows = await db
		.selectFrom("signups")
		.leftJoin("vouchers", "vouchers.registration_id", "signups.registration_id")
		.select(["signups.id", "signups.email", "signups.outcome", "vouchers.token"])
		.execute();
	return new Map(
		rows.map((row) => [row.id, { email: row.email, outcome: row.outcome, voucherToken: row.token }]),
	);
}

/** The text of every queued e-mail, by recipient (as typed). */
export async function mailsByRecipient(
	db: Kysely<Database>,
): Promise<ReadonlyMap<string, readonly string[]>> {
	const rows = await db.selectFrom("outbox").select(["recipient", "text_body"]).execute();
	const mails = new Map<string, string[]>();
	for (const row of rows) {
		const texts = mails.get(row.recipient) ?? [];
		texts.push(row.text_body);
		mails.set(row.recipient, texts);
	}
	return mails;
}
