/**
 * When registration is open, how many vouchers the campaign gives (state.ts) and what a voucher is
 * worth and for how long. The environment (CAMPAIGN_START, CAMPAIGN_END, VOUCHER_LIMIT, VOUCHER_VALUE_CZK,
 * VOUCHER_VALID_DAYS, read by src/server/config.ts) gives the initial values; an admin may change them
 * on the settings page (src/server/campaign/stored-settings.ts).
 */
export interface CampaignSettings {
	/** The first day (YYYY-MM-DD, a Prague calendar day, from 00:00); undefined: open from launch. */
	readonly start: string | undefined;
	/** The last day (YYYY-MM-DD, Prague, until 23:59:59.999); undefined: until the vouchers run out. */
	readonly end: string | undefined;
	/** Vouchers issued in all; registration closes when they are gone. */
	readonly voucherLimit: number;
	/** What a voucher takes off a purchase, in whole CZK: what each redemption costs Lumen. */
	readonly voucherValueCzk: number;
	/** A voucher is valid this many days after the Prague day it is issued. */
	readonly voucherValidDays: number;
}
