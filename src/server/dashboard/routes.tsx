import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { DashboardLimits } from "../../domain/dashboard/figures";
import { parseDashboardQuery } from "../../domain/dashboard/filter";
import { canSeeFigures } from "../../domain/staff/user";
import { DASHBOARD_SNIPPETS, DashboardPage } from "../../pages/staff/DashboardPage";
import { addDays, pragueDate } from "../../prague-time";
import { requireRole, signedInUser } from "../auth/current-user";
import { dashboardCache } from "./cache";

/** Days shown when the campaign has no start: the last 90. */
const DEFAULT_DAYS = 90;

/**
 * The dashboard (admins and marketing): /staff/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD&region=CZ-64.
 * Without dates it shows the campaign's period up to today (or its last day); a filter it cannot read
 * is answered 400 with what is wrong, never with the figures of another range.
 */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
	const cache = dashboardCache(app.database.db);
	// After signing in, back to the same filter (only its own parameters, as text).
	const back = (request: FastifyRequest) => {
		const query = new URLSearchParams();
		for (const name of ["from", "to", "region"]) {
			const value = (request.query as Record<string, unknown>)[name];
			if (typeof value === "string" && value) query.set(name, value);
		}
		return query.size ? `/staff/dashboard?${query}` : "/staff/dashboard";
	};
	app.get("/staff/dashboard", { onRequest: requireRole(canSeeFigures, back) }, async (request, reply) => {
		const settings = app.campaign.settings;
		const today = pragueDate(new Date());
		const to = settings.end && settings.end < today ? settings.end : today;
		const from = settings.start && settings.start <= to ? settings.start : addDays(to, -(DEFAULT_DAYS - 1));
		const parsed = parseDashboardQuery(request.query, { from, to });
		const figures = parsed.filter && (await cache.figures(parsed.filter));
		const limits: DashboardLimits = {
			start: settings.start,
			end: settings.end,
			voucherLimit: settings.voucherLimit,
			voucherValueCzk: settings.voucherValueCzk,
		};
		const user = await signedInUser(request);
		return reply.page(<DashboardPage user={user} parsed={parsed} figures={figures} limits={limits} />, {
			status: figures ? 200 : 400,
			snippets: DASHBOARD_SNIPPETS,
		});
	});
};
