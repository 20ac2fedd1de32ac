import type { FastifyBaseLogger } from "fastify";
import type { KyselyPlugin } from "kysely";
import { describe, expect, it, vi } from "vitest";
import type { CampaignSettings } from "../../src/domain/campaign/settings";
import { campaignClosed, campaignState } from "../../src/domain/campaign/state";
import { endOfPragueDay } from "../../src/prague-time";
import { CAMPAIGN_COUNTER_TTL_MS, Campaign } from "../../src/server/campaign/plugin";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

const settings = (campaign: Partial<CampaignSettings> = {}): CampaignSettings => ({
	start: undefined,
	end: undefined,
	voucherLimit: 50_000,
	voucherValueCzk: 150,
	voucherValidDays: 60,
	...campaign,
});
const at = (iso: string) => new Date(iso);
const NOT_STARTED = { open: false, reason: "not-started" };
const ENDED = { open: false, reason: "ended" };
const SOLD_OUT = { open: false, reason: "sold-out" };
const OPEN = { open: true };

describe("campaignState", () => {
	it("is open at any time without a start or an end, until the vouchers run out", () => {
		for (const instant of ["2000-01-01T00:00:00Z", "2026-06-15T12:00:00Z", "2099-12-31T23:59:59Z"])
			expect(campaignState(settings(), at(instant), 0)).toEqual(OPEN);
		expect(campaignState(settings({ voucherLimit: 10 }), at("2026-06-15T12:00:00Z"), 9)).toEqual(OPEN);
		expect(campaignState(settings({ voucherLimit: 10 }), at("2026-06-15T12:00:00Z"), 10)).toEqual(SOLD_OUT);
		// More than the limit (a limit lowered while running) is sold out too.
		expect(campaignState(settings({ voucherLimit: 10 }), at("2026-06-15T12:00:00Z"), 11)).toEqual(SOLD_OUT);
	});

	it("opens at midnight in Prague in winter (CET, UTC+1) and closes at the end's last millisecond", () => {
		const winter = settings({ start: "2026-03-01", end: "2026-12-31" });
		expect(campaignState(winter, at("2026-02-28T22:59:59.999Z"), 0)).toEqual(NOT_STARTED);
		expect(campaignState(winter, at("2026-02-28T23:00:00.000Z"), 0)).toEqual(OPEN);
		expect(campaignState(winter, at("2026-12-31T22:59:59.999Z"), 0)).toEqual(OPEN);
		expect(campaignState(winter, at("2026-12-31T23:00:00.000Z"), 0)).toEqual(ENDED);
	});

	it("opens at midnight in Prague in summer (CEST, UTC+2) and closes at the end's last millisecond", () => {
		const summer = settings({ start: "2026-06-01", end: "2026-08-31" });
		expect(campaignState(summer, at("2026-05-31T21:59:59.999Z"), 0)).toEqual(NOT_STARTED);
		expect(campaignState(summer, at("2026-05-31T22:00:00.000Z"), 0)).toEqual(OPEN);
		expect(campaignState(summer, at("2026-08-31T21:59:59.999Z"), 0)).toEqual(OPEN);
		expect(campaignState(summer, at("2026-08-31T22:00:00.000Z"), 0)).toEqual(ENDED);
	});

	it("counts the days the clocks change by Prague's wall clock", () => {
		// Summer time starts at 2:00 on 29 March 2026 (midnight is still CET) and ends at 3:00 on
		// 25 October 2026 (the day ends in CET): each of those days is 23 or 25 hours long.
		const spring = settings({ start: "2026-03-29", end: "2026-03-29" });
		expect(campaignState(spring, at("2026-03-28T22:59:59.999Z"), 0)).toEqual(NOT_STARTED);
		expect(campaignState(spring, at("2026-03-28T23:00:00.000Z"), 0)).toEqual(OPEN);
		expect(campaignState(spring, at("2026-03-29T21:59:59.999Z"), 0)).toEqual(OPEN);
		expect(campaignState(spring, at("2026-03-29T22:00:00.000Z"), 0)).toEqual(ENDED);
		const autumn = settings({ start: "2026-10-25", end: "2026-10-25" });
		expect(campaignState(autumn, at("2026-10-24T21:59:59.999Z"), 0)).toEqual(NOT_STARTED);
		expect(campaignState(autumn, at("2026-10-24T22:00:00.000Z"), 0)).toEqual(OPEN);
		expect(campaignState(autumn, at("2026-10-25T22:59:59.999Z"), 0)).toEqual(OPEN);
		expect(campaignState(autumn, at("2026-10-25T23:00:00.000Z"), 0)).toEqual(ENDED);
	});

	it("ends where a voucher's last day ends (endOfPragueDay)", () => {
		for (const end of ["2026-01-15", "2026-07-15", "2026-03-29", "2026-10-25"]) {
			const last = endOfPragueDay(end);
			expect(campaignState(settings({ end }), last, 0), end).toEqual(OPEN);
			expect(campaignState(settings({ end }), new Date(last.getTime() + 1), 0), end).toEqual(ENDED);
		}
	});

	it("gives the period's reason before the vouchers': not started, or ended, whatever was issued", () => {
		const period = settings({ start: "2026-03-01", end: "2026-03-31", voucherLimit: 1 });
		expect(campaignState(period, at("2026-02-01T12:00:00Z"), 5)).toEqual(NOT_STARTED);
		expect(campaignState(period, at("2026-04-01T12:00:00Z"), 5)).toEqual(ENDED);
		expect(campaignState(period, at("2026-03-15T12:00:00Z"), 5)).toEqual(SOLD_OUT);
		expect(campaignState(period, at("2026-03-15T12:00:00Z"), 0)).toEqual(OPEN);
	});
});

describe("campaignClosed", () => {
	it("is what the pages get: nothing while open, else the reason with the settings", () => {
		const limited = settings({ voucherLimit: 3 });
		expect(campaignClosed({ open: true }, limited)).toBeUndefined();
		expect(campaignClosed({ open: false, reason: "sold-out" }, limited)).toEqual({
			reason: "sold-out",
			settings: limited,
		});
	});
});

describeDatabases("app.campaign on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	/** A Campaign over a fresh database, with a clock the test moves and its counter queries counted. */
	async function setup(campaign: Partial<CampaignSettings> = {}) {
		const { db } = (await openDatabase()).handle;
		let queries = 0;
		let failing = false;
		const counting: KyselyPlugin = {
			transformQuery(args) {
				queries++;
				if (failing) throw new Error("database away");
				return args.node;
			},
			transformResult: async (args) => args.result,
		};
		let now = 1_000_000;
		const log = { error: vi.fn() };
		const subject = new Campaign(
			db.withPlugin(counting),
			settings({ voucherLimit: 3, ...campaign }),
			log as unknown as FastifyBaseLogger,
			() => now,
		);
		return {
			campaign: subject,
			log,
			queries: () => queries,
			advance: (ms: number) => {
				now += ms;
			},
			failing: (yes: boolean) => {
				failing = yes;
			},
			setIssued: (value: number) =>
				db.updateTable("campaign_counters").set({ value }).where("name", "=", "vouchers_issued").execute(),
		};
	}

	it("reads the counter at most once a second, one query for every caller of that second", async () => {
		const t = await setup();
		expect(await t.campaign.refresh()).toBe(0);
		expect(t.queries()).toBe(1);
		await t.setIssued(3);
		// Within the second: the count last read, no query.
		expect(t.campaign.issued()).toBe(0);
		expect(t.campaign.state()).toEqual(OPEN);
		t.advance(CAMPAIGN_COUNTER_TTL_MS - 1);
		expect(t.campaign.issued()).toBe(0);
		expect(t.queries()).toBe(1);
		// A second later: the callers of the moment get the last count at once, and share one read.
		t.advance(1);
		expect([t.campaign.issued(), t.campaign.issued(), t.campaign.state().open]).toEqual([0, 0, true]);
		expect(t.queries()).toBe(2);
		await vi.waitFor(() => expect(t.campaign.issued()).toBe(3));
		expect(t.campaign.state(new Date())).toEqual(SOLD_OUT);
		expect(t.queries()).toBe(2);
	});

	it("reads at once on refresh(): after this process issued the last voucher", async () => {
		const t = await setup();
		await t.campaign.refresh();
		await t.setIssued(3);
		expect(await t.campaign.refresh()).toBe(3);
		expect(t.campaign.issued()).toBe(3);
		expect(t.campaign.state()).toEqual(SOLD_OUT);
	});

	it("keeps the count last read when a read fails, logs it, and reads again on the next call", async () => {
		const t = await setup();
		await t.setIssued(2);
		await t.campaign.refresh();
		t.failing(true);
		await expect(t.campaign.refresh()).rejects.toThrow("database away");
		expect(t.log.error).toHaveBeenCalledTimes(1);
		// The failed read is not kept: this call starts another (which fails too).
		expect(t.campaign.issued()).toBe(2);
		await vi.waitFor(() => expect(t.log.error).toHaveBeenCalledTimes(2));
		t.failing(false);
		await t.setIssued(3);
		t.campaign.issued();
		await vi.waitFor(() => expect(t.campaign.issued()).toBe(3));
	});

	it("judges the period by the clock it is given", async () => {
		const t = await setup({ start: "2026-03-01", end: "2026-03-31" });
		await t.campaign.refresh();
		expect(t.campaign.state(at("2026-02-28T22:59:59.999Z"))).toEqual(NOT_STARTED);
		expect(t.campaign.state(at("2026-03-15T12:00:00Z"))).toEqual(OPEN);
		expect(t.campaign.state(at("2026-04-01T00:00:00Z"))).toEqual(ENDED);
	});
});
