/**
 * Whether a wheel turn over `target` belongs to an element inside the page that scrolls itself (a
 * scrollable list, a dialog's content) or opted out with `data-scroll-native`: those keep native
 * scrolling, and the page takes over only once they cannot scroll further that way.
 */
export function scrollsNatively(target: EventTarget | null, deltaY: number): boolean {
	for (let element = target instanceof Element ? target : null; element; element = element.parentElement) {
		if (element === document.body || element === document.documentElement) return false;
		if (element.hasAttribute("data-scroll-native")) return true;
		if (!/auto|scroll/.test(getComputedStyle(element).overflowY)) continue;
		const room =
			deltaY > 0 ? element.scrollHeight - element.clientHeight - element.scrollTop : element.scrollTop;
		if (room > 1) return true;
	}
	return false;
}
