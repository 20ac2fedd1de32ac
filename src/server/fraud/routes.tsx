import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { fill } from "../../components/shared/text";
import { FRAUD_PERIODS, type FraudPeriod, isFraudPeriod, voidForm } from "../../domain/fraud/forms";
import { isAdmin } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { FraudPage, type FraudView } from "../../pages/staff/FraudPage";
import type { StaffNoticeText } from "../../pages/staff/StaffNotice";
import { addDays, pragueDate } from "../../prague-time";
import { requireRole, signedInUser } from "../auth/current-user";
import { type FormState, formRoute, readForm } from "../forms";
import { siteUrl } from "../request-location";
import { FRAUD_TOP, fraudFigures } from "./queries";
import { voidVoucher } from "./void";
import { voidedMail } from "./void-mail";

const CODE = /^\d{13}$/;

/**
 * The admins' fraud watch at /staff/fraud (?days=7|14|30): sign-ups by e-mail domain and by network,
 * refusals by reason; and POST /staff/fraud/void, which voids an unredeemed voucher.
 */
export const fraudRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	const admins = { onRequest: requireRole(isAdmin, () => "/staff/fraud") };

	async function view(request: FastifyRequest, period: FraudPeriod): Promise<FraudView> {
		const reasons = MESSAGES[request.lang].staff.fraud.reasons;
		// This process's latest counts too (every process writes its own every few seconds).
		await app.registrationActivity.flush();
		const to = pragueDate(new Date());
		const figures = await fraudFigures(db, { from: addDays(to, 1 - Number(period)), to });
		return {
			period,
			days: figures.days,
			top: FRAUD_TOP,
			domains: figures.domains.map((series) => ({ ...series, label: series.key })),
			networks: figures.networks.map((series) => ({ ...series, label: series.key })),
			refusals: figures.refusals.map((series) => ({ ...series, label: reasons[series.key] })),
		};
	}

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		shown: { period?: FraudPeriod; voidState?: FormState; notice?: StaffNoticeText; status?: number },
	) {
		const user = await signedInUser(request);
		const period = shown.period ?? FRAUD_PERIODS[0];
		return reply.page(
			<FraudPage
				user={user}
				view={await view(request, period)}
				voidState={shown.voidState}
				notice={shown.notice}
			/>,
			{ status: shown.status },
		);
	}

	app.get("/staff/fraud", admins, (request, reply) => {
		const query = request.query as { days?: unknown; voided?: unknown; erased?: unknown };
		if (query.days !== undefined && !isFraudPeriod(query.days)) return reply.callNotFound();
		const texts = MESSAGES[request.lang].staff.fraud.void;
		const voided = typeof query.voided === "string" && CODE.test(query.voided) ? query.voided : undefined;
		const notice = voided
			? ({
					kind: "done",
					text: fill(query.erased === undefined ? texts.done : texts.doneErased, { code: voided }),
				} as const)
			: undefined;
		return page(request, reply, { period: query.days, notice });
	});

	app.post("/staff/fraud/void", formRoute(voidForm, admins), async (request, reply) => {
		const submission = await readForm(request, voidForm);
		if (!submission.valid)
			return page(request, reply, { voidState: submission.state, status: submission.status });
		const { code, note } = submission.values;
		const user = await signedInUser(request);
		const outcome = await voidVoucher(
			db,
			{ actor: { id: user.id, name: user.name }, code, note: note.trim(), now: new Date() },
			(holder) => voidedMail(holder, siteUrl(app.config, holder.lang, "/terms")),
		);
		if (!outcome.ok) {
			const text = fill(MESSAGES[request.lang].staff.fraud.void[outcome.problem], { code });
			return page(request, reply, {
				voidState: submission.state,
				notice: { kind: "refused", text },
				status: outcome.problem === "unknown" ? 404 : 409,
			});
		}
		app.registration.sender?.kick();
		return reply.seeOther(`/staff/fraud?voided=${code}${outcome.told ? "" : "&erased"}`);
	});
};
