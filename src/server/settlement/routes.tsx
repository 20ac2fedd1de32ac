import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { closeMonthForm, reopenMonthForm } from "../../domain/settlement/settlement-forms";
import { parseMonth, statementCsv } from "../../domain/settlement/statement";
import { canSeeFigures, isAdmin } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { SettlementPage, type SettlementView } from "../../pages/staff/SettlementPage";
import type { StaffNoticeText } from "../../pages/staff/StaffNotice";
import { pragueDate } from "../../prague-time";
import { requireRole, signedInUser } from "../auth/current-user";
import { formRoute, readForm } from "../forms";
import { closedMonth, closeMonth, liveStatement, reopenMonth } from "./settlement";

/** The current Prague month: the page's month when none is asked for. */
const thisMonth = (now: Date) => pragueDate(now).slice(0, 7);

const DONE = { closed: "closedDone", reopened: "reopenedDone" } as const;

/**
 * The settlement with the partner stores: /staff/settlement?month=YYYY-MM and the same as CSV (admins and
 * marketing); admins close and reopen a month.
 */
export const settlementRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	const back = (request: FastifyRequest) => {
		const month = parseMonth((request.query as { month?: unknown }).month);
		return month ? `/staff/settlement?month=${month}` : "/staff/settlement";
	};
	const figures = { onRequest: requireRole(canSeeFigures, back) };
	const admins = { onRequest: requireRole(isAdmin, () => "/staff/settlement") };

	async function view(month: string): Promise<SettlementView> {
		const closed = await closedMonth(db, month);
		if (closed) return { statement: closed.statement, closed };
		return { statement: await liveStatement(db, month, app.campaign.settings.voucherValueCzk) };
	}

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		month: string,
		notice?: StaffNoticeText,
		status = 200,
	) {
		const user = await signedInUser(request);
		const valid = parseMonth(month);
		const shown = valid ? await view(valid) : undefined;
		return reply.page(<SettlementPage user={user} month={month} view={shown} notice={notice} />, {
			status: valid ? status : 400,
		});
	}

	app.get("/staff/settlement", figures, (request, reply) => {
		const query = request.query as { month?: unknown; done?: unknown };
		const month = typeof query.month === "string" ? query.month : thisMonth(new Date());
		const done = DONE[query.done as keyof typeof DONE];
		const texts = MESSAGES[request.lang].staff.settlement;
		return page(request, reply, month, done && { kind: "done", text: texts[done] });
	});

	app.get("/staff/settlement.csv", figures, async (request, reply) => {
		const month = parseMonth((request.query as { month?: unknown }).month);
		if (!month) return reply.code(400).type("text/plain; charset=utf-8").send("?month=YYYY-MM");
		const { statement, closed } = await view(month);
		const texts = MESSAGES[request.lang].staff.settlement;
		const csv = statementCsv(statement, [texts.storeId, texts.store, texts.chain, texts.count, texts.amount]);
		if (closed) reply.header("x-settlement-checksum", closed.checksum);
		return reply
			.type("text/csv; charset=utf-8")
			.header("content-disposition", `attachment; filename="settlement-${month}.csv"`)
			.send(csv);
	});

	for (const [path, form, action] of [
		["/staff/settlement/close", closeMonthForm, "close"],
		["/staff/settlement/reopen", reopenMonthForm, "reopen"],
	] as const) {
		app.post(path, formRoute(form, admins), async (request, reply) => {
			const submission = await readForm(request, form as typeof closeMonthForm);
			const sent = submission.valid ? submission.values.month : "";
			const month = parseMonth(sent);
			const texts = MESSAGES[request.lang].staff.settlement;
			if (!month) return page(request, reply, sent);
			const user = await signedInUser(request);
			const actor = { id: user.id, name: user.name };
			const result =
				action === "close"
					? await closeMonth(db, actor, month, app.campaign.settings.voucherValueCzk)
					: await reopenMonth(db, actor, month);
			if (result.ok) {
				return reply.seeOther(
					`/staff/settlement?month=${month}&done=${action === "close" ? "closed" : "reopened"}`,
				);
			}
			const reason = { closed: texts.alreadyClosed, "not-ended": texts.notEnded, open: texts.alreadyOpen }[
				result.reason
			];
			return page(request, reply, month, { kind: "refused", text: reason }, 409);
		});
	}
};
