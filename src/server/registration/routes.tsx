import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ANTISPAM_FIELDS } from "../../components/antispam/fields";
import { langPrefix } from "../../i18n";
import { MESSAGES } from "../../i18n/messages";
import { OutboxPage } from "../../pages/registration/OutboxPage";
import { RegisteredAgainPage } from "../../pages/registration/RegisteredAgainPage";
import { REGISTER_SNIPPET, RegisterPage } from "../../pages/registration/RegisterPage";
import { TermsPage } from "../../pages/registration/TermsPage";
import { VoucherPage } from "../../pages/registration/VoucherPage";
import { type FormState, type Option, readEntries, validateSubmission, withErrors } from "../forms";
import { FORM_TEXTS } from "../forms/texts";
import { parseIsoDate, pragueDate } from "../prague-time";
import { databaseRateLimitStore } from "../security/rate-limit-store";
import { checkAntispam, timeTrapToRender } from "./antispam";
import { issueAltchaChallenge } from "./antispam/altcha";
import { CAPTCHA_SCRIPT } from "./antispam/captcha";
import { issueTimeTrap } from "./antispam/time-trap";
import { isAdult } from "./birth-date";
import { type RegisterForm, registerForm } from "./form";
import { normalisePhone } from "./phone";
import { register } from "./service";
import { registrationServices } from "./settings";
import { storeOptions } from "./stores";
import { findVoucher } from "./vouchers";

/** Per IP, in all languages and processes: a household or an office behind one address registers a few people, not dozens. */
export const REGISTRATION_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;
const EARLIEST_BIRTH_DATE = "1900-01-01";
const OUTBOX_SHOWN = 50;

export interface RegistrationRouteOptions {
	/** The clock (tests move it). */
	now?: () => Date;
}

/** /register, /terms, /voucher/:token and, outside production, /_outbox; mounted once per language. */
export const registrationRoutes: FastifyPluginAsync<RegistrationRouteOptions> = async (app, options) => {
	const now = options.now ?? (() => new Date());
	const { antispam, sender } = registrationServices(app);
	const { db } = app.database;

	await app.register(rateLimit, {
		global: false,
		store: databaseRateLimitStore(app),
		keyGenerator: (request) => `register:${normalizeIP(request.ip)}`,
		errorResponseBuilder: (_request, context) =>
			Object.assign(new Error("Too many registrations from this address"), {
				statusCode: context.statusCode,
			}),
	});

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
	) => {
		const vendor = antispam.captcha;
		const page = (
			<RegisterPage
				form={registration}
				state={state}
				antispam={{
					timeTrap,
					challengeUrl: `${app.config.basePath}${langPrefix(request.lang)}/register/challenge`,
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
		return renderForm(request, reply, await form(at), undefined, issueTimeTrap(antispam.timeTrapKey, at));
	});

	app.get("/register/challenge", async (_request, reply) => {
		reply.header("cache-control", "no-store");
		return issueAltchaChallenge(antispam.altchaKeys, now());
	});

	app.post("/register", { config: { rateLimit: REGISTRATION_RATE_LIMIT } }, async (request, reply) => {
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

		const submission = validateSubmission(registration, entries, request.lang);
		if (!submission.valid) return again(submission.state);
		const { values } = submission;

		// What the rules cannot know: a real calendar day, the exact age, the number in E.164.
		const birthDate = parseIsoDate(values.birthDate);
		const phone = values.phone ? normalisePhone(values.phone) : null;
		const errors: Record<string, string> = {};
		if (!birthDate || birthDate < EARLIEST_BIRTH_DATE || birthDate > today)
			errors.birthDate = texts.birthDateInvalid;
		else if (!isAdult(birthDate, today)) errors.birthDate = texts.tooYoung;
		if (phone === undefined) errors.phone = texts.phoneInvalid;
		if (!values.store) errors.store = texts.storeRequired;
		if (Object.keys(errors).length || !birthDate || phone === undefined || !values.store) {
			return again(withErrors(submission.state, errors));
		}

		const verdict = await checkAntispam(field, antispam, { now: at, ip: request.ip });
		if (!verdict.ok) {
			const message =
				verdict.failure === "too-fast"
					? texts.antispam.tooFast
					: verdict.failure === "expired"
						? texts.antispam.expired
						: texts.antispam.unverified;
			request.log.info({ failure: verdict.failure }, "registration refused by the bot protection");
			return again(withErrors(submission.state, {}, [message]));
		}

		const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
		const result = await register(
			db,
			{
				name: values.name,
				email: values.email,
				birthDate,
				phone,
				storeId: values.store,
				marketingConsent: values.marketing,
				lang: request.lang,
			},
			{
				now: at,
				challenge: verdict.challenge,
				voucherUrl: (token) => `${origin}${app.config.basePath}${langPrefix(request.lang)}/voucher/${token}`,
			},
		);
		if (result.kind === "replayed")
			return again(withErrors(submission.state, {}, [texts.antispam.unverified]));
		sender?.kick();
		return reply.seeOther(result.kind === "created" ? `/voucher/${result.token}` : "/register/again");
	});

	// The same for everyone (the address it was sent to is not repeated): rendered once per language.
	app.get("/register/again", { config: { renderCache: {} } }, async (_request, reply) =>
		reply.page(<RegisteredAgainPage />),
	);

	app.get("/terms", { config: { renderCache: {} } }, async (_request, reply) => reply.page(<TermsPage />));

	app.get<{ Params: { token: string } }>(
		"/voucher/:token",
		{
			// After reply.page, which sets its own cache policy: a voucher page is private to its link.
			onSend: async (_request, reply, payload) => {
				reply.header("cache-control", "no-store");
				reply.header("referrer-policy", "no-referrer");
				reply.header("x-robots-tag", "noindex, nofollow");
				return payload;
			},
		},
		async (request, reply) => {
			const voucher = await findVoucher(db, request.params.token, now());
			if (!voucher) return reply.callNotFound();
			return reply.page(<VoucherPage {...voucher} />);
		},
	);

	if (app.config.env !== "production") {
		app.get("/_outbox", async (_request, reply) => {
			const messages = await db
				.selectFrom("outbox")
				.select(["id", "recipient", "subject", "text_body", "created_at", "sent_at", "last_error"])
				.orderBy("created_at", "desc")
				.limit(OUTBOX_SHOWN)
				.execute();
			reply.header("x-robots-tag", "noindex");
			return reply.page(<OutboxPage messages={messages} />);
		});
	}
};
