import { HASH_SCROLL_DELAY, HASH_SCROLL_OFFSET, HASH_SCROLL_OFFSET_PLAIN } from "../constants";
import { followedLink } from "./followed-link";
import type { Scroll } from "./scroll";

function offsetFor(target: Element): number {
	return target.hasAttribute("data-section-plain") ? HASH_SCROLL_OFFSET_PLAIN : HASH_SCROLL_OFFSET;
}

function targetOf(hash: string): HTMLElement | null {
	const id = decodeURIComponent(hash.slice(1));
	return id ? document.getElementById(id) : null;
}

/**
 * The browser jumps to a fragment before the header, late images and fonts have settled, and without
 * the header offset: HASH_SCROLL_DELAY after the load event the page is scrolled again, properly, and
 * focus follows, unless the visitor has gone elsewhere meanwhile. Called when runtime.js runs, so that
 * the delay counts from load itself: the runtime starts after the first paint, often after load. A
 * runtime.js that runs after load (imported late by a page's own script) waits the delay from then.
 *
 * Returns the start of in-page links, for the runtime's start (until then links are the browser's):
 * same-page links to fragments scroll the same way, smoothly where that is on.
 */
export function startHashNavigation(scroll: Scroll): () => void {
	// The address the page was opened with. Once the visitor has gone elsewhere before load (a link to
	// a fragment, an ajax link), the jump after load would undo that, or cut its smooth scroll short.
	let opened = location.href;
	const arrive = () =>
		setTimeout(() => {
			const target = location.href === opened && targetOf(location.hash);
			if (target) scroll.navigateTo(target, offsetFor(target), { smooth: false });
		}, HASH_SCROLL_DELAY);
	if (document.readyState === "complete") arrive();
	else addEventListener("load", arrive); // once per page: nothing to remove

	return () =>
		document.addEventListener("click", (event) => {
			const link = followedLink(event, "a[href]");
			// A serialised URL's first "#" starts its fragment.
			if (!link?.hash || link.href.split("#")[0] !== location.href.split("#")[0]) return;
			const target = targetOf(link.hash);
			if (!target) return;
			event.preventDefault();
			opened = "";
			if (link.hash !== location.hash) history.pushState(history.state, "", link.hash);
			scroll.navigateTo(target, offsetFor(target));
		});
}
