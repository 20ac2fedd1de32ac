import { dispatch } from "../dispatch";
import { type AppendMode, type AppliedSnippet, applySnippets, SNIPPET_UPDATED, SNIPPETS } from "./snippets";

interface Entry {
	snippets: Record<string, string>;
	title: string;
	scroll: number;
}

const KEY = "ajax";

/** The snippets' content as the server sent it, by id. */
const html = new Map<string, string>();

/**
 * Keeps ajax navigations in the browser history. Each entry stores the snippets' content as the
 * server sent it (not as components have since changed the DOM), the title and the scroll position,
 * so back and forward restore exactly what was shown and components remount on clean markup.
 * Module functions, not a class: there is one history, and its names minify where methods would not.
 *
 * Reads the snippets' markup (the page's, or those `within` an element) while it is still the server's:
 * call it before anything changes the page (components, the forms service's `novalidate`, lazy images).
 */
export function readSnippets(within: ParentNode = document): void {
	for (const element of within.querySelectorAll(SNIPPETS)) html.set(element.id, element.innerHTML);
}

/**
 * Applies snippets (snippets.ts) and follows what was applied, so the next entry stores the content
 * shown now; then tells each updated snippet (`snippet:updated`), whose listeners may change it.
 * Snippets nested in an applied one are read from the page before that, and before components mount.
 */
export function applyTracked(snippets: Record<string, string>, mode: AppendMode): AppliedSnippet[] {
	const applied = applySnippets(snippets, mode);
	for (const { id, element, detail } of applied) {
		html.set(id, detail.appended ? (html.get(id) ?? "") + detail.html : detail.html);
		readSnippets(element);
	}
	for (const { element, detail } of applied) {
		dispatch(SNIPPET_UPDATED, detail, element, { bubbles: true });
	}
	return applied;
}

/** Makes the current entry restorable, just before an ajax navigation leaves it. */
export function saveCurrent(): void {
	history.scrollRestoration = "manual";
	history.replaceState({ ...history.state, [KEY]: entry() }, "");
}

export function addEntry(url: string, mode: "push" | "replace"): void {
	const state = { [KEY]: entry() };
	if (mode === "push") history.pushState(state, "", url);
	else history.replaceState({ ...history.state, ...state }, "", url);
}

/** Restores an entry on popstate; false when the entry is not one of ours (a hash change, say). */
export function restore(event: PopStateEvent): boolean {
	const saved = (event.state as Record<string, Entry> | null)?.[KEY];
	if (!saved) return false;
	applyTracked(saved.snippets, "none");
	document.title = saved.title;
	scrollTo(0, saved.scroll);
	return true;
}

const entry = (): Entry => ({ snippets: Object.fromEntries(html), title: document.title, scroll: scrollY });
