import type { Kysely } from "kysely";
import type { CampaignSettings } from "../../domain/campaign/settings";
import { pragueDate } from "../../prague-time";
import type { PrivacySettings } from "../config";
import type { Database } from "../db/schema";
import { anonymiseRegistrations, forgetChosenStores } from "./anonymise";
import { mailboxLimitKey } from "./person";

/** A sent e-mail's body is kept this long (a link in it is a copy of what the recipient has). */
export const MAIL_BODY_DAYS = 30;
/**
 * The partner API's call log is kept this long: long enough to answer a chain's question about a
 * month's settlement after it is invoiced, short enough that a busy API's log does not grow without end.
 */
export const API_CALL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a retention run did. */
export interface RetentionReport {
	/** Sent e-mails whose bodies (and unsubscribe link) were deleted now. */
	readonly mailBodiesDeleted: number;
	/** Partner API calls older than API_CALL_DAYS, deleted now. */
	readonly apiCallsDeleted: number;
	/** The Prague day from which registrations' personal data is erased; undefined without CAMPAIGN_END. */
	readonly personalDataUntil: string | undefined;
	/** Erased now (all zero before that day, and on every later run). */
	readonly registrationsAnonymised: number;
	readonly signupsDeleted: number;
	readonly consentsDeleted: number;
	readonly emailsDeleted: number;
}

/** The day `months` calendar months after `date` (YYYY-MM-DD), the last day of a shorter month: 08-31 + 6 is 02-28. */
export function addMonths(date: string, months: number): string {
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
	return new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))).toISOString().slice(0, 10);
}

/** The first day on which registrations' personal data is no longer kept: the campaign's end plus the retention. */
export function personalDataUntil(
	campaign: Pick<CampaignSettings, "end">,
	privacy: PrivacySettings,
): string | undefined {
	return campaign.end === undefined ? undefined : addMonths(campaign.end, privacy.retentionMonths);
}

/**
 * Applies the retention rules; any number of runs (and of processes) give the same result.
 * - A sent e-mail's body is deleted MAIL_BODY_DAYS after it was sent (the row, without it, stays: to
 *   whom, when, what subject).
 * - A partner API call's log row is deleted API_CALL_DAYS after the call.
 * - From `personalDataUntil` on, the campaign is over and its personal data goes, in one transaction:
 *   every registration is anonymised (its voucher and any redemption stay, for the settlement, without
 *   the chosen store), and
 *   every signup, consent record, e-mail and count of e-mails to a mailbox is deleted.
 */
export async function applyRetention(
	db: Kysely<Database>,
	settings: { readonly campaign: Pick<CampaignSettings, "end">; readonly privacy: PrivacySettings },
	now = new Date(),
): Promise<RetentionReport> {
	const bodies = await db
		.updateTable("outbox")
		.set({ text_body: "", html_body: "", unsubscribe_url: null })
		.where("sent_at", "<", new Date(now.getTime() - MAIL_BODY_DAYS * DAY_MS).toISOString())
		.where((eb) => eb.or([eb("text_body", "<>", ""), eb("html_body", "<>", "")]))
		.executeTakeFirst();
	const calls = await db
		.deleteFrom("api_calls")
		.where("created_at", "<", new Date(now.getTime() - API_CALL_DAYS * DAY_MS).toISOString())
		.executeTakeFirst();
	const until = personalDataUntil(settings.campaign, settings.privacy);
	const report = {
		mailBodiesDeleted: Number(bodies.numUpdatedRows),
		apiCallsDeleted: Number(calls.numDeletedRows),
		personalDataUntil: until,
		registrationsAnonymised: 0,
		signupsDeleted: 0,
		consentsDeleted: 0,
		emailsDeleted: 0,
	};
	if (until === undefined || pragueDate(now) < until) return report;
	return db.transaction().execute(async (trx) => {
		const registrations = await anonymiseRegistrations(trx, "retention", now).executeTakeFirst();
		await forgetChosenStores(trx).execute();
		const consents = await trx.deleteFrom("consents").executeTakeFirst();
		const signups = await trx.deleteFrom("signups").executeTakeFirst();
		const emails = await trx.deleteFrom("outbox").executeTakeFirst();
		await trx.deleteFrom("rate_limits").where("key", "like", mailboxLimitKey("%")).execute();
		return {
			...report,
			registrationsAnonymised: Number(registrations.numUpdatedRows),
			consentsDeleted: Number(consents.numDeletedRows),
			signupsDeleted: Number(signups.numDeletedRows),
			emailsDeleted: Number(emails.numDeletedRows),
		};
	});
}

/** The report as the command and the server's log say it. */
export function describeRetention(report: RetentionReport): string {
	const lines = [
		`${report.mailBodiesDeleted} sent e-mail(s) older than ${MAIL_BODY_DAYS} days: body deleted`,
		`${report.apiCallsDeleted} partner API call(s) older than ${API_CALL_DAYS} days: deleted from the log`,
	];
	if (report.personalDataUntil === undefined) {
		lines.push(
			"CAMPAIGN_END is not set: registrations' personal data is kept (npm run privacy:erase erases one person's)",
		);
	} else {
		lines.push(
			`Personal data is erased from ${report.personalDataUntil} on; this run: ${report.registrationsAnonymised} registration(s) anonymised, ${report.signupsDeleted} signup(s), ${report.consentsDeleted} consent record(s), ${report.emailsDeleted} e-mail(s) deleted`,
		);
	}
	return lines.join("\n");
}
