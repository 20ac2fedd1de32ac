import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { LANGS, langPrefix } from "../../i18n";
import { apiKeysRoutes } from "../api/keys-routes";
import { contentRoutes } from "../cms/routes";
import { dashboardRoutes } from "../dashboard/routes";
import { fraudRoutes } from "../fraud/routes";
import { PLUGIN } from "../plugin-names";
import { settlementRoutes } from "../settlement/routes";
import { accountsRoutes } from "./accounts-routes";
import { auditRoutes } from "./audit-routes";
import { createStaffLimits } from "./limits";
import { loginRoutes } from "./login-routes";
import { redeemRoutes } from "./redeem-routes";
import { settingsRoutes } from "./settings-routes";
import { signInsRoutes } from "./sign-ins-routes";

/**
 * The staff area in every language (/staff, /en/staff): sign-in, redemption, the editors' saves, the
 * admins' list of failed sign-ins, accounts, audit log and campaign settings, the dashboard and the settlement.
 * Its pages are private: never stored by a cache, never indexed, never in one browsing context group
 * with a page of another origin (a password is typed here). Register under the base path.
 */
const staffArea: FastifyPluginAsync = async (app) => {
	// One set of counters for both languages: switching language does not reset a limit.
	const limits = await createStaffLimits(app);
	app.addHook("onSend", async (_request, reply) => {
		reply.header("cache-control", "no-store");
		reply.header("x-robots-tag", "noindex, nofollow");
		reply.header("cross-origin-opener-policy", "same-origin");
	});
	for (const lang of LANGS) {
		await app.register(
			async (site) => {
				await site.register(loginRoutes);
				await site.register(redeemRoutes, { limits });
				await site.register(contentRoutes);
				await site.register(signInsRoutes);
				await site.register(accountsRoutes);
				await site.register(auditRoutes);
				await site.register(settingsRoutes);
				await site.register(settlementRoutes);
				await site.register(fraudRoutes);
				await site.register(apiKeysRoutes);
				await site.register(dashboardRoutes);
			},
			{ prefix: langPrefix(lang) },
		);
	}
};

/** In a context of its own (its headers are the staff area's); sessions are cookies, editors save page texts. */
export const staffPlugin = fp(staffArea, {
	name: PLUGIN.staff,
	encapsulate: true,
	dependencies: [
		PLUGIN.cookie,
		PLUGIN.forms,
		PLUGIN.replies,
		PLUGIN.pageContent,
		PLUGIN.campaign,
		PLUGIN.registration,
		PLUGIN.fraudWatch,
	],
});
