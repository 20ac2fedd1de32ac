import type { FastifyPluginAsync } from "fastify";
import {
	EditorControls,
	type EditorMessage,
	editorSnippet,
	SAVE_PATH,
} from "../../components/content-editor/ContentEditor";
import { fill } from "../../components/shared/text";
import { MESSAGES } from "../../i18n/messages";
import { currentUser, toSignIn } from "../auth/current-user";
import { defineForm, field, readForm } from "../forms";
import { isAjax } from "../reply";
import { Snippet } from "../snippets";

const MAX_LENGTH = 2000;
const KEY = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;
const VERSION = /^\d{1,9}$/;
/** A page path of this site to return to ('/stores'), never another site's ('//evil.example'). */
const PATH = /^\/(?![/\\])[^\s\\?#]{0,300}$/;

/** What the editing view's save and restore forms send (hidden fields: not something a person types). */
const saveForm = defineForm("contentSave", {
	key: field.hidden(),
	version: field.hidden(),
	body: field.hidden(),
	default: field.hidden(),
	path: field.hidden(),
});

/** Plain text on one line: pasted line breaks and runs of spaces become one space (no-break spaces stay). */
export function normalizeBlockText(text: string): string {
	return text.replace(/[ \t\r\n\f\v]+/g, " ").trim();
}

/** Answered by the app's error handler: JSON for ajax, the error page otherwise. */
class RequestError extends Error {
	constructor(
		readonly statusCode: 400 | 403,
		message: string,
	) {
		super(message);
	}
}

/** Saving a text block from the editing view (editors only), answered with the block's controls. */
export const contentRoutes: FastifyPluginAsync = async (app) => {
	app.post(SAVE_PATH, async (request, reply) => {
		// Read before the session is checked: a session that ended in the middle of an edit leads, through
		// the sign-in page, back to the page being edited.
		const submission = await readForm(request, saveForm);
		const user = await currentUser(request);
		if (!user) {
			const path = submission.valid && PATH.test(submission.values.path) ? submission.values.path : undefined;
			await toSignIn(request, reply, path && `${path}?edit`);
			return reply;
		}
		if (user.role !== "editor") throw new RequestError(403, "Editors only");
		if (!submission.valid) throw new RequestError(400, "Unreadable save");
		const { key, version, default: defaultText, path } = submission.values;
		if (!KEY.test(key) || !VERSION.test(version) || !PATH.test(path) || defaultText.length > MAX_LENGTH) {
			throw new RequestError(400, "Malformed save");
		}
		const texts = MESSAGES[request.lang].cms;
		const body = normalizeBlockText(submission.values.body);
		const baseVersion = Number(version);
		let shown = { text: body, version: baseVersion };
		let message: EditorMessage;
		if (!body || body.length > MAX_LENGTH) {
			message = { kind: "invalid", text: body ? fill(texts.tooLong, { max: MAX_LENGTH }) : texts.empty };
		} else {
			const result = await app.content.save({ key, lang: request.lang, body, baseVersion, userId: user.id });
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
			<Snippet name={name} className="cms-block__controls">
				<EditorControls
					blockKey={key}
					text={shown.text}
					version={shown.version}
					history={history}
					defaultText={defaultText}
					message={message}
				/>
			</Snippet>,
			{ snippets: [name] },
		);
	});
};
