import { HASH_SCROLL_DELAY, HASH_SCROLL_OFFSET, HASH_SCROLL_OFFSET_PLAIN } from "../constants";
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
 * the header offset: after load (and HASH_SCROLL_DELAY) the page is scrolled again, properly, and
 * focus follows, unless the visitor has gone elsewhere meanwhile. Same-page links to fragments scroll
 * the same way, smoothly where that is on.
 */
export function startHashNavigation(scroll: Scroll): void {
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

	document.addEventListener("click", (event) => {
		if (
			event.defaultPrevented ||
			event.button ||
			event.metaKey ||
			event.ctrlKey ||
			event.shiftKey ||
			event.altKey
		)
			return;
		const link = (event.target as Element).closest?.("a[href]");
		if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
		const url = new URL(link.href);
		if (!url.hash || url.href.slice(0, -url.hash.length) !== location.href.replace(/#.*$/, "")) return;
		const target = targetOf(url.hash);
		if (!target) return;
		event.preventDefault();
		opened = "";
		if (url.hash !== location.hash) history.pushState(history.state, "", url.hash);
		scroll.navigateTo(target, offsetFor(target));
	});
}
