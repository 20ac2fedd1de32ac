/**
 * The dashboard's aggregates (src/server/dashboard/queries.ts) on each database: per Prague day across
 * the daylight-saving switch, by region, per store and chain, the totals before the range and the median
 * days from issue to redemption, each checked against the rows counted one by one; and the migration's
 * indexes are the ones the queries use.
 */
import { expect, it, vi } from "vitest";
import type { DashboardFilter } from "../../src/domain/dashboard/figures";
import { parseDashboardQuery } from "../../src/domain/dashboard/filter";
import { DashboardCache } from "../../src/server/dashboard/cache";
import { dashboardFigures } from "../../src/server/dashboard/queries";
import { anonymiseRegistrations } from "../../src/server/privacy/anonymise";
import {
	expectedFigures,
	DASHBOARD_RANGE as RANGE,
	seedCampaignRow,
	seedDashboardScenario,
} from "../helpers/dashboard-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

describeDatabases("dashboard figures on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("counts each Prague day, region, store and the totals before the range as the rows say", async () => {
		const { db } = (await openDatabase()).handle;
		const { brno, zlin, praha } = await seedDashboardScenario(db);
		for (const region of [undefined, "CZ-64", "CZ-72", "CZ-10", "CZ-80"] as const) {
			const filter: DashboardFilter = { ...RANGE, region };
			const figures = await dashboardFigures(db, filter);
			const expected = await expectedFigures(db, filter);
			expect(figures.days.map((day) => day.date)).toEqual([
				"2026-03-27",
				"2026-03-28",
				"2026-03-29",
				"2026-03-30",
				"2026-03-31",
				"2026-04-01",
				"2026-04-02",
				"2026-04-03",
				"2026-04-04",
				"2026-04-05",
			]);
			for (const day of figures.days) {
				expect(day, `${region} ${day.date}`).toEqual({
					date: day.date,
					...(expected.perDay.get(day.date) ?? { registrations: 0, confirmed: 0, issued: 0, redeemed: 0 }),
				});
			}
			expect(figures.before).toEqual({ issued: expected.issuedBefore, redeemed: expected.redeemedBefore });
			expect(new Map(figures.stores.map((store) => [store.storeId, store.redeemed]))).toEqual(
				expected.perStore,
			);
		}

		const all = await dashboardFigures(db, { ...RANGE, region: undefined });
		// Spelled out: the night of the switch and the range's last minute fall on the right days.
		expect(all.days.find((day) => day.date === "2026-03-27")?.registrations).toBe(1);
		expect(all.days.find((day) => day.date === "2026-03-29")).toMatchObject({
			registrations: 1,
			confirmed: 0,
		});
		expect(all.days.find((day) => day.date === "2026-03-30")).toMatchObject({
			confirmed: 2,
			issued: 2,
			redeemed: 1,
		});
		expect(all.days.find((day) => day.date === "2026-04-05")?.redeemed).toBe(1);
		expect(all.before).toEqual({ issued: 1, redeemed: 1 });
		// One each: equal counts in the order of the names.
		expect(all.stores).toEqual([
			{
				storeId: brno,
				name: "Drogerie Sluníčko Brno",
				region: "CZ-64",
				chain: "Drogerie Sluníčko",
				redeemed: 1,
			},
			{
				storeId: zlin,
				name: "Drogerie Sluníčko Zlín",
				region: "CZ-72",
				chain: "Drogerie Sluníčko",
				redeemed: 1,
			},
			{ storeId: praha, name: "Pleťovka Praha", region: "CZ-10", chain: "Pleťovka", redeemed: 1 },
		]);
		// 0, 3 and 7 days from issue to redemption.
		expect(all.medianDaysToRedeem).toBe(3);

		const southMoravia = await dashboardFigures(db, { ...RANGE, region: "CZ-64" });
		expect(southMoravia.days.reduce((sum, day) => sum + day.registrations, 0)).toBe(3);
		expect(southMoravia.days.reduce((sum, day) => sum + day.issued, 0)).toBe(2);
		expect(southMoravia.days.reduce((sum, day) => sum + day.redeemed, 0)).toBe(1);
		expect(southMoravia.medianDaysToRedeem).toBe(3);
		const empty = await dashboardFigures(db, { ...RANGE, region: "CZ-80" });
		expect(empty.medianDaysToRedeem).toBeNull();
		expect(empty.stores).toEqual([]);
	});
});

it("reads a filter from a query string, refusing what it cannot use", () => {
	const defaults = { from: "2026-01-01", to: "2026-01-31" };
	expect(parseDashboardQuery({}, defaults).filter).toEqual({ ...defaults, region: undefined });
	expect(parseDashboardQuery({ from: "2026-01-10", region: "CZ-64" }, defaults).filter).toEqual({
		from: "2026-01-10",
		to: "2026-01-31",
		region: "CZ-64",
	});
	expect(parseDashboardQuery({ from: "2026-02-30" }, defaults).problems).toEqual({ from: "badDate" });
	expect(parseDashboardQuery({ region: "JM" }, defaults).problems).toEqual({ region: "badRegion" });
	expect(parseDashboardQuery({ from: "2026-02-01" }, defaults).problems).toEqual({ to: "order" });
	expect(parseDashboardQuery({ from: "2020-01-01" }, defaults).problems).toEqual({ to: "tooLong" });
	expect(parseDashboardQuery({ from: ["2026-01-02", "x"] }, defaults).filter?.from).toBe("2026-01-01");
});

describeDatabases("the dashboard's cache on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("adds up kept settled days for any filter, reads the last hours on every view, and forgets the days of an erased registration", async () => {
		const { db } = (await openDatabase()).handle;
		const { brno, praha } = await seedDashboardScenario(db);
		// 27 March at 23:30 in Prague (CET, 22:30 UTC), redeemed on 1 April at 00:10 (CEST, 22:10 UTC).
		await seedCampaignRow(db, {
			registered: "2026-03-27T22:30:00.000Z",
			confirmed: "2026-03-27T22:40:00.000Z",
			issued: "2026-03-27T22:40:00.000Z",
			redeemed: "2026-03-31T22:10:00.000Z",
			chosenStore: brno,
		});
		let now = Date.parse("2026-04-05T12:00:00.000Z");
		const cache = new DashboardCache(db, () => now);
		// Every region (and a region without a store), the whole range and one inside it that starts after
		// the clocks went forward: all of them add up the same kept days.
		const filters = [RANGE, { from: "2026-03-30", to: "2026-04-05" }].flatMap((range) =>
			([undefined, "CZ-64", "CZ-72", "CZ-10", "CZ-80"] as const).map((region) => ({ ...range, region })),
		);
		const expectSameAsRows = async () => {
			for (const filter of filters) {
				expect(await cache.figures(filter), JSON.stringify(filter)).toEqual(
					await dashboardFigures(db, filter),
				);
			}
		};
		await expectSameAsRows();

		// A registration and a redemption now show at once, and so does the redemption undone.
		await seedCampaignRow(db, { registered: "2026-04-05T11:59:00.000Z", chosenStore: brno });
		const unredeemed = db.updateTable("vouchers").where("created_at", "=", "2026-03-30T10:05:00.000Z");
		await unredeemed
			.set({ redeemed_at: "2026-04-05T11:55:00.000Z", redeemed_store_id: praha, redemption_id: "undone" })
			.execute();
		await expectSameAsRows();
		await unredeemed.set({ redeemed_at: null, redeemed_store_id: null, redemption_id: null }).execute();
		await expectSameAsRows();

		// An erased registration of a kept day loses its store: South Moravia counts it no more, at once.
		const southMoravia = { ...RANGE, region: "CZ-64" as const };
		const registered = async () =>
			(await cache.figures(southMoravia)).days.reduce((sum, day) => sum + day.registrations, 0);
		const erase = (created: string, at: number) =>
			anonymiseRegistrations(db, "request", new Date(at)).where("created_at", "=", created).execute();
		expect(await registered()).toBe(5);
		const erasedAt = now;
		await erase("2026-03-26T23:30:00.000Z", erasedAt);
		expect(await registered()).toBe(4);
		await expectSameAsRows();
		// Another at the same moment, and one whose erasure committed later than a later one's.
		await erase("2026-03-28T10:00:00.000Z", erasedAt);
		expect(await registered()).toBe(3);
		await erase("2026-03-31T10:00:00.000Z", erasedAt - 30 * 60_000);
		expect(await registered()).toBe(2);
		await expectSameAsRows();

		// A day later, with that day settled too.
		now += 86_400_000;
		await expectSameAsRows();
	});
});
