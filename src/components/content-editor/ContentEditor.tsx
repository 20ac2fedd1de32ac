import type { ReactNode } from "react";
import { formatPragueDateTime } from "../../prague-time";
import type { BlockVersion } from "../../render/page-content";
import { type Site, useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { fill } from "../shared/text";
import type { EditableTag } from "./Editable";

/** The snippet a save answers with: the block's controls (version, message, history). */
export const editorSnippet = (key: string) => `cms-${key}` as const;

/** Where editors save (under the page's language, which is the block's). */
export const SAVE_PATH = "/staff/content";

interface ContentEditorProps extends EditorControlsProps {
	as: EditableTag;
	elementId: string | undefined;
	className: string | undefined;
}

/** A text block in the editing view: the element with its text editable in place, then its controls. */
export function ContentEditor({ as: Tag, elementId, className, ...controls }: ContentEditorProps) {
	const { t } = useSite();
	const labelId = `cms-label-${controls.blockKey}`;
	return (
		<div className="cms-block" data-component="content-editor">
			<p className="cms-block__label" id={labelId}>
				{fill(t.cms.label, { key: controls.blockKey })}
			</p>
			<Tag id={elementId} className={className}>
				{/* biome-ignore lint/a11y/useSemanticElements: edited in place, in the element's own typography; an input cannot be inside a heading */}
				<span
					className="cms-block__text"
					tabIndex={0}
					contentEditable="plaintext-only"
					suppressContentEditableWarning
					role="textbox"
					aria-multiline="false"
					aria-labelledby={labelId}
					spellCheck
				>
					{controls.text}
				</span>
			</Tag>
			<p className="visually-hidden cms-block__announcer" role="status" />
			<Snippet name={editorSnippet(controls.blockKey)} className="cms-block__controls">
				<EditorControls {...controls} />
			</Snippet>
		</div>
	);
}

export interface EditorMessage {
	kind: "saved" | "conflict" | "invalid";
	text: string;
}

export interface EditorControlsProps {
	blockKey: string;
	/** The text the editable shows after this render (the browser component syncs it from `body`). */
	text: string;
	/** The stored version a save builds on (0: never saved). */
	version: number;
	history: readonly BlockVersion[];
	defaultText: string;
	message?: EditorMessage | undefined;
}

/** The save form, its last message and the version history, each past version restorable. */
export function EditorControls({
	blockKey,
	text,
	version,
	history,
	defaultText,
	message,
}: EditorControlsProps) {
	const site = useSite();
	const { t } = site;
	return (
		<>
			<SaveForm site={site} blockKey={blockKey} version={version} body={text} defaultText={defaultText} main>
				<button
					type="submit"
					id={`cms-save-${blockKey}`}
					className="button button--small"
					aria-label={fill(t.cms.saveLabel, { key: blockKey })}
				>
					{t.cms.save}
				</button>
				{message && (
					<p className={`cms-block__message cms-block__message--${message.kind}`}>{message.text}</p>
				)}
			</SaveForm>
			<details className="cms-block__history">
				<summary>{t.cms.history}</summary>
				{history.length === 0 && <p>{t.cms.historyEmpty}</p>}
				<ol>
					{history.map((entry) => (
						<li key={entry.version}>
							<span className="cms-block__version">
								{fill(t.cms.version, {
									version: entry.version,
									when: formatPragueDateTime(entry.createdAt, site.lang),
									author: entry.authorName ?? t.cms.unknownAuthor,
								})}
							</span>
							<q>{entry.body}</q>
							{entry.version !== version && (
								<SaveForm
									site={site}
									blockKey={blockKey}
									version={version}
									body={entry.body}
									defaultText={defaultText}
								>
									<button
										type="submit"
										id={`cms-restore-${blockKey}-${entry.version}`}
										className="button button--small"
										aria-label={fill(t.cms.restoreLabel, { version: entry.version })}
									>
										{t.cms.restore}
									</button>
								</SaveForm>
							)}
						</li>
					))}
					{version > 0 && (
						<li>
							<span className="cms-block__version">{t.cms.original}</span>
							<q>{defaultText}</q>
							<SaveForm
								site={site}
								blockKey={blockKey}
								version={version}
								body={defaultText}
								defaultText={defaultText}
							>
								<button type="submit" id={`cms-restore-${blockKey}-0`} className="button button--small">
									{t.cms.restoreOriginal}
								</button>
							</SaveForm>
						</li>
					)}
				</ol>
			</details>
		</>
	);
}

interface SaveFormProps {
	site: Site;
	blockKey: string;
	version: number;
	body: string;
	defaultText: string;
	children: ReactNode;
	/** The save of the editable text (its body is taken from the page when sent); else a restore. */
	main?: boolean;
}

/**
 * A save of `body` on top of `version`. A restore is a save of an old text: it goes through the same
 * conflict check. The default text travels along because only the page knows it.
 */
function SaveForm({ site, blockKey, version, body, defaultText, children, main = false }: SaveFormProps) {
	return (
		<form
			className={main ? "ajax cms-block__form cms-block__save" : "ajax cms-block__form"}
			method="post"
			action={site.href(SAVE_PATH)}
		>
			<input type="hidden" name="key" value={blockKey} />
			<input type="hidden" name="version" value={version} />
			<input type="hidden" name="body" value={body} />
			<input type="hidden" name="default" value={defaultText} />
			<input type="hidden" name="path" value={site.path} />
			{children}
		</form>
	);
}
