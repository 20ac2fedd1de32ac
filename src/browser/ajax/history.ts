import { type AppendMode, type AppliedSnippet, applySnippets, SNIPPET_UPDATED, SNIPPETS } from "./snippets";

interface Entry {
	snippets: Record<string, string>;
	title: string;
	scroll: number;
}

const KEY = "ajax";

/**
 * Keeps ajax navigations in the browser history. Each entry stores the snippets' content as the
 * server sent it (not as components have since changed the DOM), the title and the scroll position,
 * so back and forward restore exactly what was shown and components remount on clean markup.
 */
export class SnippetHistory {
	readonly #html = new Map<string, string>();

	/**
	 * Reads the snippets' markup while it is still the server's: make it before anything changes the
	 * page (components, the forms service's `novalidate`, lazy images).
	 */
	constructor() {
		for (const element of document.querySelectorAll(SNIPPETS)) {
			this.#html.set(element.id, element.innerHTML);
		}
	}

	/**
	 * Applies snippets (snippets.ts) and follows what was applied, so the next entry stores the content
	 * shown now; then tells each updated snippet (`snippet:updated`), whose listeners may change it.
	 * Snippets nested in an applied one are read from the page before that, and before components mount.
	 */
	apply(snippets: Record<string, string>, mode: AppendMode): AppliedSnippet[] {
		const applied = applySnippets(snippets, mode);
		for (const { id, element, detail } of applied) {
			this.#html.set(id, detail.appended ? (this.#html.get(id) ?? "") + detail.html : detail.html);
			for (const nested of element.querySelectorAll(SNIPPETS)) this.#html.set(nested.id, nested.innerHTML);
		}
		for (const { element, detail } of applied) {
			element.dispatchEvent(new CustomEvent(SNIPPET_UPDATED, { bubbles: true, detail }));
		}
		return applied;
	}

	/** Makes the current entry restorable, just before an ajax navigation leaves it. */
	saveCurrent(): void {
		history.scrollRestoration = "manual";
		history.replaceState({ ...history.state, [KEY]: this.#entry() }, "");
	}

	add(url: string, mode: "push" | "replace"): void {
		const entry = { [KEY]: this.#entry() };
		if (mode === "push") history.pushState(entry, "", url);
		else history.replaceState({ ...history.state, ...entry }, "", url);
	}

	/** Restores an entry on popstate; false when the entry is not one of ours (a hash change, say). */
	restore(event: PopStateEvent): boolean {
		const entry = (event.state as Record<string, Entry> | null)?.[KEY];
		if (!entry) return false;
		this.apply(entry.snippets, "none");
		document.title = entry.title;
		scrollTo(0, entry.scroll);
		return true;
	}

	#entry(): Entry {
		return { snippets: Object.fromEntries(this.#html), title: document.title, scroll: scrollY };
	}
}
