import type { Lang } from "./index";

/**
 * What pages say about the campaign's period and voucher limit (CAMPAIGN_START, CAMPAIGN_END,
 * VOUCHER_LIMIT): the rules state them, the home and register pages say when registration is closed.
 * {start} and {end} are dates and {vouchers} a count, as the language writes them; the plural forms
 * write the number as {number} ("50 000").
 */
const cs = {
	period: {
		heading: "Doba trvání",
		fromTo: "Kampaň probíhá od {start} do {end} nebo do vyčerpání {vouchers}.",
		from: "Kampaň probíhá od {start} do vyčerpání {vouchers}.",
		to: "Kampaň probíhá od spuštění do {end} nebo do vyčerpání {vouchers}.",
		untilGone: "Kampaň probíhá od spuštění do vyčerpání {vouchers}.",
		vouchers: { one: "{number} poukázky", few: "{number} poukázek", other: "{number} poukázek" },
	},
	closed: {
		heading: {
			"not-started": "Registrace ještě nezačala",
			ended: "Registrace je uzavřena",
			"sold-out": "Registrace je uzavřena",
		},
		notStarted: "Registrace začne {start}.",
		ended: "Kampaň skončila {end}.",
		soldOut: {
			one: "Jediná poukázka kampaně už je rozdaná.",
			few: "Všechny {number} poukázky kampaně už jsou rozdané.",
			other: "Všech {number} poukázek kampaně už je rozdáno.",
		},
		stillValid: "Poukázky, které už byly vydány, platí dál až do data uvedeného na poukázce.",
		home: "Zpět na úvod",
	},
};

export type CampaignMessages = typeof cs;

const en: CampaignMessages = {
	period: {
		heading: "Duration",
		fromTo: "The campaign runs from {start} to {end}, or until {vouchers}.",
		from: "The campaign runs from {start} until {vouchers}.",
		to: "The campaign runs from its launch to {end}, or until {vouchers}.",
		untilGone: "The campaign runs from its launch until {vouchers}.",
		vouchers: {
			one: "{number} voucher has been issued",
			few: "{number} vouchers have been issued",
			other: "{number} vouchers have been issued",
		},
	},
	closed: {
		heading: {
			"not-started": "Registration has not opened yet",
			ended: "Registration is closed",
			"sold-out": "Registration is closed",
		},
		notStarted: "Registration opens on {start}.",
		ended: "The campaign ended on {end}.",
		soldOut: {
			one: "The campaign's only voucher has been given away.",
			few: "All {number} vouchers have been given away.",
			other: "All {number} vouchers have been given away.",
		},
		stillValid: "Vouchers already issued keep working until the expiry date shown on them.",
		home: "Back to the home page",
	},
};

export const CAMPAIGN_MESSAGES: Record<Lang, CampaignMessages> = { cs, en };
