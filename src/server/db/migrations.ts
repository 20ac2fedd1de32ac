import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { canonicalEmail } from "../registration/email-identity";
import { personKey } from "../registration/person";
import { partnerApi } from "./migration-0007-partner-api";
import { rolesAuditSettings } from "./migration-0008-roles-audit-settings";
import { settlement } from "./migration-0009-settlement";
import { dashboardIndexes } from "./migration-0010-dashboard-indexes";
import { fraudWatch } from "./migration-0011-fraud-watch";
import { dashboardDays } from "./migration-0012-dashboard-days";
import { voucherStore } from "./migration-0013-voucher-store";
import { redemptionIndexes } from "./migration-0014-redemption-indexes";

/**
 * Every schema change, in order. Written with Kysely's schema builder only, so the same migrations
 * run on SQLite and PostgreSQL. Never edit one that has shipped: add the next.
 *
 * Portable conventions (schema.ts documents each column): ids are text made by the application
 * (no autoincrement, whose syntax differs), times are ISO-8601 UTC text and dates YYYY-MM-DD text
 * (both sort as text), flags are integers 0/1.
 */
const migrations: Record<string, Migration> = {
	"0001_app_meta": {
		async up(db) {
			await db.schema
				.createTable("app_meta")
				.addColumn("key", "text", (column) => column.primaryKey())
				.addColumn("value", "text", (column) => column.notNull())
				.execute();
		},
	},
	"0002_campaign": {
		async up(db) {
			await db.schema
				.createTable("stores")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("region", "text", (column) => column.notNull())
				.addColumn("city", "text", (column) => column.notNull())
				.addColumn("street", "text", (column) => column.notNull())
				.addColumn("postcode", "text", (column) => column.notNull())
				.addColumn("opening_hours", "text", (column) => column.notNull())
				.execute();
			await db.schema
				.createIndex("stores_region_city")
				.on("stores")
				.columns(["region", "city", "name"])
				.execute();

			await db.schema
				.createTable("staff_users")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("email", "text", (column) => column.notNull().unique())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("password_hash", "text", (column) => column.notNull())
				.addColumn("role", "text", (column) => column.notNull())
				.addColumn("store_id", "text", (column) => column.references("stores.id"))
				.addColumn("disabled", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("sessions")
				.addColumn("id_hash", "text", (column) => column.primaryKey())
				.addColumn("user_id", "text", (column) =>
					column.notNull().references("staff_users.id").onDelete("cascade"),
				)
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("expires_at", "text", (column) => column.notNull())
				.execute();
			await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

			await db.schema
				.createTable("registrations")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("name", "text", (column) => column.notNull())
				.addColumn("email", "text", (column) => column.notNull().unique())
				.addColumn("birth_date", "text", (column) => column.notNull())
				.addColumn("phone", "text")
				.addColumn("store_id", "text", (column) => column.references("stores.id"))
				.addColumn("marketing_consent", "integer", (column) => column.notNull())
				.addColumn("terms_accepted_at", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.execute();

			await db.schema
				.createTable("vouchers")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("registration_id", "text", (column) =>
					column.notNull().unique().references("registrations.id").onDelete("cascade"),
				)
				.addColumn("code", "text", (column) => column.notNull().unique())
				.addColumn("token", "text", (column) => column.notNull().unique())
				.addColumn("valid_until", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("redeemed_at", "text")
				.addColumn("redeemed_by", "text", (column) => column.references("staff_users.id"))
				.addColumn("redeemed_store_id", "text", (column) => column.references("stores.id"))
				.execute();
			await db.schema.createIndex("vouchers_redeemed_at").on("vouchers").column("redeemed_at").execute();

			await db.schema
				.createTable("content_blocks")
				.addColumn("key", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("body", "text", (column) => column.notNull())
				.addColumn("version", "integer", (column) => column.notNull())
				.addColumn("updated_at", "text", (column) => column.notNull())
				.addColumn("updated_by", "text", (column) => column.references("staff_users.id"))
				.addPrimaryKeyConstraint("content_blocks_pk", ["key", "lang"])
				.execute();

			await db.schema
				.createTable("content_versions")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("key", "text", (column) => column.notNull())
				.addColumn("lang", "text", (column) => column.notNull())
				.addColumn("body", "text", (column) => column.notNull())
				.addColumn("version", "integer", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("created_by", "text", (column) => column.references("staff_users.id"))
				.addUniqueConstraint("content_versions_key_version", ["key", "lang", "version"])
				.execute();

			await db.schema
				.createTable("outbox")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("recipient", "text", (column) => column.notNull())
				.addColumn("subject", "text", (column) => column.notNull())
				.addColumn("text_body", "text", (column) => column.notNull())
				.addColumn("html_body", "text", (column) => column.notNull())
				.addColumn("created_at", "text", (column) => column.notNull())
				.addColumn("sent_at", "text")
				.addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
				.addColumn("last_error", "text")
				.execute();
			await db.schema.createIndex("outbox_unsent").on("outbox").columns(["sent_at", "created_at"]).execute();

			await db.schema
				.createTable("used_challenges")
				.addColumn("id", "text", (column) => column.primaryKey())
				.addColumn("expires_at", "text", (column) => column.notNull())
				.execute();
		},
	},
	"0003_rate_limits": {
		async up(db) {
			await db.schema
				.createTable("rate_limits")
				.addColumn("key", "text", (column) => column.primaryKey())
				.addColumn("hits", "integer", (column) => column.notNull())
				.addColumn("window_ends_at", "text", (column) => column.notNull())
				.execute();
			// No index on window_ends_at: every hit would update it, for a cleanup every ten minutes.
		},
	},
	"0004_double_opt_in": {
		async up(db) {
			// Who a registration is, beside what was typed: the mailbox (canonical e-mail) and the person
			// (name and birth date), each unique among the rows that are not marked as duplicates.
			for (const column of ["email_canonical", "person_key"]) {
				await db.schema
					.alterTable("registrations")
					.addColumn(column, "text", (c) => c.notNull().defaultTo(""))
					.execute();
			}
			// When the mailbox confirmed it (null: registered before the double opt-in).
			await db.schema.alterTable("registrations").addColumn("confirmed_at", "text").execute();
			// The earlier registration of the same mailbox or person; such rows are kept, never deleted.
			await db.schema.alterTable("registrations").addColumn("duplicate_of", "text").execute();
			await markDuplicates(db);
			await db.schema
				.createIndex("registrations_email_canonical")
				.unique()
				.on("registrations")
				.column("email_canonical")
				.where(sql.ref("duplicate_of"), "is", null)
				.execute();
			await db.schema
				.createIndex("registrations_person_key")
				.unique()
				.on("registrations")
				.column("person_key")
				.where(sql.ref("duplicate_of"), "is", null)
				.execute();

			// A registration waiting for its mailbox: what was submitted, until the link in the e-mail is
			// opened (then it becomes a registration and these personal fields are cleared) or expires.
			await db.schema
				.createTable("signups")
				.addColumn("id", "text", (c) => c.primaryKey())
				.addColumn("email", "text")
				.addColumn("email_canonical", "text")
				.addColumn("name", "text")
				.addColumn("birth_date", "text")
				.addColumn("phone", "text")
				.addColumn("store_id", "text", (c) => c.references("stores.id"))
				.addColumn("marketing_consent", "integer")
				.addColumn("terms_accepted_at", "text")
				.addColumn("lang", "text", (c) => c.notNull())
				.addColumn("created_at", "text", (c) => c.notNull())
				.addColumn("expires_at", "text", (c) => c.notNull())
				.addColumn("confirm_hash", "text", (c) => c.unique())
				.addColumn("last_mail_at", "text", (c) => c.notNull())
				.addColumn("corrections", "integer", (c) => c.notNull().defaultTo(0))
				.addColumn("outcome", "text")
				.addColumn("resolved_at", "text")
				.addColumn("registration_id", "text", (c) => c.references("registrations.id").onDelete("cascade"))
				.execute();
			await db.schema.createIndex("signups_expires_at").on("signups").column("expires_at").execute();
			// A form sent twice finds the first one's signup by its mailbox (src/server/registration/signups.ts).
			await db.schema
				.createIndex("signups_email_canonical")
				.on("signups")
				.column("email_canonical")
				.execute();

			// Counters decided by one statement each: the vouchers issued, against the campaign's limit.
			await db.schema
				.createTable("campaign_counters")
				.addColumn("name", "text", (c) => c.primaryKey())
				.addColumn("value", "integer", (c) => c.notNull())
				.execute();
			const { n } = await db
				.selectFrom("vouchers" as never)
				.select(sql<number>`count(*)`.as("n"))
				.executeTakeFirstOrThrow();
			await db
				.insertInto("campaign_counters" as never)
				.values({ name: "vouchers_issued", value: Number(n) } as never)
				.execute();
		},
	},
	"0005_staff_sign_in_failures": {
		async up(db) {
			// Failed staff sign-ins, for admins (src/server/staff/sign-in-failures.ts): whose account (or the
			// keyed hash of an e-mail no account has), from which network, when. Never a password.
			await db.schema
				.createTable("sign_in_failures")
				.addColumn("id", "text", (c) => c.primaryKey())
				.addColumn("user_id", "text", (c) => c.references("staff_users.id").onDelete("cascade"))
				.addColumn("email_hash", "text")
				.addColumn("network", "text", (c) => c.notNull())
				.addColumn("created_at", "text", (c) => c.notNull())
				.execute();
			// The admins' list per account (with its latest failure), and the deletion after 30 days.
			await db.schema
				.createIndex("sign_in_failures_user")
				.on("sign_in_failures")
				.columns(["user_id", "created_at"])
				.execute();
			await db.schema
				.createIndex("sign_in_failures_created_at")
				.on("sign_in_failures")
				.column("created_at")
				.execute();
		},
	},
	"0006_consents_and_privacy": { up: consentsAndPrivacy },
	"0007_partner_api": { up: partnerApi },
	"0008_roles_audit_settings": { up: rolesAuditSettings },
	"0009_settlement": { up: settlement },
	"0010_dashboard_indexes": { up: dashboardIndexes },
	"0011_fraud_watch": { up: fraudWatch },
	"0012_dashboard_days": { up: dashboardDays },
	"0013_voucher_store": { up: voucherStore },
	"0014_redemption_indexes": { up: redemptionIndexes },
};

/**
 * Fills in the mailbox and person of every registration, oldest first; a later one of a mailbox or a
 * person already seen is marked as the duplicate of the first (vouchers were issued before either was
 * checked). In pages by (created_at, id), so a large table never sits in memory whole.
 */
async function markDuplicates(db: Kysely<unknown>): Promise<void> {
	const typed = db as unknown as Kysely<{
		registrations: {
			id: string;
			email: string;
			name: string;
			birth_date: string;
			created_at: string;
			email_canonical: string;
			person_key: string;
			duplicate_of: string | null;
		};
	}>;
	const firstOf = new Map<string, string>();
	let after: { created_at: string; id: string } | undefined;
	for (;;) {
		let query = typed
			.selectFrom("registrations")
			.select(["id", "email", "name", "birth_date", "created_at"])
			.orderBy("created_at")
			.orderBy("id")
			.limit(1000);
		if (after) {
			const { created_at, id } = after;
			query = query.where((eb) =>
				eb.or([
					eb("created_at", ">", created_at),
					eb.and([eb("created_at", "=", created_at), eb("id", ">", id)]),
				]),
			);
		}
		const rows = await query.execute();
		for (const row of rows) {
			const mailbox = `mailbox ${canonicalEmail(row.email)}`;
			const person = `person ${personKey(row.name, row.birth_date)}`;
			const original = firstOf.get(mailbox) ?? firstOf.get(person);
			if (!original) {
				firstOf.set(mailbox, row.id);
				firstOf.set(person, row.id);
			}
			await typed
				.updateTable("registrations")
				.set({
					email_canonical: mailbox.slice("mailbox ".length),
					person_key: person.slice("person ".length),
					duplicate_of: original ?? null,
				})
				.where("id", "=", row.id)
				.execute();
		}
		const last = rows.at(-1);
		if (!last) return;
		after = last;
	}
}

/**
 * Consents as records (which words, in which language, when, how), what erasure and retention need
 * (src/server/privacy): the marks of an erased registration and a voided voucher, the outbox's mailbox
 * and unsubscribe link, and the daily retention run's claim.
 */
async function consentsAndPrivacy(db: Kysely<unknown>): Promise<void> {
	await db.schema
		.createTable("consents")
		.addColumn("id", "text", (c) => c.primaryKey())
		.addColumn("signup_id", "text", (c) => c.references("signups.id").onDelete("cascade"))
		.addColumn("registration_id", "text", (c) => c.references("registrations.id").onDelete("cascade"))
		.addColumn("purpose", "text", (c) => c.notNull())
		.addColumn("granted", "integer", (c) => c.notNull())
		.addColumn("text_version", "text", (c) => c.notNull())
		.addColumn("lang", "text", (c) => c.notNull())
		.addColumn("method", "text", (c) => c.notNull())
		.addColumn("created_at", "text", (c) => c.notNull())
		.execute();
	await db.schema.createIndex("consents_signup").on("consents").column("signup_id").execute();
	await db.schema.createIndex("consents_registration").on("consents").column("registration_id").execute();
	// What was stored before as a flag and a time becomes a record whose words are unknown: of each
	// registration, and of each signup still waiting for its mailbox (a resolved one holds no consent).
	const sources = [
		{ table: "registrations", link: "registration_id" },
		{ table: "signups", link: "signup_id" },
	];
	for (const { table, link } of sources) {
		for (const purpose of ["terms", "marketing"]) {
			const all = db
				.selectFrom(table as never)
				.select([
					sql<string>`${sql.lit(`${purpose}:`)} || id`.as("id"),
					sql.ref("id").as(link),
					sql.lit(purpose).as("purpose"),
					sql.lit(1).as("granted"),
					sql.lit("unrecorded").as("text_version"),
					sql.ref("lang").as("lang"),
					sql.lit("unrecorded").as("method"),
					sql.ref("terms_accepted_at").as("created_at"),
				])
				.where(sql.ref("terms_accepted_at"), "is not", null);
			const consents = purpose === "marketing" ? all.where(sql.ref("marketing_consent"), "=", 1) : all;
			const columns = ["id", link, "purpose", "granted", "text_version", "lang", "method", "created_at"];
			await db
				.insertInto("consents" as never)
				.columns(columns as never)
				.expression(consents)
				.execute();
		}
	}

	await db.schema.alterTable("registrations").addColumn("anonymised_at", "text").execute();
	await db.schema.alterTable("registrations").addColumn("anonymised_because", "text").execute();
	await db.schema.alterTable("vouchers").addColumn("voided_at", "text").execute();

	await db.schema.alterTable("outbox").addColumn("recipient_canonical", "text").execute();
	await db.schema.alterTable("outbox").addColumn("unsubscribe_url", "text").execute();
	await fillRecipientMailboxes(db);
	await db.schema
		.createIndex("outbox_recipient_canonical")
		.on("outbox")
		.column("recipient_canonical")
		.execute();

	// The Prague day of the last daily retention run (src/server/privacy/plugin.ts), claimed by one process.
	await db
		.insertInto("app_meta" as never)
		.values({ key: "privacy_retention_day", value: "" } as never)
		.execute();
}

/** The outbox's mailboxes, in pages by id (each e-mail stored before the column had none). */
async function fillRecipientMailboxes(db: Kysely<unknown>): Promise<void> {
	const typed = db as unknown as Kysely<{
		outbox: { id: string; recipient: string; recipient_canonical: string | null };
	}>;
	let after = "";
	for (;;) {
		const rows = await typed
			.selectFrom("outbox")
			.select(["id", "recipient"])
			.where("id", ">", after)
			.orderBy("id")
			.limit(1000)
			.execute();
		for (const row of rows) {
			await typed
				.updateTable("outbox")
				.set({ recipient_canonical: canonicalEmail(row.recipient) })
				.where("id", "=", row.id)
				.execute();
		}
		const last = rows.at(-1);
		if (!last) return;
		after = last.id;
	}
}

/** Migrates to the latest migration, or (for a test of one migration) to the one named. */
export async function migrate(db: Kysely<unknown>, target?: string): Promise<void> {
	const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
	const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
	const failed = results?.find((result) => result.status === "Error");
	if (error || failed) {
		throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
	}
}
