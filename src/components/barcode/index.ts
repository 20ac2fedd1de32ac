import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { keepScreenAwake } from "../shared/wake-lock";

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
		/** Aborted when the enlarged view closes: ends the wake lock. */
		let awake: AbortController | undefined;
		const letSleep = () => {
			awake?.abort();
			awake = undefined;
		};

		const show = () => {
			if (!dialogImage.firstElementChild) dialogImage.innerHTML = image.innerHTML;
			dialog.showModal();
			close.focus();
			letSleep();
			awake = new AbortController();
			keepScreenAwake(awake.signal);
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
		element.classList.add("is-ready");

		return () => {
			letSleep();
			if (dialog.open) dialog.close();
			element.classList.remove("is-ready");
		};
	},
} satisfies ComponentDefinition;
