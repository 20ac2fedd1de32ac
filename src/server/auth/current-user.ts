import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffRole } from "../db/schema";
import { isAjax } from "../reply";
import { SESSION_COOKIE } from "./cookie";
import { hashSessionId, isSessionId } from "./session";

/** A signed-in staff member, as routes and pages see them. */
export interface StaffUser {
	readonly id: string;
	readonly name: string;
	readonly email: string;
	readonly role: StaffRole;
	readonly storeId: string | null;
	readonly storeName: string | null;
	/** The session's cookie value: a per-session key (rate limits), never logged. */
	readonly sessionId: string;
}

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
	if (!row || (row.role !== "staff" && row.role !== "editor")) return null;
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		role: row.role,
		storeId: row.store_id,
		storeName: row.store_name,
		sessionId,
	};
}

/**
 * A preHandler for staff routes: anonymous requests go to the sign-in page (pages and plain forms) or get
 * 401 (ajax, which cannot follow a redirect to a page it would render as snippets).
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
	if (await currentUser(request)) return;
	if (isAjax(request)) {
		await reply.code(401).header("cache-control", "no-store").send({ error: "Sign in first" });
		return;
	}
	await reply.seeOther("/staff/login");
}

/** The user of a route behind requireUser. */
export async function signedInUser(request: FastifyRequest): Promise<StaffUser> {
	const user = await currentUser(request);
	if (!user) throw new Error("signedInUser() on a route without requireUser");
	return user;
}
