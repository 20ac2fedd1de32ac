import { type AppliedSnippet, applySnippets, SNIPPETS } from "./snippets";

interface Entry {
	snippets: Record<string, string>;
	title: string;
	scroll: number;
	state?: unknown;
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
	 * Follows what was applied, so the next entry stores the content shown now. Snippets nested in an
	 * applied one are read from the page: called right after applying, before components mount there.
	 */
	record(applied: AppliedSnippet[]): void {
		for (const { id, html, appended } of applied) {
			this.#html.set(id, appended ? (this.#html.get(id) ?? "") + html : html);
			for (const nested of document.getElementById(id)?.querySelectorAll(SNIPPETS) ?? []) {
				this.#html.set(nested.id, nested.innerHTML);
			}
		}
	}

	/** Makes the current entry restorable, just before an ajax navigation leaves it. */
	saveCurrent(): void {
		history.scrollRestoration = "manual";
		history.replaceState({ ...history.state, [KEY]: this.#entry(history.state?.[KEY]?.state) }, "");
	}

	add(url: string, mode: "push" | "replace", state: unknown): void {
		const entry = { [KEY]: this.#entry(state) };
		if (mode === "push") history.pushState(entry, "", url);
		else history.replaceState({ ...history.state, ...entry }, "", url);
	}

	/** Restores an entry on popstate; false when the entry is not one of ours (a hash change, say). */
	restore(event: PopStateEvent): boolean {
		const entry = (event.state as Record<string, Entry> | null)?.[KEY];
		if (!entry) return false;
		this.record(applySnippets(entry.snippets, "none"));
		document.title = entry.title;
		scrollTo(0, entry.scroll);
		return true;
	}

	#entry(state: unknown): Entry {
		return { snippets: Object.fromEntries(this.#html), title: document.title, scroll: scrollY, state };
	}
}
