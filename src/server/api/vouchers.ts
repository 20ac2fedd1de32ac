/**
 * What the API's operations do to vouchers. A redemption is the till's own redeemVoucher (one
 * conditional UPDATE), so the API and the staff page together redeem a code once; an undo is one
 * conditional INSERT of its record, then the voucher's reset, in the caller's transaction.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import { redeemVoucher } from "../staff/redemption";
import type { Answer } from "./idempotency";
import type { ApiKey } from "./keys";
import { type ProblemKind, problem } from "./problem";

/** Every voucher of the campaign is worth the same (README: Privacy). */
const VOUCHER_VALUE = { amount: "150.00", currency: "CZK" } as const;
/** How long after a redemption a till may still undo it (the sale was cancelled). */
export const UNDO_WINDOW_MS = 15 * 60 * 1000;

type VoucherStatus = "valid" | "redeemed" | "expired" | "void";

interface VoucherRow {
	id: string;
	code: string;
	valid_until: string;
	redeemed_at: string | null;
	voided_at: string | null;
	redemption_id: string | null;
	store_id: string | null;
	store_name: string | null;
}

function readVoucher(db: Kysely<Database>, code: string): Promise<VoucherRow | undefined> {
	return db
		.selectFrom("vouchers")
		.leftJoin("stores", "stores.id", "vouchers.redeemed_store_id")
		.select([
			"vouchers.id",
			"vouchers.code",
			"vouchers.valid_until",
			"vouchers.redeemed_at",
			"vouchers.voided_at",
			"vouchers.redemption_id",
			"stores.id as store_id",
			"stores.name as store_name",
		])
		.where("vouchers.code", "=", code)
		.executeTakeFirst();
}

/** As the till's refusals decide (staff/redemption.ts, refusalOf): a redeemed voucher stays redeemed once voided. */
function statusOf(voucher: VoucherRow, today: string): VoucherStatus {
	if (voucher.redeemed_at !== null) return "redeemed";
	if (voucher.voided_at !== null) return "void";
	return voucher.valid_until < today ? "expired" : "valid";
}

const storeOf = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });

function redemptionOf(
	voucher: Pick<VoucherRow, "id" | "code" | "redeemed_at" | "redemption_id" | "store_id" | "store_name">,
) {
	if (voucher.redeemed_at === null) return null;
	return {
		// Redeemed before redemptions had ids, and not migrated (never: 0007 gave each one).
		id: voucher.redemption_id ?? voucher.id,
		code: voucher.code,
		store: storeOf(voucher.store_id, voucher.store_name),
		redeemedAt: voucher.redeemed_at,
		undoableUntil: new Date(Date.parse(voucher.redeemed_at) + UNDO_WINDOW_MS).toISOString(),
	};
}

const problemAnswer = (
	request: FastifyRequest,
	kind: ProblemKind,
	detail: string,
	extensions?: Parameters<typeof problem>[3],
): Answer => {
	const body = problem(request, kind, detail, extensions);
	return { status: body.status, body };
};

/** GET /vouchers/{code}. */
export async function voucherAnswer(
	db: Kysely<Database>,
	request: FastifyRequest,
	code: string,
	now = new Date(),
): Promise<Answer> {
	const voucher = await readVoucher(db, code);
	if (!voucher) return problemAnswer(request, "voucher-not-found", `No voucher has the code ${code}.`);
	return {
		status: 200,
		body: {
			code: voucher.code,
			status: statusOf(voucher, pragueDate(now)),
			value: VOUCHER_VALUE,
			validUntil: voucher.valid_until,
			redemption: redemptionOf(voucher),
		},
	};
}

/** POST /vouchers/{code}/redemptions, inside the idempotent transaction; the store is one of the key's. */
export async function redemptionAnswer(
	trx: Transaction<Database>,
	request: FastifyRequest,
	attempt: { code: string; storeId: string; storeName: string },
	now = new Date(),
): Promise<Answer> {
	const { code } = attempt;
	const outcome = await redeemVoucher(trx, { code, staffId: null, storeId: attempt.storeId }, now);
	switch (outcome.kind) {
		case "redeemed":
			return {
				status: 201,
				body: redemptionOf({
					id: outcome.redemptionId,
					code,
					redeemed_at: outcome.redeemedAt,
					redemption_id: outcome.redemptionId,
					store_id: attempt.storeId,
					store_name: attempt.storeName,
				}),
			};
		case "already-redeemed": {
			const voucher = await readVoucher(trx, code);
			const redemption = voucher && redemptionOf(voucher);
			if (!redemption) throw new Error("A redeemed voucher was read without its redemption");
			return problemAnswer(
				request,
				"already-redeemed",
				`The voucher ${code} was redeemed at ${redemption.redeemedAt}.`,
				{
					redemption,
				},
			);
		}
		case "unknown":
			return problemAnswer(request, "voucher-not-found", `No voucher has the code ${code}.`);
		case "expired":
			return problemAnswer(
				request,
				"voucher-expired",
				`The voucher ${code} was valid until ${outcome.validUntil}.`,
			);
		case "voided":
			return problemAnswer(request, "voucher-void", `The voucher ${code} was cancelled.`);
	}
}

/**
 * DELETE /vouchers/{code}/redemptions/{id}, inside the idempotent transaction. Its first statement
 * writes (on SQLite it takes the write lock before anything is read, so another process's commit
 * cannot make what it read stale): the undo's record, copied from the voucher only while the
 * redemption is its current one, at one of the key's stores and within the window.
 */
export async function undoAnswer(
	trx: Transaction<Database>,
	request: FastifyRequest,
	key: ApiKey,
	target: { code: string; redemptionId: string },
	now = new Date(),
): Promise<Answer> {
	const { code, redemptionId } = target;
	const undoneAt = now.toISOString();
	const windowStart = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
	const stores = [...key.stores.keys()];
	const recorded = await trx
		.insertInto("redemption_undos")
		.columns(["redemption_id", "voucher_id", "store_id", "redeemed_at", "undone_at", "key_id"])
		.expression((eb) =>
			eb
				.selectFrom("vouchers")
				.select((select) => [
					"redemption_id",
					"id",
					"redeemed_store_id",
					"redeemed_at",
					select.val(undoneAt).as("undone_at"),
					select.val(key.id).as("key_id"),
				])
				.where("code", "=", code)
				.where("redemption_id", "=", redemptionId)
				.where("redeemed_at", ">=", windowStart)
				.where("redeemed_store_id", "in", stores.length > 0 ? stores : [""]),
		)
		.onConflict((conflict) => conflict.column("redemption_id").doNothing())
		.executeTakeFirst();

	if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 1) {
		const voucher = await readVoucher(trx, code);
		if (!voucher?.redeemed_at) throw new Error("An undone redemption's voucher was not redeemed");
		const reset = await trx
			.updateTable("vouchers")
			.set({ redeemed_at: null, redeemed_by: null, redeemed_store_id: null, redemption_id: null })
			.where("code", "=", code)
			.where("redemption_id", "=", redemptionId)
			.executeTakeFirst();
		if (Number(reset.numUpdatedRows) !== 1) throw new Error("An undone redemption's voucher was not reset");
		const status = statusOf({ ...voucher, redeemed_at: null }, pragueDate(now));
		return {
			status: 200,
			body: {
				id: redemptionId,
				code,
				store: storeOf(voucher.store_id, voucher.store_name),
				redeemedAt: voucher.redeemed_at,
				undoneAt,
				voucherStatus: status,
			},
		};
	}

	const voucher = await readVoucher(trx, code);
	if (!voucher) return problemAnswer(request, "voucher-not-found", `No voucher has the code ${code}.`);
	if (voucher.redemption_id !== redemptionId) {
		const undone = await trx
			.selectFrom("redemption_undos")
			.select("undone_at")
			.where("redemption_id", "=", redemptionId)
			.where("voucher_id", "=", voucher.id)
			.executeTakeFirst();
		return undone
			? problemAnswer(
					request,
					"redemption-undone",
					`The redemption ${redemptionId} was undone at ${undone.undone_at}.`,
				)
			: problemAnswer(
					request,
					"redemption-not-found",
					`The voucher ${code} has no redemption ${redemptionId}.`,
				);
	}
	if (voucher.store_id === null || !key.stores.has(voucher.store_id)) {
		return problemAnswer(
			request,
			"store-not-covered",
			"The redemption was made at a store this key does not cover.",
		);
	}
	return problemAnswer(
		request,
		"undo-window-closed",
		`The redemption ${redemptionId} was made at ${voucher.redeemed_at}, more than 15 minutes ago.`,
	);
}
