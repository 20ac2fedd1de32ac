import type { Kysely } from "kysely";
import type { CampaignSettings } from "../../domain/campaign/settings";
import { parseIsoDate } from "../../prague-time";
import { type AuditActor, type AuditFields, lockAuditedChanges, writeAudit } from "../audit/audit-log";
import type { Database } from "../db/schema";

/** The one row of campaign_settings. */
const CURRENT = "current";

/**
 * The settings an admin last saved, or `initial` (the environment's) when none was saved. A stored row
 * that does not hold valid settings (edited by hand) is not used: the environment's values are.
 */
export async function readSettings(
	db: Kysely<Database>,
	initial: CampaignSettings,
): Promise<CampaignSettings> {
	const row = await db
		.selectFrom("campaign_settings")
		.selectAll()
		.where("id", "=", CURRENT)
		.executeTakeFirst();
	if (!row) return initial;
	const settings: CampaignSettings = {
		start: row.start_date ?? undefined,
		end: row.end_date ?? undefined,
		voucherLimit: Number(row.voucher_limit),
		voucherValueCzk: Number(row.voucher_value_czk),
		voucherValidDays: Number(row.voucher_valid_days),
	};
	return isValid(settings) ? settings : initial;
}

const positive = (value: number) => Number.isSafeInteger(value) && value >= 1;
const day = (value: string | undefined) => value === undefined || parseIsoDate(value) === value;

function isValid(settings: CampaignSettings): boolean {
	return (
		day(settings.start) &&
		day(settings.end) &&
		!(settings.start && settings.end && settings.start > settings.end) &&
		positive(settings.voucherLimit) &&
		positive(settings.voucherValueCzk) &&
		positive(settings.voucherValidDays)
	);
}

/** The settings as the audit log shows them (unset days as null). */
export function auditedSettings(settings: CampaignSettings): AuditFields {
	return {
		start: settings.start ?? null,
		end: settings.end ?? null,
		voucherLimit: settings.voucherLimit,
		voucherValueCzk: settings.voucherValueCzk,
		voucherValidDays: settings.voucherValidDays,
	};
}

/**
 * Stores new settings with their audit row (the settings before and after) in one transaction. `before`
 * is read in it, so the row says what this change replaced even if another admin saved a moment ago.
 * Saving what is already in effect changes and records nothing.
 */
export async function saveSettings(
	db: Kysely<Database>,
	actor: AuditActor,
	initial: CampaignSettings,
	settings: CampaignSettings,
	now = new Date(),
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const values = {
			start_date: settings.start ?? null,
			end_date: settings.end ?? null,
			voucher_limit: settings.voucherLimit,
			voucher_value_czk: settings.voucherValueCzk,
			voucher_valid_days: settings.voucherValidDays,
			updated_at: now.toISOString(),
			updated_by: actor.id,
		};
		await lockAuditedChanges(trx);
		const before = await readSettings(trx, initial);
		const unchanged = JSON.stringify(auditedSettings(before)) === JSON.stringify(auditedSettings(settings));
		if (unchanged) return;
		const updated = await trx
			.updateTable("campaign_settings")
			.set(values)
			.where("id", "=", CURRENT)
			.executeTakeFirst();
		if (Number(updated.numUpdatedRows) === 0) {
			await trx
				.insertInto("campaign_settings")
				.values({ id: CURRENT, ...values })
				.execute();
		}
		await writeAudit(trx, {
			actor,
			action: "settings.update",
			subjectId: "campaign",
			before: auditedSettings(before),
			after: auditedSettings(settings),
			now,
		});
	});
}
