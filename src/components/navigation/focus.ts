const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), summary";

/** The elements Tab reaches in `root`, in order: hidden ones (a closed panel's links) are left out. */
export function tabbables(root: Element): HTMLElement[] {
	return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
		(element) => element.tabIndex >= 0 && element.checkVisibility({ visibilityProperty: true }),
	);
}

/** Keeps Tab and Shift+Tab inside `root`, wrapping around at its ends, until `signal` aborts. */
export function keepTabWithin(root: HTMLElement, signal: AbortSignal): void {
	root.addEventListener(
		"keydown",
		(event) => {
			if (event.key !== "Tab") return;
			const items = tabbables(root);
			const edge = event.shiftKey ? items[0] : items.at(-1);
			if (document.activeElement !== edge) return;
			event.preventDefault();
			(event.shiftKey ? items.at(-1) : items[0])?.focus();
		},
		{ signal },
	);
}

/**
 * Makes everything outside `element` inert (so that screen readers, Tab and clicks stay within it, as
 * in a modal dialog); returns the function that gives back exactly what it took.
 */
export function inertOutside(element: Element): () => void {
	const made: HTMLElement[] = [];
	for (let node = element; node.parentElement && node !== document.body; node = node.parentElement) {
		for (const sibling of node.parentElement.children) {
			if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
			sibling.inert = true;
			made.push(sibling);
		}
	}
	return () => {
		for (const sibling of made) sibling.inert = false;
	};
}
