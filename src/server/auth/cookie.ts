import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_LIFETIME_MS } from "./session";

export const SESSION_COOKIE = "lumen_staff";

/**
 * HttpOnly (scripts never see it), SameSite=Lax (other sites' POSTs do not carry it; the same-origin
 * check refuses them anyway) and Secure whenever the request came over https (X-Forwarded-Proto
 * behind a proxy), for every page under the base path: editors edit public pages.
 */
function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
	return {
		path: `${request.server.config.basePath}/`,
		httpOnly: true,
		sameSite: "lax",
		secure: request.protocol === "https",
	};
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
	reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions(request), maxAge: SESSION_LIFETIME_MS / 1000 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
	reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
