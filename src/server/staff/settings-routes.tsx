import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { CampaignSettings } from "../../domain/campaign/settings";
import { settingsForm } from "../../domain/campaign/settings-form";
import { isAdmin } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { SettingsPage } from "../../pages/staff/SettingsPage";
import type { StaffNoticeText } from "../../pages/staff/StaffNotice";
import { parseIsoDate } from "../../prague-time";
import { requireRole, signedInUser } from "../auth/current-user";
import { saveSettings } from "../campaign/stored-settings";
import { type FormState, formRoute, readForm, withErrors } from "../forms";

/** The settings in effect as the form shows them. */
const shown = (settings: CampaignSettings): FormState => ({
	values: {
		start: settings.start ?? "",
		end: settings.end ?? "",
		voucherLimit: String(settings.voucherLimit),
		voucherValueCzk: String(settings.voucherValueCzk),
		voucherValidDays: String(settings.voucherValidDays),
	},
	errors: {},
	formErrors: [],
});

/**
 * Admins change the campaign's settings at /staff/settings: stored with their audit row, in effect in
 * this process at once and in every other within CAMPAIGN_SETTINGS_POLL_MS (src/server/campaign/plugin.ts).
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	const admins = { onRequest: requireRole(isAdmin, () => "/staff/settings") };

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		view: { state?: FormState; notice?: StaffNoticeText; status?: number } = {},
	) {
		const user = await signedInUser(request);
		const state = view.state ?? shown(app.campaign.settings);
		return reply.page(<SettingsPage user={user} state={state} notice={view.notice} />, {
			status: view.status,
		});
	}

	app.get("/staff/settings", admins, (request, reply) => {
		const saved = (request.query as { saved?: unknown }).saved !== undefined;
		const notice = saved
			? ({ kind: "done", text: MESSAGES[request.lang].staff.settings.saved } as const)
			: undefined;
		return page(request, reply, { notice });
	});

	app.post("/staff/settings", formRoute(settingsForm, admins), async (request, reply) => {
		const texts = MESSAGES[request.lang].staff.settings;
		const submission = await readForm(request, settingsForm);
		if (!submission.valid)
			return page(request, reply, { state: submission.state, status: submission.status });
		const values = submission.values;
		// The pattern lets 2026-02-30 through: only a real calendar day is a day.
		const day = (value: string) => (value === "" ? undefined : (parseIsoDate(value) ?? null));
		const start = day(values.start);
		const end = day(values.end);
		const errors: Record<string, string> = {};
		if (start === null) errors.start = texts.dayInvalid;
		if (end === null) errors.end = texts.dayInvalid;
		if (start && end && start > end) errors.end = texts.endBeforeStart;
		if (start === null || end === null || Object.keys(errors).length > 0) {
			return page(request, reply, { state: withErrors(submission.state, errors) });
		}
		// The form's rules required the numbers and bounded them.
		const settings: CampaignSettings = {
			start,
			end,
			voucherLimit: values.voucherLimit ?? 0,
			voucherValueCzk: values.voucherValueCzk ?? 0,
			voucherValidDays: values.voucherValidDays ?? 0,
		};
		const user = await signedInUser(request);
		await saveSettings(db, { id: user.id, name: user.name }, app.campaign.initialSettings, settings);
		await app.campaign.refreshSettings();
		return reply.seeOther("/staff/settings?saved");
	});
};
