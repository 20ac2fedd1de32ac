import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { redeemForm } from "../../domain/staff/forms";
import type { RedemptionOutcome, RedemptionScope } from "../../domain/staff/redemptions";
import { canEdit, canRedeem, type StaffUser } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { STAFF_SNIPPETS, StaffPage } from "../../pages/staff/StaffPage";
import { pragueDayRange } from "../../prague-time";
import { requireRole, requireUser, signedInUser } from "../auth/current-user";
import { EMPTY_STATE, type FormState, formRoute, readForm } from "../forms";
import type { StaffLimits } from "./limits";
import { redeemVoucher, redemptionsBetween } from "./redemption";

/**
 * Editors and admins oversee every store; staff see their store's redemptions (their own, if they have no
 * store).
 */
function scopeOf(user: StaffUser): RedemptionScope {
	if (canEdit(user.role)) return "all";
	return user.storeId ? { storeId: user.storeId } : { staffId: user.id };
}

/** The staff page: redeem a voucher by its code, and today's redemptions. */
export const redeemRoutes: FastifyPluginAsync<{ limits: StaffLimits }> = async (app, { limits }) => {
	const { db } = app.database;
	// onRequest: a request without a session is refused before its body is read.
	app.addHook("onRequest", requireUser);

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		view: { state?: FormState; outcome?: RedemptionOutcome; notice?: string; status?: number } = {},
	) {
		const user = await signedInUser(request);
		const scope = scopeOf(user);
		const today = await redemptionsBetween(db, pragueDayRange(new Date()), scope);
		const { status, ...shown } = view;
		const value = app.campaign.settings.voucherValueCzk;
		return reply.page(
			<StaffPage user={user} today={today} scope={scope} voucherValueCzk={value} {...shown} />,
			{
				status,
				snippets: STAFF_SNIPPETS,
			},
		);
	}

	app.get("/staff", (request, reply) => page(request, reply));

	// Marketing reads figures only: refused before the body is read.
	app.post("/staff", formRoute(redeemForm, { onRequest: requireRole(canRedeem) }), async (request, reply) => {
		const texts = MESSAGES[request.lang].staff.redeem;
		const limit = await limits.redeemByAccount(request);
		const submission = await readForm(request, redeemForm);
		// The code stays in the field (unchecked: the refusal is the only message), to be sent again in a
		// moment without typing or scanning it again.
		if (!limit.isAllowed && limit.isExceeded) {
			reply.header("retry-after", Math.max(1, Math.ceil(limit.ttl / 1000)));
			const state = { ...EMPTY_STATE, values: submission.state.values };
			return page(request, reply, { state, notice: texts.tooMany, status: 429 });
		}
		if (!submission.valid)
			return page(request, reply, { state: submission.state, status: submission.status });
		const { code } = submission.values;
		const user = await signedInUser(request);
		const outcome = await redeemVoucher(db, { code, staffId: user.id, storeId: user.storeId });
		// A mistyped code stays in the field to be corrected; otherwise the field is ready for the next one.
		const state = outcome.kind === "unknown" ? submission.state : EMPTY_STATE;
		return page(request, reply, { state, outcome });
	});
};
