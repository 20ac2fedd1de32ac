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

/**
 * Shows a failure with a retry button; only one at a time. Either button gives focus back to what had
 * it when the failure showed (the link or button that sent the request), rather than to the document.
 */
export function showError(text: string, retry: () => void): void {
	hideError();
	const back = document.activeElement as HTMLElement | null;
	const close = () => {
		hideError();
		back?.focus();
	};
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
			close();
			retry();
		},
	);
	const closeButton = button("×", "ajax-error__close", close);
	closeButton.setAttribute("aria-label", message("close"));
	box.append(paragraph, retryButton, closeButton);
	document.body.append(box);
	errorBox = box;
}

/** Removes the failure shown, if any (removing one already gone does nothing). */
export function hideError(): void {
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
