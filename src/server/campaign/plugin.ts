import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { CampaignSettings } from "../../domain/campaign/settings";
import { type CampaignState, campaignState } from "../../domain/campaign/state";
import { Reread } from "../db/reread";
import type { Database } from "../db/schema";
import { PLUGIN } from "../plugin-names";
import { readSettings } from "./stored-settings";

/**
 * How long a process may show the vouchers issued as they were before (another process issued the
 * last one): the counter is re-read at most this often, not for every page that shows the state.
 */
export const CAMPAIGN_COUNTER_TTL_MS = 1000;

/**
 * How often each process reads the campaign's settings: an admin's change (src/server/staff/settings-routes)
 * is in effect in every process within this, and at once in the process that saved it.
 */
export const CAMPAIGN_SETTINGS_POLL_MS = 250;

/** The counter row of the vouchers issued (campaign_counters). */
const VOUCHERS_ISSUED = "vouchers_issued";

/**
 * The campaign's state as pages show it. The answers are synchronous (a page renders without waiting):
 * `issued()` gives the count last read and, when that read is older than CAMPAIGN_COUNTER_TTL_MS,
 * starts the next one, one at a time however many requests ask. So a page may show the count of up to
 * a second (and one query) before; issuing a voucher never relies on it (the counter's own conditional
 * UPDATE decides). The first read happens before the server takes requests (onReady).
 */
export class Campaign {
	readonly #counter: Reread<number>;
	#issued = 0;
	/** The read whose answer is kept: an older one that answers later is stale. */
	#latest: Promise<number> | undefined;

	readonly #db: Kysely<Database>;
	#settings: CampaignSettings;

	constructor(
		db: Kysely<Database>,
		/** The environment's settings: in effect until an admin saves others. */
		readonly initialSettings: CampaignSettings,
		readonly log: FastifyBaseLogger,
		clock: () => number = Date.now,
	) {
		this.#db = db;
		this.#settings = initialSettings;
		this.#counter = new Reread(
			async () => {
				const row = await db
					.selectFrom("campaign_counters")
					.select("value")
					.where("name", "=", VOUCHERS_ISSUED)
					.executeTakeFirst();
				return Number(row?.value ?? 0);
			},
			CAMPAIGN_COUNTER_TTL_MS,
			clock,
		);
	}

	/** The settings in effect, as last read (registerCampaign reads them every CAMPAIGN_SETTINGS_POLL_MS). */
	get settings(): CampaignSettings {
		return this.#settings;
	}

	/** Reads the stored settings now (after this process saved them); a failed read keeps the last ones. */
	async refreshSettings(): Promise<CampaignSettings> {
		try {
			this.#settings = await readSettings(this.#db, this.initialSettings);
		} catch (error) {
			this.log.error({ err: error }, "could not read the campaign settings");
		}
		return this.#settings;
	}

	/** The vouchers issued so far, as last read (see the class). */
	issued(): number {
		this.#follow(this.#counter.get());
		return this.#issued;
	}

	state(now: Date = new Date()): CampaignState {
		return campaignState(this.settings, now, this.issued());
	}

	/** Reads the counter now (after this process issued a voucher, the last one perhaps); resolves to it. */
	refresh(): Promise<number> {
		this.#counter.forget();
		const read = this.#counter.get();
		this.#follow(read);
		return read;
	}

	#follow(read: Promise<number>): void {
		if (read === this.#latest) return;
		this.#latest = read;
		read.then(
			(issued) => {
				if (this.#latest === read) this.#issued = issued;
			},
			// The count last read stays; the next caller reads again.
			(error: unknown) => this.log.error({ err: error }, "could not read the vouchers issued"),
		);
	}
}

declare module "fastify" {
	interface FastifyInstance {
		/** Whether registration is open: the campaign's period and its voucher limit. */
		readonly campaign: Campaign;
	}
}

/**
 * Decorates `app.campaign`; its first reads of the counter and the settings happen before the server
 * listens. The settings are then read on a timer rather than on demand: a page shows them without
 * waiting, and never ones older than CAMPAIGN_SETTINGS_POLL_MS (and a query).
 */
export function registerCampaign(app: FastifyInstance): void {
	const campaign = new Campaign(app.database.db, app.config.campaign, app.log);
	app.decorate("campaign", campaign);
	let poll: NodeJS.Timeout | undefined;
	let reading: Promise<unknown> | undefined;
	app.addHook("onReady", async () => {
		await Promise.all([campaign.refresh(), campaign.refreshSettings()]);
		poll = setInterval(() => {
			// One read at a time: a slow database does not pile them up.
			reading ??= campaign.refreshSettings().finally(() => {
				reading = undefined;
			});
		}, CAMPAIGN_SETTINGS_POLL_MS);
		poll.unref();
	});
	// The last read ends before the database closes.
	app.addHook("onClose", async () => {
		clearInterval(poll);
		await reading;
	});
}

export const campaignPlugin = fp(registerCampaign, {
	name: PLUGIN.campaign,
	decorators: { fastify: ["config", "database"] },
});
