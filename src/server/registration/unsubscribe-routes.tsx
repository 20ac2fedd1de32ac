import type { FastifyPluginAsync } from "fastify";
import { UnsubscribePage } from "../../pages/registration/UnsubscribePage";
import { readEntries } from "../forms";
import { unsubscribeSubject } from "./links";
import { PRIVATE_PAGE } from "./requests";
import { getsNews, withdrawNews } from "./unsubscribe";

/** An unsubscribe POST's body is one short field (RFC 8058's, or the page's button). */
const BODY_LIMIT = 4096;

/**
 * The link in every e-mail to someone who asked for news (`List-Unsubscribe`): GET shows a page with a
 * button, POST withdraws the consent, from that button or from a mail client's one-click (RFC 8058:
 * no cookie, no Origin, the body "List-Unsubscribe=One-Click", urlencoded or multipart). Both may be
 * repeated. A token the server did not make is the 404 page. A webmail's page may send the one-click
 * from the browser, cross-site: the token is the credential, so the same-origin check lets it through.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
	const { db } = app.database;
	const { keys } = app.registration;

	app.get<{ Params: { token: string } }>("/unsubscribe/:token", PRIVATE_PAGE, async (request, reply) => {
		const subject = unsubscribeSubject(keys, request.params.token);
		if (!subject) return reply.callNotFound();
		const state = (await getsNews(db, subject)) ? "ask" : "done";
		return reply.page(<UnsubscribePage state={state} action={`/unsubscribe/${request.params.token}`} />);
	});

	app.post<{ Params: { token: string } }>(
		"/unsubscribe/:token",
		{ ...PRIVATE_PAGE, bodyLimit: BODY_LIMIT, config: { multipart: true, crossSite: true } },
		async (request, reply) => {
			const subject = unsubscribeSubject(keys, request.params.token);
			if (!subject) return reply.callNotFound();
			// The body only tells the page's button from a mail client; a body that cannot be read still unsubscribes.
			const entries = await readEntries(request);
			const fromPage = !(entries instanceof Error) && entries.has("unsubscribe");
			await withdrawNews(db, subject, fromPage ? "unsubscribe-page" : "unsubscribe-one-click", now());
			return reply.page(<UnsubscribePage state="done" action={`/unsubscribe/${request.params.token}`} />);
		},
	);
};
