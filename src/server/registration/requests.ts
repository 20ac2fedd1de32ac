import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Lang } from "../../i18n";
import type { Messages } from "../../i18n/site-texts";
import { siteUrl } from "../request-location";
import type { EmailProblem } from "./email-identity";
import { CONFIRMATION_LIFETIME_MS } from "./lifetimes";
import { confirmToken, signupOfTicket, ticketFor, tokenHash, unsubscribeToken } from "./links";
import type { SignupContext } from "./signups";

/**
 * Route options of a page whose address or content is one person's (a voucher, a confirmation link, the
 * check-your-inbox page): never stored, never sent on as a referrer, never indexed. In onSend, after
 * reply.page has set its own cache policy.
 */
export const PRIVATE_PAGE = {
	onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
		reply.header("cache-control", "no-store");
		reply.header("referrer-policy", "no-referrer");
		reply.header("x-robots-tag", "noindex, nofollow");
		return payload;
	},
};

/** The message next to the e-mail field for an address that cannot register. */
export const EMAIL_PROBLEM_TEXT: Record<EmailProblem, (texts: Messages["register"]) => string> = {
	invalid: (t) => t.emailInvalid,
	quoted: (t) => t.emailQuoted,
	"mixed-script": (t) => t.emailMixedScript,
	disposable: (t) => t.emailDisposable,
};

/** Per IP, in all languages and processes: a household or an office behind one address registers a few people, not dozens. */
export const REGISTRATION_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

export const tooManyRequests = () =>
	Object.assign(new Error("Too many registrations from this network"), { statusCode: 429 });

/** Links in the e-mails: from the configured public origin, never from the request's Host. */
export function signupContext(app: FastifyInstance, lang: Lang, now: Date): Omit<SignupContext, "used"> {
	const { keys } = app.registration;
	const site = (path: string, in_: Lang) => siteUrl(app.config, in_, path);
	return {
		now,
		confirmUrl: (signupId) => site(`/register/confirm/${confirmToken(keys, signupId)}`, lang),
		voucherUrl: (token, in_) => site(`/voucher/${token}`, in_),
		confirmHash: (signupId) => tokenHash(confirmToken(keys, signupId)),
		unsubscribeUrl: (subject, in_) => site(`/unsubscribe/${unsubscribeToken(keys, subject)}`, in_),
	};
}

/** The visitor's signup, for the check-your-inbox page: an HttpOnly cookie, never a URL to share. */
const TICKET_COOKIE = "lumen_signup";

const ticketCookie = (app: FastifyInstance, request: FastifyRequest) => ({
	path: `${app.config.basePath}/`,
	httpOnly: true,
	sameSite: "lax" as const,
	secure: request.protocol === "https",
	maxAge: CONFIRMATION_LIFETIME_MS / 1000,
});

export function setTicket(
	app: FastifyInstance,
	request: FastifyRequest,
	reply: FastifyReply,
	signupId: string,
) {
	const { keys } = app.registration;
	reply.setCookie(TICKET_COOKIE, ticketFor(keys, signupId), ticketCookie(app, request));
}

export function ticketSignup(app: FastifyInstance, request: FastifyRequest): string | undefined {
	return signupOfTicket(app.registration.keys, request.cookies[TICKET_COOKIE]);
}
