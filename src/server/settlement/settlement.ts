import { createHash } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { buildStatement, monthRange, previousMonth, type Statement } from "../../domain/settlement/statement";
import { type AuditActor, lockAuditedChanges, writeAudit } from "../audit/audit-log";
import type { Database } from "../db/schema";
import { CHAINS } from "../stores/seed";

type Db = Kysely<Database> | Transaction<Database>;

/** The chain a store belongs to: the start of its name (as seed.ts names them); any other is its own. */
export function chainOf(storeName: string): string {
	return CHAINS.find((chain) => storeName.startsWith(chain)) ?? storeName;
}

/** SHA-256 (hex) of the statement's JSON, as stored: kept with a closed month. */
export function checksumOf(statementJson: string): string {
	return createHash("sha256").update(statementJson).digest("hex");
}

/**
 * The months whose late changes a month collects: itself, and the closed months right before it (a
 * closed month never changes, so a redemption recorded in it later, or one of it undone, is settled in
 * the first open month after it).
 */
async function collectedRange(db: Db, month: string): Promise<{ first: string; start: string; end: string }> {
	const closed = new Set(
		(await db.selectFrom("settlement_months").select("month").where("month", "<", month).execute()).map(
			(row) => row.month,
		),
	);
	let first = month;
	while (closed.has(previousMonth(first))) first = previousMonth(first);
	return { first, start: monthRange(first).start, end: monthRange(month).end };
}

/** Redemptions of [start, end) that no closed month settled: what an open month owes for. */
function unsettled(db: Db, range: { start: string; end: string }) {
	return db
		.selectFrom("vouchers")
		.where("vouchers.redeemed_at", ">=", range.start)
		.where("vouchers.redeemed_at", "<", range.end)
		.where("vouchers.redemption_id", "is not", null)
		.where((eb) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom("settlement_items")
						.select(sql.lit(1).as("one"))
						.whereRef("settlement_items.redemption_id", "=", "vouchers.redemption_id")
						.where("settlement_items.kind", "=", "redemption"),
				),
			),
		);
}

/** Redemptions closed months in [first, month) settled that have since been undone, and not yet taken back. */
function undone(db: Db, first: string, month: string) {
	return db
		.selectFrom("settlement_items as settled")
		.where("settled.kind", "=", "redemption")
		.where("settled.month", ">=", first)
		.where("settled.month", "<", month)
		.where((eb) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom("vouchers")
						.select(sql.lit(1).as("one"))
						.whereRef("vouchers.redemption_id", "=", "settled.redemption_id"),
				),
			),
		)
		.where((eb) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom("settlement_items as back")
						.select(sql.lit(1).as("one"))
						.whereRef("back.redemption_id", "=", "settled.redemption_id")
						.where("back.kind", "=", "reversal"),
				),
			),
		);
}

/** Net counts per store (null: a redemption without a store) with the stores' names. */
async function withStores(
	db: Db,
	counts: Map<string | null, number>,
): Promise<{ storeId: string; storeName: string; chain: string; count: number }[]> {
	const ids = [...counts.keys()].filter((id): id is string => id !== null);
	const names = new Map<string, string>();
	for (let i = 0; i < ids.length; i += 500) {
		const rows = await db
			.selectFrom("stores")
			.select(["id", "name"])
			.where("id", "in", ids.slice(i, i + 500))
			.execute();
		for (const row of rows) names.set(row.id, row.name);
	}
	return [...counts].map(([id, count]) => {
		const storeName = (id && names.get(id)) ?? "–";
		return { storeId: id ?? "–", storeName, chain: chainOf(storeName), count };
	});
}

const add = (
	counts: Map<string | null, number>,
	rows: { store: string | null; count: unknown }[],
	sign: 1 | -1,
) => {
	for (const row of rows) counts.set(row.store, (counts.get(row.store) ?? 0) + sign * Number(row.count));
};

/** An open month's statement as it stands now, at the voucher value in effect. */
export async function liveStatement(db: Db, month: string, voucherValueCzk: number): Promise<Statement> {
	const range = await collectedRange(db, month);
	const counts = new Map<string | null, number>();
	const owed = await unsettled(db, range)
		.select(["vouchers.redeemed_store_id as store", (eb) => eb.fn.countAll().as("count")])
		.groupBy("vouchers.redeemed_store_id")
		.execute();
	add(counts, owed, 1);
	const back = await undone(db, range.first, month)
		.select(["settled.store_id as store", (eb) => eb.fn.countAll().as("count")])
		.groupBy("settled.store_id")
		.execute();
	add(counts, back, -1);
	return buildStatement(month, voucherValueCzk, await withStores(db, counts));
}

export interface ClosedMonth {
	readonly statement: Statement;
	readonly checksum: string;
	/** The stored statement still has its checksum (nobody changed the row). */
	readonly intact: boolean;
	readonly closedAt: string;
}

function isStatement(value: unknown, month: string): value is Statement {
	if (typeof value !== "object" || value === null) return false;
	const statement = value as Partial<Statement>;
	return (
		statement.month === month &&
		typeof statement.voucherValueCzk === "number" &&
		Array.isArray(statement.rows) &&
		Array.isArray(statement.chains) &&
		typeof statement.total?.count === "number"
	);
}

/** A closed month's frozen statement, or undefined while the month is open. */
export async function closedMonth(db: Db, month: string): Promise<ClosedMonth | undefined> {
	const row = await db
		.selectFrom("settlement_months")
		.selectAll()
		.where("month", "=", month)
		.executeTakeFirst();
	if (!row) return undefined;
	const statement: unknown = JSON.parse(row.statement);
	if (!isStatement(statement, month)) throw new Error(`The stored statement of ${month} is not a statement`);
	return {
		statement,
		checksum: row.checksum,
		intact: checksumOf(row.statement) === row.checksum,
		closedAt: row.closed_at,
	};
}

export type CloseResult =
	| { readonly ok: true; readonly checksum: string }
	| { readonly ok: false; readonly reason: "closed" | "not-ended" | "open" };

const audited = (statement: Statement, checksum: string) => ({
	checksum,
	count: statement.total.count,
	amountCzk: statement.total.amountCzk,
	voucherValueCzk: statement.voucherValueCzk,
});

/**
 * Closes a month that has ended: the redemptions it settles (and the undone ones it takes back) are
 * recorded, its statement is made from exactly those and stored with its checksum, and the close is
 * audited, in one transaction.
 */
export async function closeMonth(
	db: Kysely<Database>,
	actor: AuditActor,
	month: string,
	voucherValueCzk: number,
	now = new Date(),
): Promise<CloseResult> {
	if (monthRange(month).end > now.toISOString()) return { ok: false, reason: "not-ended" };
	return db.transaction().execute(async (trx) => {
		await lockAuditedChanges(trx);
		if (await closedMonth(trx, month)) return { ok: false, reason: "closed" } as const;
		const range = await collectedRange(trx, month);
		const columns = ["redemption_id", "kind", "month", "store_id", "redeemed_at"] as const;
		await trx
			.insertInto("settlement_items")
			.columns(columns)
			.expression(
				unsettled(trx, range).select((eb) => [
					eb.fn.coalesce("vouchers.redemption_id", sql.lit("")).as("redemption_id"),
					sql.lit("redemption").as("kind"),
					sql.lit(month).as("month"),
					"vouchers.redeemed_store_id as store_id",
					eb.fn.coalesce("vouchers.redeemed_at", sql.lit("")).as("redeemed_at"),
				]),
			)
			.execute();
		await trx
			.insertInto("settlement_items")
			.columns(columns)
			.expression(
				undone(trx, range.first, month).select([
					"settled.redemption_id",
					sql.lit("reversal").as("kind"),
					sql.lit(month).as("month"),
					"settled.store_id",
					"settled.redeemed_at",
				]),
			)
			.execute();
		const counts = new Map<string | null, number>();
		const items = await trx
			.selectFrom("settlement_items")
			.select(["store_id as store", "kind", (eb) => eb.fn.countAll().as("count")])
			.where("month", "=", month)
			.groupBy(["store_id", "kind"])
			.execute();
		for (const item of items) add(counts, [item], item.kind === "reversal" ? -1 : 1);
		const statement = buildStatement(month, voucherValueCzk, await withStores(trx, counts));
		const json = JSON.stringify(statement);
		const checksum = checksumOf(json);
		await trx
			.insertInto("settlement_months")
			.values({ month, statement: json, checksum, closed_at: now.toISOString(), closed_by: actor.id })
			.execute();
		await writeAudit(trx, {
			actor,
			action: "settlement.close",
			subjectId: month,
			before: null,
			after: audited(statement, checksum),
			now,
		});
		return { ok: true, checksum } as const;
	});
}

/** Reopens a closed month: its statement and its record of what it settled go, audited with what they were. */
export async function reopenMonth(
	db: Kysely<Database>,
	actor: AuditActor,
	month: string,
	now = new Date(),
): Promise<CloseResult> {
	return db.transaction().execute(async (trx) => {
		await lockAuditedChanges(trx);
		const closed = await closedMonth(trx, month);
		if (!closed) return { ok: false, reason: "open" } as const;
		await trx.deleteFrom("settlement_items").where("month", "=", month).execute();
		await trx.deleteFrom("settlement_months").where("month", "=", month).execute();
		await writeAudit(trx, {
			actor,
			action: "settlement.reopen",
			subjectId: month,
			before: audited(closed.statement, closed.checksum),
			after: null,
			now,
		});
		return { ok: true, checksum: closed.checksum } as const;
	});
}
