/**
 * The element an opener controls, named by (first found) its `target` option, `aria-controls` or, on a
 * link, the fragment of its href. A missing one is a markup error, reported like a missing part.
 */
export function controlledElement(opener: HTMLElement, target: string): HTMLElement {
	const hash = opener instanceof HTMLAnchorElement ? decodeURIComponent(opener.hash.slice(1)) : "";
	const id = target || opener.getAttribute("aria-controls") || hash;
	const element = id ? document.getElementById(id) : null;
	if (!element) throw new Error(`Opener controls no element${id ? ` #${id}` : ""}`);
	return element;
}
