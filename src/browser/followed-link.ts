/**
 * Whether a click is the page's to handle: the main button, no modifier key (those open a new tab or
 * window, or download: the browser's), and not handled already. Components get it as
 * `services.plainClick`.
 */
export const plainClick = (event: MouseEvent): boolean =>
	!(
		event.defaultPrevented ||
		event.button ||
		event.metaKey ||
		event.ctrlKey ||
		event.shiftKey ||
		event.altKey
	);

/**
 * The link matching `selector` that a plain click follows in this window, for the runtime to follow its
 * own way (ajax, in-page navigation); undefined for any other click, a link with another target, one to
 * another origin or one to download. A link without href stands for the current page.
 */
export function followedLink(event: MouseEvent, selector: string): HTMLAnchorElement | undefined {
	// The target may be the document, which has no closest().
	const link = plainClick(event) ? (event.target as Element).closest?.(selector) : null;
	return link instanceof HTMLAnchorElement &&
		(!link.target || link.target === "_self") &&
		(link.origin === location.origin || !link.hasAttribute("href")) &&
		!link.hasAttribute("download")
		? link
		: undefined;
}
