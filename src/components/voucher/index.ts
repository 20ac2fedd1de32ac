import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { MODAL_OPENED } from "../shared/modal-events";
import { parseProps } from "../shared/props";
import { keepScreenAwake } from "../shared/wake-lock";
import { copyText } from "./copy";
import { keepOffline } from "./offline";
import { VOUCHER_PROPS } from "./props";

/** A change in a later task is announced even when the text is the same as last time. */
const ANNOUNCE_DELAY = 50;

/**
 * The voucher card: copies its code (the outcome announced politely) and fills "show at till" with the
 * card's barcode, keeping the screen awake while that modal is open. On the voucher page (its `worker`
 * prop) it hands the page to the service worker that keeps it for offline visits.
 */
export default {
	connect(element, { props, signal }) {
		const code = part(element, ".voucher__code");
		const copyButton = part<HTMLButtonElement>(element, ".voucher__copy");
		const feedback = part(element, ".voucher__feedback");
		const till = part(element, ".voucher__till");
		const { copied, selected, worker } = parseProps(VOUCHER_PROPS, props);
		let announceTimer: ReturnType<typeof setTimeout> | undefined;
		let awake: AbortController | undefined;

		if (worker) void keepOffline(worker, signal);

		// The same SVG, drawn large: bars scale evenly, so it scans as well.
		part(till, ".voucher__till-barcode").replaceChildren(
			part(element, ".voucher__barcode svg").cloneNode(true),
		);

		copyButton.addEventListener(
			"click",
			async () => {
				const ok = await copyText(code);
				if (signal.aborted) return;
				feedback.textContent = "";
				clearTimeout(announceTimer);
				announceTimer = setTimeout(() => {
					feedback.textContent = ok ? copied : selected;
				}, ANNOUNCE_DELAY);
			},
			{ signal },
		);
		till.addEventListener(
			MODAL_OPENED,
			() => {
				awake = new AbortController();
				keepScreenAwake(AbortSignal.any([awake.signal, signal]));
			},
			{ signal },
		);
		till.addEventListener("close", () => awake?.abort(), { signal });
		element.classList.add("is-ready");

		return () => {
			clearTimeout(announceTimer);
			element.classList.remove("is-ready");
		};
	},
} satisfies ComponentDefinition;
