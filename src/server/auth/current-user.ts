import type { FastifyReply, FastifyRequest } from "fastify";
import { signInPath } from "../../domain/staff/sign-in-paths";
import { isStaffRole, type StaffRole, type StaffUser } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { isAjax } from "../reply";
import { sitePath } from "../request-location";
import { SESSION_COOKIE } from "./cookie";
import { hashSessionId, isSessionId } from "./session";

const users = new WeakMap<FastifyRequest, Promise<StaffUser | null>>();

/**
 * The staff member signed in on this request, or null. Looked up once per request and only when asked,
 * so public pages without a session cookie cost no query.
 */
export function currentUser(request: FastifyRequest): Promise<StaffUser | null> {
	let user = users.get(request);
	if (!user) {
		user = lookUp(request);
		users.set(request, user);
	}
	return user;
}

async function lookUp(request: FastifyRequest): Promise<StaffUser | null> {
	const sessionId = request.cookies[SESSION_COOKIE];
	if (!isSessionId(sessionId)) return null;
	const row = await request.server.database.db
		.selectFrom("sessions")
		.innerJoin("staff_users", "staff_users.id", "sessions.user_id")
		.leftJoin("stores", "stores.id", "staff_users.store_id")
		.select([
			"staff_users.id",
			"staff_users.name",
			"staff_users.email",
			"staff_users.role",
			"staff_users.store_id",
			"stores.name as store_name",
		])
		.where("sessions.id_hash", "=", hashSessionId(sessionId))
		.where("sessions.expires_at", ">", new Date().toISOString())
		.where("staff_users.disabled", "=", 0)
		.executeTakeFirst();
	if (!row || !isStaffRole(row.role)) return null;
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		role: row.role,
		storeId: row.store_id,
		storeName: row.store_name,
	};
}

/**
 * An onRequest hook for staff routes: anonymous requests (a session that ended, too) go to the sign-in
 * page, which leads back to /staff. Before the body is read: nobody without a session makes the server
 * parse what they send.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
	if (await currentUser(request)) return;
	await toSignIn(request, reply);
}

/** Answered by the app's error handler (the error page, or JSON for ajax). */
class Forbidden extends Error {
	readonly statusCode = 403;
}

/**
 * An onRequest hook for routes of some roles only: anonymous requests go to the sign-in page (leading
 * back to `back(request)`), a signed-in user without the role gets 403. Before the body is read.
 */
export function requireRole(
	allowed: (role: StaffRole) => boolean,
	back: (request: FastifyRequest) => string | undefined = () => undefined,
) {
	return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
		const user = await currentUser(request);
		if (!user) return toSignIn(request, reply, back(request));
		if (!allowed(user.role)) throw new Forbidden("Not for this role");
	};
}

/**
 * Sends a request without a valid session to the sign-in page in its language, which leads back to `back`
 * (a path in that language, see back.ts) once signed in, or to /staff. Ajax gets 401 with the page in
 * `redirect` (fetch would follow a 303 to a page it cannot show as snippets) and, for clients that do not
 * follow it, an `error`.
 */
export async function toSignIn(request: FastifyRequest, reply: FastifyReply, back?: string): Promise<void> {
	const login = sitePath(request, signInPath(back, true));
	if (isAjax(request)) {
		const error = MESSAGES[request.lang].staff.login.required;
		await reply.code(401).header("cache-control", "no-store").send({ error, redirect: login });
		return;
	}
	await reply.redirect(login, 303);
}

/** The user of a route behind requireUser. */
export async function signedInUser(request: FastifyRequest): Promise<StaffUser> {
	const user = await currentUser(request);
	if (!user) throw new Error("signedInUser() on a route without requireUser");
	return user;
}
