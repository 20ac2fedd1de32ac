import type { RegionCode } from "../../i18n/regions";

/** What the dashboard shows: Prague days from `from` to `to` (both included), all regions or one. */
export interface DashboardFilter {
	readonly from: string;
	readonly to: string;
	readonly region: RegionCode | undefined;
}

/** One Prague day's events. */
export interface DayFigures {
	readonly date: string;
	readonly registrations: number;
	readonly confirmed: number;
	readonly issued: number;
	readonly redeemed: number;
}

export interface StoreFigures {
	readonly storeId: string;
	readonly name: string;
	readonly region: string;
	readonly chain: string;
	readonly redeemed: number;
}

/**
 * The dashboard's numbers for a filter, as src/server/dashboard/queries.ts aggregates them: the per-day
 * events, the vouchers issued and redeemed before the first day (so running totals start where they
 * stood), redemptions per store (by region, chain and the top stores) and the days from issue to
 * redemption.
 */
export interface DashboardFigures {
	readonly filter: DashboardFilter;
	readonly days: readonly DayFigures[];
	readonly before: { readonly issued: number; readonly redeemed: number };
	/** Every store with a redemption in the range, most first; a redemption without a store is left out. */
	readonly stores: readonly StoreFigures[];
	/** Median whole days from a voucher's issue to its redemption, of those redeemed in the range. */
	readonly medianDaysToRedeem: number | null;
}

/** The campaign's settings the dashboard draws against. */
export interface DashboardLimits {
	readonly start: string | undefined;
	readonly end: string | undefined;
	readonly voucherLimit: number;
	readonly voucherValueCzk: number;
}

export interface Totals {
	readonly registrations: number;
	readonly confirmed: number;
	readonly issued: number;
	readonly redeemed: number;
}

export function totalsOf(days: readonly DayFigures[]): Totals {
	const totals = { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 };
	for (const day of days) {
		totals.registrations += day.registrations;
		totals.confirmed += day.confirmed;
		totals.issued += day.issued;
		totals.redeemed += day.redeemed;
	}
	return totals;
}

/** Vouchers issued and redeemed by the end of each day, counted from the campaign's start. */
export function runningTotals(
	figures: DashboardFigures,
): { date: string; issued: number; redeemed: number }[] {
	let { issued, redeemed } = figures.before;
	return figures.days.map((day) => {
		issued += day.issued;
		redeemed += day.redeemed;
		return { date: day.date, issued, redeemed };
	});
}

/** A sum of counts per key, largest first (ties by key, so the order never flickers). */
export function sumBy<K extends string>(stores: readonly StoreFigures[], key: (store: StoreFigures) => K) {
	const sums = new Map<K, number>();
	for (const store of stores) sums.set(key(store), (sums.get(key(store)) ?? 0) + store.redeemed);
	return [...sums]
		.map(([name, redeemed]) => ({ name, redeemed }))
		.sort((a, b) => b.redeemed - a.redeemed || a.name.localeCompare(b.name));
}
