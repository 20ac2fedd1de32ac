import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { fill } from "../../components/shared/text";
import { loginForm } from "../../domain/staff/forms";
import { backPath } from "../../domain/staff/sign-in-paths";
import { MESSAGES } from "../../i18n/site-texts";
import { LoginPage } from "../../pages/staff/LoginPage";
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from "../auth/cookie";
import { currentUser } from "../auth/current-user";
import { dummyPasswordHash, verifyPassword } from "../auth/password";
import { createSession, deleteExpiredSessions, deleteSession, isSessionId } from "../auth/session";
import { type FormState, formRoute, readForm, withErrors } from "../forms";
import { emailHash, recordSignInFailure } from "./sign-in-failures";
import { countSignInAttempt, failureDelayMs } from "./sign-in-limits";

/** Signing out sends no fields: its form is a button. */
const LOGOUT = { bodyLimit: 1024 };

/** Sign-in and sign-out. Neither says whether an e-mail has an account. */
export const loginRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;

	app.get("/staff/login", async (request, reply) => {
		const back = backOf(request);
		if (await currentUser(request)) return reply.seeOther(back ?? "/staff");
		// Signing out and pages that need a sign-in lead here with a flag; the page says which.
		const flags = query(request);
		const notice = "signed-out" in flags ? "signedOut" : "required" in flags ? "required" : undefined;
		return reply.page(<LoginPage back={back} notice={notice} />);
	});

	app.post("/staff/login", formRoute(loginForm), async (request, reply) => {
		const back = backOf(request);
		const submission = await readForm(request, loginForm);
		if (!submission.valid)
			return reply.page(<LoginPage state={submission.state} back={back} />, { status: submission.status });

		const email = submission.values.email.toLowerCase();
		// Counted before the password is checked, so concurrent guesses cannot slip under a limit; the
		// right password gives its attempt back (sign-in-limits.ts).
		const attempt = await countSignInAttempt(db, { email, ip: request.ip });
		if (!attempt.allowed) return tooMany(request, reply, submission.state, attempt.retryAfterMs);
		const user = await db
			.selectFrom("staff_users")
			.select(["id", "password_hash", "disabled"])
			.where("email", "=", email)
			.executeTakeFirst();
		// The same scrypt work whether or not the account exists: timing tells nothing either.
		const matches = await verifyPassword(
			submission.values.password,
			user?.password_hash ?? (await dummyPasswordHash()),
		);
		if (!user || !matches || user.disabled) {
			const account = user ? { userId: user.id } : { emailHash: emailHash(app.config.sessionSecret, email) };
			await recordSignInFailure(db, { account, network: attempt.network });
			request.log.warn({ signInFailure: { ...account, network: attempt.network } }, "staff sign-in failed");
			// Repeated failures of one account from one network are answered ever later (capped).
			await sleep(failureDelayMs(attempt.failures));
			const state = withErrors(submission.state, {}, [MESSAGES[request.lang].staff.login.wrong]);
			return reply.page(<LoginPage state={state} back={back} />);
		}
		await attempt.giveBack();

		// A new id at every sign-in: an id planted before it (session fixation) is worth nothing after.
		const previous = request.cookies[SESSION_COOKIE];
		if (isSessionId(previous)) await deleteSession(db, previous);
		const now = new Date();
		await deleteExpiredSessions(db, now);
		setSessionCookie(request, reply, await createSession(db, user.id, now));
		return reply.seeOther(back ?? "/staff");
	});

	app.post("/staff/logout", formRoute(LOGOUT), async (request, reply) => {
		const id = request.cookies[SESSION_COOKIE];
		if (isSessionId(id)) await deleteSession(db, id);
		clearSessionCookie(request, reply);
		return reply.seeOther("/staff/login?signed-out");
	});
};

function tooMany(request: FastifyRequest, reply: FastifyReply, state: FormState, retryAfterMs: number) {
	const message = fill(MESSAGES[request.lang].staff.login.tooMany, {
		minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
	});
	reply.header("retry-after", Math.max(1, Math.ceil(retryAfterMs / 1000)));
	return reply.page(<LoginPage state={withErrors(state, {}, [message])} back={backOf(request)} />, {
		status: 429,
	});
}

const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

/** Where the sign-in page leads back to, from its address (`?back=`, see back.ts). */
const backOf = (request: FastifyRequest) => backPath(query(request).back);
