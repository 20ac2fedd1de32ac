import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { PLUGIN } from "../plugin-names";
import { RegistrationActivity } from "./activity";

declare module "fastify" {
	interface FastifyInstance {
		/** The registration form's counters for the admins' fraud watch (src/server/fraud/activity.ts). */
		readonly registrationActivity: RegistrationActivity;
	}
}

/** How often each process adds its counts to the database, and how often old network counts are deleted. */
export const ACTIVITY_FLUSH_MS = 5000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Counts in memory, written every ACTIVITY_FLUSH_MS and when the server closes. */
const fraudWatch: FastifyPluginAsync = async (app) => {
	const activity = new RegistrationActivity(app.database.db);
	app.decorate("registrationActivity", activity);
	const flush = () =>
		activity.flush().catch((error) => app.log.warn({ err: error }, "fraud watch counts not written"));
	const prune = () =>
		activity.prune().catch((error) => app.log.warn({ err: error }, "old network counts not deleted"));
	const flushing = setInterval(flush, ACTIVITY_FLUSH_MS);
	const pruning = setInterval(prune, PRUNE_EVERY_MS);
	flushing.unref();
	pruning.unref();
	app.addHook("onClose", async () => {
		clearInterval(flushing);
		clearInterval(pruning);
		await flush();
	});
};

export const fraudWatchPlugin = fp(fraudWatch, {
	name: PLUGIN.fraudWatch,
	decorators: { fastify: ["database"] },
});
