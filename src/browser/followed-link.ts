/**
 * The link matching `selector` that a click follows in this window, for the runtime to follow its own way
 * (ajax, in-page navigation); undefined for a click something else handled, a button other than the main
 * one, a modifier key (a new tab or window: the browser's) or a link with another target.
 */
export function followedLink(event: MouseEvent, selector: string): HTMLAnchorElement | undefined {
	if (
		event.defaultPrevented ||
		event.button ||
		event.metaKey ||
		event.ctrlKey ||
		event.shiftKey ||
		event.altKey
	)
		return;
	// The target may be the document, which has no closest().
	const link = (event.target as Element).closest?.(selector);
	return link instanceof HTMLAnchorElement && (!link.target || link.target === "_self") ? link : undefined;
}
