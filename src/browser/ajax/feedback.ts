import { message } from "./runtime-texts";

/** What the user sees of a request: a progress bar once it is slow, a polite announcement, errors. */

const PROGRESS_DELAY = 400;

/** Shows a progress bar at the top of the page if the request takes longer than 400 ms; call the result to hide it. */
export function showProgressLater(): () => void {
	let bar: HTMLElement | undefined;
	const timer = setTimeout(() => {
		bar = document.createElement("div");
		bar.className = "ajax-progress";
		bar.setAttribute("role", "progressbar");
		bar.setAttribute("aria-label", message("loading"));
		document.body.append(bar);
	}, PROGRESS_DELAY);
	return () => {
		clearTimeout(timer);
		bar?.remove();
	};
}

let liveRegion: HTMLElement | undefined;

/** Tells screen-reader users that part of the page changed, without moving their focus. */
export function announce(text: string): void {
	if (!liveRegion?.isConnected) {
		liveRegion = document.createElement("div");
		liveRegion.className = "visually-hidden";
		liveRegion.setAttribute("aria-live", "polite");
		document.body.append(liveRegion);
	}
	const region = liveRegion;
	region.textContent = "";
	// A change in a later task is announced even when the text is the same as last time.
	setTimeout(() => {
		region.textContent = text;
	}, 50);
}

let errorBox: HTMLElement | undefined;
/** What had focus when the failure showed: the link or button that sent the request, as a rule. */
let focusBefore: HTMLElement | null = null;

/** Shows a failure with a retry button; only one at a time. */
export function showError(text: string, retry: () => void): void {
	hideError();
	focusBefore = document.activeElement as HTMLElement | null;
	const box = document.createElement("div");
	box.className = "ajax-error";
	box.setAttribute("role", "alert");
	const paragraph = document.createElement("p");
	paragraph.textContent = text;
	// The site's button classes; the kit's own, which runtime.css styles.
	const retryButton = button(
		message("retry"),
		__KIT__ ? "ajax-error__retry" : "button button--primary",
		() => {
			hideError();
			retry();
		},
	);
	const closeButton = button("×", "ajax-error__close", hideError);
	closeButton.setAttribute("aria-label", message("close"));
	box.append(paragraph, retryButton, closeButton);
	document.body.append(box);
	errorBox = box;
}

/**
 * Removes the failure shown, if any (removing one already gone does nothing). Focus in it (its buttons,
 * Escape on them) goes back to what had it before, rather than to the document; focus elsewhere stays.
 */
export function hideError(): void {
	// Without scrolling: going Back has just restored the page's scroll position.
	if (errorBox?.contains(document.activeElement)) focusBefore?.focus({ preventScroll: true });
	errorBox?.remove();
}

function button(text: string, className: string, onClick: () => void): HTMLButtonElement {
	const element = document.createElement("button");
	element.type = "button";
	element.className = className;
	element.textContent = text;
	element.addEventListener("click", onClick);
	return element;
}
