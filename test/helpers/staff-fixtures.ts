import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { StaffRole } from "../../src/domain/staff/user";
import { hashPassword } from "../../src/server/auth/password";
import type { Database } from "../../src/server/db/schema";
import { ean13CheckDigit } from "../../src/validation";

/** Rows the staff and content-editing tests need, written straight into a database. */

/** A valid EAN-13 from any twelve digits (a number is zero-padded). */
export function ean13(first12: string | number): string {
	const digits = String(first12).padStart(12, "0");
	return `${digits}${ean13CheckDigit(digits)}`;
}

export async function seedStore(
	db: Kysely<Database>,
	name = "Drogerie Lumen Brno, Masarykova",
): Promise<string> {
	const id = `store-${randomUUID()}`;
	await db
		.insertInto("stores")
		.values({
			id,
			name,
			region: "JM",
			city: "Brno",
			street: "Masarykova 1",
			postcode: "602 00",
			opening_hours: "{}",
		})
		.execute();
	return id;
}

export interface SeededStaff {
	id: string;
	email: string;
	password: string;
	name: string;
}

/**
 * Seeded accounts' hashes cost a thousandth of the real ones' (src/server/auth/password.ts): sign-in
 * verifies them by the same code, in about a millisecond rather than the tens of milliseconds of CPU
 * that tests signing in dozens of times paid on every attempt. New passwords and unknown e-mails are
 * still hashed with the real parameters.
 */
const SEEDED_HASH = { N: 2 ** 10, r: 8, p: 1 };

/** One hash per password serves every account of a test run. */
const hashes = new Map<string, Promise<string>>();

export async function seedStaff(
	db: Kysely<Database>,
	options: { role: StaffRole; storeId?: string | null; name?: string; password?: string },
): Promise<SeededStaff> {
	const id = randomUUID();
	const email = `${id}@lumen.example`;
	const password = options.password ?? "correct horse battery";
	const name = options.name ?? (options.role === "editor" ? "Eva Editorová" : "Petr Pokladní");
	await db
		.insertInto("staff_users")
		.values({
			id,
			email,
			name,
			password_hash: await (hashes.get(password) ??
				hashes.set(password, hashPassword(password, SEEDED_HASH)).get(password)!),
			role: options.role,
			store_id: options.storeId ?? null,
			created_at: new Date().toISOString(),
		})
		.execute();
	return { id, email, password, name };
}

let vouchers = 0;

/** A voucher (with its registration); valid until the given YYYY-MM-DD date, by default far ahead. */
export async function seedVoucher(
	db: Kysely<Database>,
	options: { validUntil?: string; code?: string } = {},
): Promise<string> {
	const code =
		options.code ?? ean13(`${process.pid % 1000}${Date.now() % 1_000_000}${++vouchers}`.slice(-12));
	const registrationId = randomUUID();
	const now = new Date().toISOString();
	await db
		.insertInto("registrations")
		.values({
			id: registrationId,
			name: "Jana Nováková",
			email: `${registrationId}@example.cz`,
			email_canonical: `${registrationId}@example.cz`,
			// One person each: the voucher, not the person, is what staff tests are about.
			person_key: `1990-01-01 ${registrationId}`,
			birth_date: "1990-01-01",
			phone: null,
			store_id: null,
			marketing_consent: 0,
			terms_accepted_at: now,
			lang: "cs",
			created_at: now,
		})
		.execute();
	await db
		.insertInto("vouchers")
		.values({
			id: randomUUID(),
			registration_id: registrationId,
			code,
			token: randomUUID(),
			valid_until: options.validUntil ?? "2099-12-31",
			created_at: now,
			redeemed_at: null,
			redeemed_by: null,
			redeemed_store_id: null,
		})
		.execute();
	return code;
}
