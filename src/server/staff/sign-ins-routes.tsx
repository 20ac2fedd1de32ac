import type { FastifyPluginAsync } from "fastify";
import { SignInsPage } from "../../pages/staff/SignInsPage";
import { requireRole, signedInUser } from "../auth/current-user";
import { signInFailures } from "./sign-in-failures";

/** Admins' view of failed sign-ins per account (sign-in-failures.ts); anyone else is refused. */
export const signInsRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	app.get(
		"/staff/sign-ins",
		{
			onRequest: requireRole(
				(role) => role === "admin",
				() => "/staff/sign-ins",
			),
		},
		async (request, reply) => {
			const user = await signedInUser(request);
			return reply.page(<SignInsPage user={user} failures={await signInFailures(db)} />);
		},
	);
};
