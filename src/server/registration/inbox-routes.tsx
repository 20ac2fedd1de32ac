import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { campaignState } from "../../domain/campaign/state";
import { correctForm, resendForm } from "../../domain/registration/sent-forms";
import { MESSAGES } from "../../i18n/site-texts";
import { CheckInboxPage, INBOX_SNIPPETS, type InboxNotice } from "../../pages/registration/CheckInboxPage";
import { ConfirmationPage } from "../../pages/registration/ConfirmationPage";
import { type FormState, formRoute, readForm, withErrors } from "../forms";
import { confirmSignup } from "./confirm";
import { checkEmail } from "./email-identity";
import { countMail } from "./limits";
import { CONFIRM_TOKEN, tokenHash } from "./links";
import {
	EMAIL_PROBLEM_TEXT,
	PRIVATE_PAGE,
	REGISTRATION_RATE_LIMIT,
	setTicket,
	signupContext,
	ticketSignup,
	tooManyRequests,
} from "./requests";
import { correctSignup, MAX_CORRECTIONS, maskEmail, openSignup, resendSignup, resendWait } from "./signups";

/**
 * After the form: the check-your-inbox page with its resend and correct buttons, and the link from the
 * e-mail that issues the voucher (the double opt-in).
 */
export const inboxRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
	const { db } = app.database;
	const { sender } = app.registration;

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		view: { notice?: InboxNotice; correction?: FormState; status?: number } = {},
	) {
		const id = ticketSignup(app, request);
		const signup = id ? await openSignup(db, id, now()) : undefined;
		const maskedEmail = signup?.email ? maskEmail(signup.email) : undefined;
		// A signup that can no longer be changed: say so, rather than offer buttons that cannot work.
		const notice = !signup && id && !view.notice ? { kind: "gone" as const } : view.notice;
		return reply.page(
			<CheckInboxPage maskedEmail={maskedEmail} notice={notice} correction={view.correction} />,
			{ status: view.status, snippets: INBOX_SNIPPETS },
		);
	}

	app.get<{ Querystring: { corrected?: string } }>("/register/sent", PRIVATE_PAGE, (request, reply) =>
		page(request, reply, request.query.corrected === undefined ? {} : { notice: { kind: "corrected" } }),
	);

	const limited = { ...PRIVATE_PAGE, config: { rateLimit: REGISTRATION_RATE_LIMIT } };

	app.post("/register/resend", formRoute(resendForm, limited), async (request, reply) => {
		const at = now();
		const id = ticketSignup(app, request);
		const signup = id ? await openSignup(db, id, at) : undefined;
		if (!signup) return page(request, reply, { notice: { kind: "gone" } });
		// A press during the cooldown sends nothing, so it counts against no limit.
		const seconds = resendWait(signup, at);
		if (seconds > 0) return page(request, reply, { notice: { kind: "wait", seconds } });
		const limit = await countMail(db, { canonical: signup.email_canonical ?? "", ip: request.ip, now: at });
		if (limit === "recipient") return page(request, reply, { notice: { kind: "tooMany" } });
		if (limit) throw tooManyRequests();
		const result = await resendSignup(db, signup, signupContext(app, request.lang, at));
		if (result.kind === "wait") return page(request, reply, { notice: result });
		sender?.kick();
		return page(request, reply, { notice: { kind: "resent" } });
	});

	app.post("/register/correct", formRoute(correctForm, limited), async (request, reply) => {
		const at = now();
		const texts = MESSAGES[request.lang].register;
		const id = ticketSignup(app, request);
		const signup = id ? await openSignup(db, id, at) : undefined;
		if (!signup) return page(request, reply, { notice: { kind: "gone" } });
		if (signup.corrections >= MAX_CORRECTIONS)
			return page(request, reply, { notice: { kind: "noMoreCorrections" } });
		const submission = await readForm(request, correctForm);
		if (!submission.valid)
			return page(request, reply, { correction: submission.state, status: submission.status });
		const typed = submission.values.email.trim();
		const identity = checkEmail(typed);
		if (!identity.ok) {
			const message = EMAIL_PROBLEM_TEXT[identity.problem](texts);
			return page(request, reply, { correction: withErrors(submission.state, { email: message }) });
		}
		// A correction makes a signup: it counts on its network as one does.
		const limit = await countMail(db, {
			canonical: identity.canonical,
			ip: request.ip,
			now: at,
			signup: "correction",
		});
		if (limit === "recipient") {
			const correction = withErrors(submission.state, { email: texts.sent.tooMany });
			return page(request, reply, { correction });
		}
		if (limit) throw tooManyRequests();
		const corrected = await correctSignup(
			db,
			signup,
			{ email: typed, emailCanonical: identity.canonical },
			signupContext(app, signup.lang === "en" ? "en" : "cs", at),
		);
		sender?.kick();
		setTicket(app, request, reply, corrected);
		return reply.seeOther("/register/sent?corrected");
	});

	app.get<{ Params: { token: string } }>("/register/confirm/:token", PRIVATE_PAGE, async (request, reply) => {
		if (!CONFIRM_TOKEN.test(request.params.token)) {
			return reply.page(<ConfirmationPage refusal="unknown" />, { status: 404 });
		}
		const at = now();
		const settings = app.campaign.settings;
		const campaign = campaignState(settings, at, 0);
		const result = await confirmSignup(db, tokenHash(request.params.token), {
			now: at,
			inPeriod: campaign.open,
			voucherLimit: settings.voucherLimit,
			voucherValidDays: settings.voucherValidDays,
			links: signupContext(app, request.lang, at),
		});
		if (result.kind === "voucher") {
			// A voucher issued now has its e-mail queued (one shown again has none: the drain finds nothing).
			sender?.kick();
			return reply.seeOther(`/voucher/${result.token}`);
		}
		if (result.kind === "refused") app.registrationActivity.refusal(result.outcome);
		if (result.kind === "refused" && result.outcome === "sold-out") app.campaign.refresh();
		const refusal = result.kind === "refused" ? result.outcome : result.kind;
		const status = { unknown: 404, expired: 410, person: 409, closed: 403, "sold-out": 410 }[refusal];
		return reply.page(<ConfirmationPage refusal={refusal} />, { status });
	});
};
