import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ReactNode } from "react";
import {
	EditorControls,
	type EditorMessage,
	editorSnippet,
	SAVE_PATH,
} from "../../components/content-editor/ContentEditor";
import { fill } from "../../components/shared/text";
import { backPath } from "../../domain/staff/sign-in-paths";
import { canEdit } from "../../domain/staff/user";
import { splitLangPath } from "../../i18n";
import { MESSAGES } from "../../i18n/site-texts";
import { SiteContext, useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { requireRole, signedInUser } from "../auth/current-user";
import { defineForm, field, formRoute, readForm } from "../forms";
import { isAjax } from "../reply";
import { editableBlocks } from "./editable-pages";

const MAX_LENGTH = 2000;
const VERSION = /^\d{1,9}$/;

/** What the editing view's save and restore forms send (hidden fields: not something a person types). */
/** The text and its default, up to MAX_LENGTH characters each, percent-encoded, and the rest. */
const saveForm = defineForm(
	{ name: "contentSave", bodyLimit: 48 * 1024 },
	{
		key: field.hidden(),
		version: field.hidden(),
		body: field.hidden(),
		default: field.hidden(),
		path: field.hidden(),
	},
);

/** Plain text on one line: pasted line breaks and runs of spaces become one space (no-break spaces stay). */
export function normalizeBlockText(text: string): string {
	return text.replace(/[ \t\r\n\f\v]+/g, " ").trim();
}

/** Answered by the app's error handler: JSON for ajax, the error page otherwise. */
class BadSave extends Error {
	readonly statusCode = 400;
}

/**
 * The page being edited, as a path in the save's language to lead back to after signing in: from the
 * save's Referer (a same-origin request carries the page's address under the site's referrer policy),
 * since the body is not read without a session. Only its path is taken, and only if sign-in may lead
 * there (back.ts); otherwise sign-in leads to /staff.
 */
function editedPage(request: FastifyRequest): string | undefined {
	const { basePath } = request.server.config;
	let pathname: string;
	try {
		pathname = new URL(request.headers.referer ?? "").pathname;
	} catch {
		return undefined;
	}
	if (!pathname.startsWith(basePath)) return undefined;
	const page = splitLangPath(pathname.slice(basePath.length) || "/");
	return page.lang === request.lang ? backPath(`${page.path}?edit`) : undefined;
}

/**
 * Renders `children` as part of the page at `path` rather than of the save's own address: the controls
 * an answer replaces carry that page in their forms, as the page's did, so the next save names it too.
 */
function OnPage({ path, children }: { path: string; children: ReactNode }) {
	const site = useSite();
	return <SiteContext value={{ ...site, path }}>{children}</SiteContext>;
}

/** Saving a text block from the editing view (editors only), answered with the block's controls. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
	// onRequest: the session and the role are checked before the body is read. A session that ended in
	// the middle of an edit leads, through the sign-in page, back to the page being edited.
	app.post(
		SAVE_PATH,
		formRoute(saveForm, { onRequest: requireRole(canEdit, editedPage) }),
		async (request, reply) => {
			const user = await signedInUser(request);
			const submission = await readForm(request, saveForm);
			if (!submission.valid) throw new BadSave("Unreadable save");
			const { key, version, default: defaultText, path } = submission.values;
			// Only a block a page has, named with that page: nothing else is stored, and the answer's redirect
			// is a known page's path.
			if (
				!editableBlocks(request.lang, path).includes(key) ||
				!VERSION.test(version) ||
				defaultText.length > MAX_LENGTH
			) {
				throw new BadSave("Malformed save");
			}
			const texts = MESSAGES[request.lang].cms;
			const body = normalizeBlockText(submission.values.body);
			const baseVersion = Number(version);
			let shown = { text: body, version: baseVersion };
			let message: EditorMessage;
			if (!body || body.length > MAX_LENGTH) {
				message = { kind: "invalid", text: body ? fill(texts.tooLong, { max: MAX_LENGTH }) : texts.empty };
			} else {
				const result = await app.content.save({
					key,
					lang: request.lang,
					body,
					baseVersion,
					userId: user.id,
				});
				if (result.saved) {
					shown = { text: result.block.body, version: result.block.version };
					message = { kind: "saved", text: fill(texts.saved, { version: result.block.version }) };
				} else {
					// The editor's text stays; saving again builds on what is stored now, replacing it knowingly.
					shown = { text: body, version: result.current.version };
					message = {
						kind: "conflict",
						text: fill(texts.conflict, { version: result.current.version, text: result.current.body }),
					};
				}
			}
			if (!isAjax(request)) return reply.seeOther(`${path}?edit`);
			const history = (await app.content.history(request.lang)).get(key) ?? [];
			const name = editorSnippet(key);
			return reply.page(
				<OnPage path={path}>
					<Snippet name={name} className="cms-block__controls">
						<EditorControls
							blockKey={key}
							text={shown.text}
							version={shown.version}
							history={history}
							defaultText={defaultText}
							message={message}
						/>
					</Snippet>
				</OnPage>,
				{ snippets: [name] },
			);
		},
	);
};
