/** The dashboard (/staff/dashboard), in src/i18n/site-texts.ts under `staff.dashboard`. */
const cs = {
	title: "Kampaň v číslech",
	intro:
		"Registrace, poukázky a jejich uplatnění po dnech (pražský čas). Data se počítají při každém zobrazení.",
	regionNote:
		"S vybraným krajem se registrace, potvrzení a vydané poukázky počítají podle prodejny, kterou si člověk při registraci zvolil, uplatnění podle prodejny, kde byla poukázka uplatněna.",
	filter: {
		label: "Výběr období a kraje",
		from: "Od",
		to: "Do",
		region: "Kraj",
		allRegions: "Všechny kraje",
		show: "Zobrazit",
		badDate: "Zadejte datum ve tvaru 2026-03-01.",
		badRegion: "Vyberte kraj ze seznamu.",
		order: "Konec období musí být stejný den nebo později než začátek.",
		tooLong: "Období může mít nejvýše 731 dní.",
	},
	refused: "Výběr obsahuje chybu, opravte ji ve formuláři výše.",
	numbers: "Čísla v tabulce",
	date: "Den",
	registrations: "Registrace",
	confirmed: "Potvrzené e-maily",
	issued: "Vydané poukázky",
	redeemed: "Uplatněné poukázky",
	daily: {
		title: "Po dnech",
		desc: "Čárový graf registrací, potvrzených e-mailů, vydaných a uplatněných poukázek za každý den od {from} do {to}.",
		period: "Období kampaně",
		limitReached: "Limit vyčerpán {date}",
	},
	running: {
		title: "Průběžné součty proti limitu",
		desc: "Vydané a uplatněné poukázky celkem ke konci každého dne proti limitu {limit} poukázek.",
		limit: "Limit {limit}",
	},
	money: {
		title: "Náklady proti rozpočtu",
		desc: "Hodnota uplatněných poukázek celkem ({value} Kč za kus) ke konci každého dne proti rozpočtu {budget} Kč.",
		spent: "Uplatněno (Kč)",
		budget: "Rozpočet {budget} Kč",
		budgetRow: "Rozpočet (Kč)",
	},
	regions: {
		title: "Uplatnění podle krajů",
		desc: "Mapa 14 krajů (dlaždice v přibližné poloze), čím tmavší, tím více uplatněných poukázek.",
		region: "Kraj",
	},
	chains: {
		title: "Uplatnění podle sítí prodejen",
		desc: "Vodorovné sloupce: uplatněné poukázky v každé síti prodejen, od největší.",
		chain: "Síť",
	},
	stores: {
		title: "Prodejny s nejvíce uplatněními",
		desc: "Vodorovné sloupce: deset prodejen s nejvíce uplatněnými poukázkami.",
		store: "Prodejna",
		region: "Kraj",
	},
	funnel: {
		title: "Od registrace k uplatnění",
		desc: "Vodorovné sloupce: registrace, potvrzené e-maily, vydané a uplatněné poukázky v období.",
		step: "Krok",
		count: "Počet",
		share: "Podíl z registrací",
		median: "Medián počtu dní od vydání k uplatnění: {days}.",
		noMedian: "Medián počtu dní od vydání k uplatnění: v období nebyla uplatněna žádná poukázka.",
	},
	count: "Počet",
	none: "V tomto období nic.",
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type StaffDashboardTexts = Widen<typeof cs>;

const en: StaffDashboardTexts = {
	title: "The campaign in numbers",
	intro:
		"Registrations, vouchers and their redemptions per day (Prague time). The figures are computed for each view.",
	regionNote:
		"With a region chosen, registrations, confirmations and vouchers issued count by the store the person chose when registering, redemptions by the store that redeemed the voucher.",
	filter: {
		label: "Period and region",
		from: "From",
		to: "To",
		region: "Region",
		allRegions: "All regions",
		show: "Show",
		badDate: "Enter a date like 2026-03-01.",
		badRegion: "Choose a region from the list.",
		order: "The period must end on or after the day it starts.",
		tooLong: "The period may be at most 731 days long.",
	},
	refused: "The choice has a mistake: correct it in the form above.",
	numbers: "The numbers as a table",
	date: "Day",
	registrations: "Registrations",
	confirmed: "Confirmed e-mails",
	issued: "Vouchers issued",
	redeemed: "Vouchers redeemed",
	daily: {
		title: "Per day",
		desc: "Line chart of registrations, confirmed e-mails, vouchers issued and redeemed each day from {from} to {to}.",
		period: "Campaign period",
		limitReached: "Limit reached {date}",
	},
	running: {
		title: "Running totals against the limit",
		desc: "Vouchers issued and redeemed in all by the end of each day, against the limit of {limit} vouchers.",
		limit: "Limit {limit}",
	},
	money: {
		title: "Cost against the budget",
		desc: "The value of the vouchers redeemed ({value} CZK each) by the end of each day, against the budget of {budget} CZK.",
		spent: "Redeemed (CZK)",
		budget: "Budget {budget} CZK",
		budgetRow: "Budget (CZK)",
	},
	regions: {
		title: "Redemptions by region",
		desc: "A map of the 14 regions (tiles in their rough places): the darker, the more vouchers redeemed.",
		region: "Region",
	},
	chains: {
		title: "Redemptions by store chain",
		desc: "Horizontal bars: the vouchers redeemed in each store chain, most first.",
		chain: "Chain",
	},
	stores: {
		title: "The stores with the most redemptions",
		desc: "Horizontal bars: the ten stores with the most vouchers redeemed.",
		store: "Store",
		region: "Region",
	},
	funnel: {
		title: "From registration to redemption",
		desc: "Horizontal bars: registrations, confirmed e-mails, vouchers issued and redeemed in the period.",
		step: "Step",
		count: "Count",
		share: "Share of registrations",
		median: "Median days from issue to redemption: {days}.",
		noMedian: "Median days from issue to redemption: no voucher was redeemed in the period.",
	},
	count: "Count",
	none: "Nothing in this period.",
};

export const STAFF_DASHBOARD_TEXTS = { cs: cs as StaffDashboardTexts, en };
