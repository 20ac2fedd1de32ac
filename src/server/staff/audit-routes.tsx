import type { FastifyPluginAsync } from "fastify";
import { isAdmin } from "../../domain/staff/user";
import { AuditPage } from "../../pages/staff/AuditPage";
import { auditPage } from "../audit/audit-log";
import { requireRole, signedInUser } from "../auth/current-user";

/** `?page=` as a page number from 1; anything else (absent, 0, "abc", 1e9) is the first page or 404. */
const PAGE = /^[1-9]\d{0,5}$/;

/** Admins read the audit log at /staff/audit, newest first, 50 rows a page. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	app.get(
		"/staff/audit",
		{ onRequest: requireRole(isAdmin, () => "/staff/audit") },
		async (request, reply) => {
			const { page: asked } = request.query as { page?: unknown };
			if (asked !== undefined && (typeof asked !== "string" || !PAGE.test(asked)))
				return reply.callNotFound();
			const page = asked === undefined ? 1 : Number(asked);
			const { entries, hasOlder } = await auditPage(db, page);
			if (page > 1 && entries.length === 0) return reply.callNotFound();
			const user = await signedInUser(request);
			return reply.page(<AuditPage user={user} entries={entries} page={page} hasOlder={hasOlder} />);
		},
	);
};
