/**
 * How the navigation and its openers talk: events on the navigation's panel (the element the openers
 * control), so that each stays its own chunk and works with markup from any server.
 */

/** Asks the navigation to open or close its panel; it calls preventDefault() when it takes the request. */
export const NAVIGATION_TOGGLE = "navigation:toggle";
/** Dispatched by the navigation when its panel opens or closes: openers keep aria-expanded in sync. */
export const NAVIGATION_CHANGE = "navigation:change";

declare global {
	interface HTMLElementEventMap {
		[NAVIGATION_TOGGLE]: CustomEvent<{ opener: HTMLElement }>;
		[NAVIGATION_CHANGE]: CustomEvent<{ open: boolean }>;
	}
}

/** Asks the panel's navigation to toggle; false when none took the request (not connected yet). */
export function requestNavigationToggle(panel: HTMLElement, opener: HTMLElement): boolean {
	return !panel.dispatchEvent(new CustomEvent(NAVIGATION_TOGGLE, { cancelable: true, detail: { opener } }));
}
