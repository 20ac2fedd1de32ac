/**
 * Android, iOS (and iPadOS, which poses as a Mac but has touch points), old IE and legacy EdgeHTML Edge
 * (`Edge/`). Not Chromium Edge (`Edg/`): it has Chrome's engine and scrolls as Chrome does.
 */
const NATIVE_SCROLL_BROWSERS = /Android|iPad|iPhone|iPod|MSIE |Trident\/|Edge\/\d/;

/**
 * Where the browser's own scrolling is kept (docs/behaviour.md): touch devices (their scrolling is already
 * smooth and has momentum), the browsers above, the content-editing view and reduced motion.
 */
export function isNativeScrollForced(root: HTMLElement, browser: Navigator = navigator): boolean {
	return (
		root.dataset.cmsMode === "1" ||
		browser.maxTouchPoints > 0 ||
		NATIVE_SCROLL_BROWSERS.test(browser.userAgent) ||
		matchMedia("(prefers-reduced-motion: reduce)").matches
	);
}
