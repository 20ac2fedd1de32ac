import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ANTISPAM_FIELDS } from "../../components/antispam/fields";
import { OFFLINE_UNTIL_HEADER } from "../../components/voucher/offline-note";
import { type CampaignState, campaignClosed } from "../../domain/campaign/state";
import {
	checkRegistration,
	REGISTER_FORM,
	type RegisterForm,
	registerForm,
} from "../../domain/registration/register-form";
import { FORM_TEXTS } from "../../forms/form-texts";
import { MESSAGES } from "../../i18n/site-texts";
import { OutboxPage } from "../../pages/registration/OutboxPage";
import { REGISTER_SNIPPET, RegisterPage } from "../../pages/registration/RegisterPage";
import { TermsPage } from "../../pages/registration/TermsPage";
import { VoucherPage } from "../../pages/registration/VoucherPage";
import { pragueDate } from "../../prague-time";
import {
	type FormState,
	formRoute,
	type Option,
	readEntries,
	validateSubmission,
	withErrors,
} from "../forms";
import { PLUGIN } from "../plugin-names";
import { cacheablePage } from "../render-cache/cacheable-page";
import { sitePath } from "../request-location";
import { databaseRateLimitStore, peekRateLimit } from "../security/rate-limit-store";
import { type AntispamFailure, checkAntispam, enoughWork, timeTrapToRender } from "./antispam";
import { issueAltchaChallenge } from "./antispam/altcha";
import { CAPTCHA_SCRIPT } from "./antispam/captcha";
import { difficultyLevel } from "./antispam/difficulty";
import { networkOf } from "./antispam/network";
import { issueTimeTrap } from "./antispam/time-trap";
import { checkEmail } from "./email-identity";
import { inboxRoutes } from "./inbox-routes";
import { countSignupMail, networkKey } from "./limits";
import {
	EMAIL_PROBLEM_TEXT,
	PRIVATE_PAGE,
	REGISTRATION_RATE_LIMIT,
	setTicket,
	signupContext,
	tooManyRequests,
} from "./requests";
import { ReplayedToken, recentSignup, submitLimitedSignup } from "./signups";
import { storeOptions } from "./stores";
import { unsubscribeRoutes } from "./unsubscribe-routes";
import { readOfflineWorker, voucherOfflineRoutes } from "./voucher-offline";
import { findVoucher } from "./vouchers";

const OUTBOX_SHOWN = 50;

/** A challenge solved at a lower difficulty than its network had reached by the signup. */
class TooLittleWork extends Error {}

export interface RegistrationRouteOptions {
	/** The clock (tests move it). */
	now?: () => Date;
}

/** /register, /terms, /voucher/:token and, outside production, /_outbox; mounted once per language. */
const routes: FastifyPluginAsync<RegistrationRouteOptions> = async (app, options) => {
	const now = options.now ?? (() => new Date());
	const { antispam, sender } = app.registration;
	const { db } = app.database;
	const activity = app.registrationActivity;

	await app.register(rateLimit, {
		global: false,
		store: databaseRateLimitStore(app),
		keyGenerator: (request) => `register:${normalizeIP(request.ip)}`,
		errorResponseBuilder: (_request, context) => {
			activity.refusal("limit-address");
			return Object.assign(new Error("Too many registrations from this address"), {
				statusCode: context.statusCode,
			});
		},
	});

	await app.register(inboxRoutes, { now });
	await app.register(unsubscribeRoutes, { now });

	// One definition while the day and the (cached) store list stay the same: it carries its rules
	// exported and parsed, which would cost more than the rest of a submission's validation.
	let current: { today: string; stores: readonly Option[]; form: RegisterForm } | undefined;
	const form = async (at: Date): Promise<RegisterForm> => {
		const today = pragueDate(at);
		const stores = storeOptions(await app.stores.snapshot());
		if (current?.today !== today || current.stores !== stores) {
			current = { today, stores, form: registerForm(today, stores) };
		}
		return current.form;
	};

	const renderForm = (
		request: FastifyRequest,
		reply: FastifyReply,
		registration: RegisterForm,
		state: FormState | undefined,
		timeTrap: string,
		status = 200,
		campaign: CampaignState = { open: true },
	) => {
		const vendor = antispam.captcha;
		const page = (
			<RegisterPage
				form={registration}
				state={state}
				closed={campaignClosed(campaign, app.campaign.settings)}
				antispam={{
					timeTrap,
					challengeUrl: sitePath(request, "/register/challenge"),
					vendor: vendor && {
						name: vendor.vendor,
						siteKey: vendor.siteKey,
						script: CAPTCHA_SCRIPT[vendor.vendor],
					},
				}}
			/>
		);
		return reply.page(page, { status, snippets: [REGISTER_SNIPPET] });
	};

	app.get("/register", async (request, reply) => {
		const at = now();
		const timeTrap = issueTimeTrap(antispam.timeTrapKey, at);
		return renderForm(request, reply, await form(at), undefined, timeTrap, 200, app.campaign.state(at));
	});

	// The proof of work grows with the signups the asking network made lately.
	app.get("/register/challenge", async (request, reply) => {
		reply.header("cache-control", "no-store");
		const at = now();
		const recent = await peekRateLimit(db, networkKey(request.ip), at);
		return issueAltchaChallenge(antispam.altchaKeys, at, difficultyLevel(recent.hits));
	});

	const registerRoute = formRoute(REGISTER_FORM, { config: { rateLimit: REGISTRATION_RATE_LIMIT } });
	app.post("/register", registerRoute, async (request, reply) => {
		const at = now();
		const today = pragueDate(at);
		const registration = await form(at);
		const entries = await readEntries(request);
		if (entries instanceof Error) {
			const message = entries.statusCode === 413 ? FORM_TEXTS.tooLarge : FORM_TEXTS.unreadable;
			const state = { values: {}, errors: {}, formErrors: [message[request.lang]] };
			return renderForm(
				request,
				reply,
				registration,
				state,
				issueTimeTrap(antispam.timeTrapKey, at),
				entries.statusCode,
			);
		}
		const field = (name: string) => {
			const values = entries.get(name);
			return values?.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
		};
		const texts = MESSAGES[request.lang].register;
		const again = (state: FormState) => {
			const timeTrap = timeTrapToRender(field(ANTISPAM_FIELDS.timeTrap), antispam, at, () =>
				issueTimeTrap(antispam.timeTrapKey, at),
			);
			return renderForm(request, reply, registration, state, timeTrap);
		};

		const campaign = app.campaign.state(at);
		if (!campaign.open) {
			activity.refusal("campaign-closed");
			return renderForm(request, reply, registration, undefined, "", 200, campaign);
		}

		const submission = validateSubmission(registration, entries, request.lang);
		if (!submission.valid) return again(submission.state);
		const { values } = submission;

		// What the rules cannot know: a real calendar day, the exact age, the number in E.164.
		const checked = checkRegistration(values, today, request.lang);
		if (!checked.ok) return again(withErrors(submission.state, checked.errors));
		const { birthDate, phone, store } = checked;

		const identity = checkEmail(values.email);
		if (!identity.ok) {
			activity.refusal(`email-${identity.problem}`);
			const message = EMAIL_PROBLEM_TEXT[identity.problem](texts);
			return again(withErrors(submission.state, { email: message }));
		}

		const refuseBot = (failure: AntispamFailure) => {
			const message =
				failure === "too-fast"
					? texts.antispam.tooFast
					: failure === "expired"
						? texts.antispam.expired
						: texts.antispam.unverified;
			request.log.info({ failure }, "registration refused by the bot protection");
			activity.refusal(`bot-${failure}`);
			return again(withErrors(submission.state, {}, [message]));
		};
		// The work the network's pace asks for is checked once the signup is counted (enoughWork).
		const verdict = await checkAntispam(field, antispam, { now: at, ip: request.ip, minLevel: 0 });
		if (!verdict.ok) return refuseBot(verdict.failure);
		const submitted = {
			name: values.name,
			email: values.email.trim(),
			emailCanonical: identity.canonical,
			birthDate,
			phone,
			storeId: store,
			marketingConsent: values.marketing,
			lang: request.lang,
			consentMethod: verdict.path === "no-script" ? ("form-no-script" as const) : ("form" as const),
		};
		// The same form sent twice (a double click, a retry after a lost answer): the first made the
		// signup, so this one gets its answer and counts against no limit. Anything else replayed is
		// refused, with a fresh token.
		const replayed = async () => {
			const first = await recentSignup(db, identity.canonical, values.name, at);
			if (first) return answer(first);
			activity.refusal("bot-replayed");
			const state = withErrors(submission.state, {}, [texts.antispam.unverified]);
			return renderForm(request, reply, registration, state, issueTimeTrap(antispam.timeTrapKey, at));
		};
		const answer = (signupId: string) => {
			setTicket(app, request, reply, signupId);
			return reply.seeOther("/register/sent");
		};
		// The limits are counted in the signup's transaction, once its tokens are spent, and the network's
		// count before this signup sets the work it needed: too little rolls it all back.
		const stored = await submitLimitedSignup(
			db,
			submitted,
			{ ...signupContext(app, request.lang, at), used: verdict.used },
			async (trx) => {
				const mail = { canonical: identity.canonical, ip: request.ip, now: at, signup: verdict.path };
				const { limit, networkSignups } = await countSignupMail(trx, mail);
				if (!enoughWork(verdict, difficultyLevel(networkSignups))) throw new TooLittleWork();
				return limit;
			},
		).catch((error: unknown) => {
			if (error instanceof ReplayedToken || error instanceof TooLittleWork) return error;
			throw error;
		});
		if (stored instanceof TooLittleWork) return refuseBot("unverified");
		if (stored instanceof ReplayedToken) return replayed();
		if ("limit" in stored) {
			activity.refusal(`limit-${stored.limit}`);
			if (stored.limit === "recipient") {
				return again(withErrors(submission.state, { email: texts.sent.tooMany }));
			}
			throw tooManyRequests();
		}
		const { signupId } = stored;
		activity.signup(identity.canonical, networkOf(request.ip));
		sender?.kick();
		return answer(signupId);
	});

	// The terms quote the settings: an admin's change makes a new page.
	cacheablePage(app, {
		path: "/terms",
		query: "none",
		data: { version: async () => JSON.stringify(app.campaign.settings) },
		expires: "never",
		render: () => <TermsPage settings={app.campaign.settings} />,
	});

	const offlineWorker = readOfflineWorker(app);
	if (offlineWorker) voucherOfflineRoutes(app, offlineWorker, now);
	app.get<{ Params: { token: string } }>("/voucher/:token", PRIVATE_PAGE, async (request, reply) => {
		const at = now();
		const voucher = await findVoucher(db, request.params.token, at);
		if (!voucher) return reply.callNotFound();
		// The service worker keeps the page in its holder's browser until then, not longer.
		reply.header(OFFLINE_UNTIL_HEADER, voucher.validUntil.toISOString());
		return reply.page(<VoucherPage {...voucher} shownAt={at} offline={offlineWorker !== undefined} />);
	});

	if (app.config.env !== "production") {
		// ?to=<address> shows one mailbox's e-mails.
		app.get<{ Querystring: { to?: string } }>("/_outbox", async (request, reply) => {
			let query = db
				.selectFrom("outbox")
				.select(["id", "recipient", "subject", "text_body", "created_at", "sent_at", "last_error"])
				.orderBy("created_at", "desc")
				.limit(OUTBOX_SHOWN);
			if (typeof request.query.to === "string") query = query.where("recipient", "=", request.query.to);
			const messages = await query.execute();
			reply.header("x-robots-tag", "noindex");
			return reply.page(<OutboxPage messages={messages} />);
		});
	}
};

/** The registration's routes, in a context of their own; they read and answer forms, set the ticket cookie. */
export const registrationRoutes = fp(routes, {
	name: PLUGIN.registrationRoutes,
	encapsulate: true,
	dependencies: [
		PLUGIN.registration,
		PLUGIN.fraudWatch,
		PLUGIN.campaign,
		PLUGIN.forms,
		PLUGIN.cookie,
		PLUGIN.replies,
	],
	decorators: { fastify: ["stores"] },
});
