import type { SnippetId } from "../../snippet-names";
import { dispatch } from "../dispatch";

const TITLE_SNIPPET: SnippetId = "snippet--title";
/** Snippet elements, whatever their name (Nette's ids: `snippet--name`, `snippet-control-name`). */
export const SNIPPETS = '[id^="snippet-"]';

/** all: the payload said `append`; marked: only elements with data-ajax-append; none: history restore. */
export type AppendMode = "all" | "marked" | "none";

/** Dispatched on a snippet element before its content changes; cancelable: then it keeps its content. */
export const SNIPPET_UPDATE = "snippet:update";
/** Dispatched on a snippet element once its content changed (history.ts, once every snippet is applied). */
export const SNIPPET_UPDATED = "snippet:updated";

export interface SnippetUpdate {
	/** The snippet's new HTML, or what is appended to it. */
	html: string;
	appended: boolean;
}

declare global {
	interface HTMLElementEventMap {
		[SNIPPET_UPDATE]: CustomEvent<SnippetUpdate>;
		[SNIPPET_UPDATED]: CustomEvent<SnippetUpdate>;
	}
	interface DocumentEventMap {
		[SNIPPET_UPDATE]: CustomEvent<SnippetUpdate>;
		[SNIPPET_UPDATED]: CustomEvent<SnippetUpdate>;
	}
}

export interface AppliedSnippet {
	id: string;
	element: HTMLElement;
	detail: SnippetUpdate;
	/** The kit's: the scripts this update brought (not those a snippet appended to had already). */
	scripts?: HTMLScriptElement[];
}

/**
 * Applies snippets: replaces (or appends to) the content of the elements with those ids, each after
 * `snippet:update` (a listener may cancel it); `snippet--title` sets the document title. Focus and caret
 * survive when the focused element is replaced by one with the same id.
 */
export function applySnippets(snippets: Record<string, string>, mode: AppendMode): AppliedSnippet[] {
	const focused = document.activeElement;
	const focusId = focused?.id;
	const caret =
		focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? caretOf(focused) : null;
	const updated: AppliedSnippet[] = [];
	for (const [id, html] of Object.entries(snippets)) {
		if (id === TITLE_SNIPPET) {
			document.title = textOf(html);
			continue;
		}
		const element = document.getElementById(id);
		if (!element) continue;
		const appended = mode === "all" || (mode === "marked" && element.hasAttribute("data-ajax-append"));
		const detail = { html, appended };
		if (!dispatch(SNIPPET_UPDATE, detail, element, { bubbles: true, cancelable: true })) continue;
		// In the kit, the scripts it had: appended to, a snippet keeps them, and they come first.
		const had = __KIT__ && appended ? element.querySelectorAll("script").length : 0;
		if (appended) element.insertAdjacentHTML("beforeend", html);
		else element.innerHTML = html;
		updated.push(
			__KIT__
				? { id, element, detail, scripts: [...element.querySelectorAll("script")].slice(had) }
				: { id, element, detail },
		);
	}
	if (focusId && focused && !focused.isConnected) {
		const replacement = document.getElementById(focusId);
		replacement?.focus({ preventScroll: true });
		if (caret && (replacement instanceof HTMLInputElement || replacement instanceof HTMLTextAreaElement)) {
			try {
				replacement.setSelectionRange(caret[0], caret[1]);
			} catch {
				// Inputs without a selection (email, number) refuse it; focus is what matters there.
			}
		}
	}
	return updated;
}

function caretOf(input: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
	try {
		return input.selectionStart === null
			? null
			: [input.selectionStart, input.selectionEnd ?? input.selectionStart];
	} catch {
		return null;
	}
}

/** The title snippet may arrive as HTML: the title is its text. */
function textOf(html: string): string {
	return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}
