import { pragueDate } from "../../prague-time";
import type { CampaignSettings } from "./settings";

/** Why registration is closed: before CAMPAIGN_START, after CAMPAIGN_END, or VOUCHER_LIMIT reached. */
export type ClosedReason = "not-started" | "ended" | "sold-out";

export type CampaignState = { readonly open: true } | { readonly open: false; readonly reason: ClosedReason };

/** What a page says when registration is closed: why, and the settings that give its dates and numbers. */
export interface CampaignClosed {
	readonly reason: ClosedReason;
	readonly settings: CampaignSettings;
}

const OPEN: CampaignState = { open: true };
const NOT_STARTED: CampaignState = { open: false, reason: "not-started" };
const ENDED: CampaignState = { open: false, reason: "ended" };
const SOLD_OUT: CampaignState = { open: false, reason: "sold-out" };

/**
 * Whether registration is open at `now` with `issued` vouchers given so far. The start and end are
 * whole Prague calendar days (open from the start's 00:00 to the end's 23:59:59.999 in Prague, CET or
 * CEST), so the comparison is between Prague dates. After the end the campaign has ended, however
 * many vouchers are left.
 */
export function campaignState(settings: CampaignSettings, now: Date, issued: number): CampaignState {
	const today = pragueDate(now);
	if (settings.start !== undefined && today < settings.start) return NOT_STARTED;
	if (settings.end !== undefined && today > settings.end) return ENDED;
	if (issued >= settings.voucherLimit) return SOLD_OUT;
	return OPEN;
}

/** The `closed` prop of the home and register pages: undefined while registration is open. */
export function campaignClosed(state: CampaignState, settings: CampaignSettings): CampaignClosed | undefined {
	return state.open ? undefined : { reason: state.reason, settings };
}
