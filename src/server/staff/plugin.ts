import type { FastifyPluginAsync } from "fastify";
import { LANGS, langPrefix } from "../../i18n";
import { contentRoutes } from "../cms/routes";
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
 * admins' list of failed sign-ins, accounts, audit log and campaign settings, and the settlement.
 * Its pages are private: never stored by a cache, never indexed, never in one browsing context group
 * with a page of another origin (a password is typed here). Register under the base path.
 */
export const staffPlugin: FastifyPluginAsync = async (app) => {
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
			},
			{ prefix: langPrefix(lang) },
		);
	}
};
