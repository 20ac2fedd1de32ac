import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import { pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import { PLUGIN } from "../plugin-names";
import { applyRetention, describeRetention } from "./retention";

/** The app_meta row holding the Prague day of the last retention run (created by migration 0006). */
const LAST_RUN = "privacy_retention_day";

export interface DailyRetentionOptions {
	/** The first check after the server is ready: not at once, so a short-lived server (a test's) never runs it. */
	readonly firstCheckMs?: number;
	/** Then a check every so often; the day's first check that claims the day runs it. */
	readonly everyMs?: number;
	readonly now?: () => Date;
}

/**
 * Claims a day's retention run: one conditional UPDATE, so of any number of processes (and of checks)
 * exactly one sees its row changed and runs it that day.
 */
export async function claimDay(db: Kysely<Database>, day: string): Promise<boolean> {
	const claimed = await db
		.updateTable("app_meta")
		.set({ value: day })
		.where("key", "=", LAST_RUN)
		.where("value", "<", day)
		.executeTakeFirst();
	return claimed.numUpdatedRows === 1n;
}

/** Gives a failed run's day back, so the next check (of any process) tries again. */
async function releaseDay(db: Kysely<Database>, day: string): Promise<void> {
	await db
		.updateTable("app_meta")
		.set({ value: "" })
		.where("key", "=", LAST_RUN)
		.where("value", "=", day)
		.execute();
}

/**
 * Runs the retention rules (retention.ts) once a day inside the server, in one process of however
 * many share the database: every check claims the day first (claimDay). The first check comes
 * `firstCheckMs` after start (10 minutes), then every `everyMs` (an hour); timers never keep the
 * process alive, and closing the app waits for a run in progress.
 */
export function registerDailyRetention(app: FastifyInstance, options: DailyRetentionOptions = {}): void {
	const { firstCheckMs = 10 * 60 * 1000, everyMs = 60 * 60 * 1000, now = () => new Date() } = options;
	const { db } = app.database;
	let running: Promise<void> | undefined;
	const timers: NodeJS.Timeout[] = [];

	const check = async () => {
		const at = now();
		const day = pragueDate(at);
		if (!(await claimDay(db, day))) return;
		try {
			const report = await applyRetention(db, app.config, at);
			app.log.info({ retention: report }, `privacy retention: ${describeRetention(report)}`);
		} catch (error) {
			await releaseDay(db, day);
			throw error;
		}
	};
	const start = () => {
		if (running) return;
		running = check()
			.catch((error: unknown) => app.log.error({ err: error }, "privacy retention did not run"))
			.finally(() => {
				running = undefined;
			});
	};

	app.addHook("onReady", async () => {
		const first = setTimeout(() => {
			start();
			const every = setInterval(start, everyMs);
			every.unref();
			timers.push(every);
		}, firstCheckMs);
		first.unref();
		timers.push(first);
	});
	app.addHook("onClose", async () => {
		for (const timer of timers) clearTimeout(timer);
		await running;
	});
}

export const retentionPlugin = fp(registerDailyRetention, {
	name: PLUGIN.retention,
	decorators: { fastify: ["config", "database"] },
});
