import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";

/**
 * Tap, click or Enter enlarges the barcode into a full-screen, high-contrast view for the till's
 * scanner and keeps the screen awake while it is shown (Wake Lock API, where available). Escape, the
 * close button or a tap beside the code closes it and returns focus to the enlarge button.
 */
export default {
	connect(element, { signal }) {
		const image = part(element, ".barcode__image");
		const enlarge = part<HTMLButtonElement>(element, ".barcode__enlarge");
		const dialog = part<HTMLDialogElement>(element, ".barcode__dialog");
		const dialogImage = part(dialog, ".barcode__dialog-image");
		const close = part<HTMLButtonElement>(dialog, ".barcode__close");
		let wakeLock: WakeLockSentinel | undefined;

		const keepAwake = async () => {
			if (!("wakeLock" in navigator) || wakeLock) return;
			try {
				const lock = await navigator.wakeLock.request("screen");
				// Closed (or disconnected) while the request was pending.
				if (!dialog.open || signal.aborted) {
					void lock.release();
					return;
				}
				wakeLock = lock;
				lock.addEventListener("release", () => {
					if (wakeLock === lock) wakeLock = undefined;
				});
			} catch {
				// Refused (battery saver, hidden page): the code still shows, the screen may dim.
			}
		};

		const letSleep = () => {
			void wakeLock?.release();
			wakeLock = undefined;
		};

		const show = () => {
			if (!dialogImage.firstElementChild) dialogImage.innerHTML = image.innerHTML;
			dialog.showModal();
			close.focus();
			void keepAwake();
		};

		enlarge.addEventListener("click", show, { signal });
		image.addEventListener("click", show, { signal });
		close.addEventListener("click", () => dialog.close(), { signal });
		// A click on the dialog itself, not on its content, is a click on the backdrop.
		dialog.addEventListener(
			"click",
			(event) => {
				if (event.target === dialog) dialog.close();
			},
			{ signal },
		);
		dialog.addEventListener(
			"close",
			() => {
				letSleep();
				enlarge.focus();
			},
			{ signal },
		);
		// The browser releases the lock whenever the page is hidden; take it again on return.
		document.addEventListener(
			"visibilitychange",
			() => {
				if (document.visibilityState === "visible" && dialog.open) void keepAwake();
			},
			{ signal },
		);
		element.classList.add("is-ready");

		return () => {
			letSleep();
			if (dialog.open) dialog.close();
			element.classList.remove("is-ready");
		};
	},
} satisfies ComponentDefinition;
