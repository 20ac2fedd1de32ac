import type { ComponentDefinition } from "../../browser/component";
import { onDismiss } from "../shared/dismiss";
import { part } from "../shared/dom";
import { NAVIGATION_CHANGE, NAVIGATION_TOGGLE } from "../shared/navigation-events";
import { afterNextPaint } from "../shared/schedule";
import { inertOutside, keepTabWithin, tabbables } from "./focus";

/**
 * Below the medium breakpoint the navigation's panel is an overlay that its opener shows: while open
 * the page is scroll-locked and inert, Tab wraps within the navigation, and Escape (focus back on the
 * opener), a press outside, following a link or growing past the breakpoint close it.
 */
export default {
	connect(element, { signal, services }) {
		const panel = part(element, ".navigation__panel");
		// Aborted when the panel closes: everything that only holds while it is open hangs on it.
		let open: AbortController | undefined;
		let opener: HTMLElement | undefined;

		const announce = (isOpen: boolean) =>
			panel.dispatchEvent(new CustomEvent(NAVIGATION_CHANGE, { detail: { open: isOpen } }));

		const close = (returnFocus: boolean) => {
			if (!open) return;
			open.abort();
			open = undefined;
			element.classList.remove("is-open");
			announce(false);
			if (returnFocus) opener?.focus();
		};

		const show = () => {
			if (open || services.viewport.atLeast("medium")) return;
			open = new AbortController();
			const { signal: whileOpen } = open;
			const unlock = services.scroll.lock(panel);
			// Making the rest of the page inert restyles all of it, a long task on a slow phone: it waits
			// until the open panel has painted (the page under it is scroll-locked and dimmed meanwhile).
			let restoreInert: (() => void) | undefined;
			void afterNextPaint().then(() => {
				if (!whileOpen.aborted) restoreInert = inertOutside(element);
			});
			whileOpen.addEventListener(
				"abort",
				() => {
					unlock();
					restoreInert?.();
				},
				{ once: true },
			);
			onDismiss(element, whileOpen, (reason) => close(reason === "escape"));
			keepTabWithin(element, whileOpen);
			// Closed before the link is followed, so that an in-page target scrolls an unlocked page.
			panel.addEventListener(
				"click",
				(event) => {
					if (event.target instanceof Element && event.target.closest("a[href]")) close(false);
				},
				{ signal: whileOpen },
			);
			element.classList.add("is-open");
			announce(true);
			tabbables(panel)[0]?.focus();
		};

		panel.addEventListener(
			NAVIGATION_TOGGLE,
			(event) => {
				event.preventDefault();
				opener = event.detail.opener;
				if (open) close(true);
				else show();
			},
			{ signal },
		);
		services.viewport.onBreakpointChange(() => {
			if (!open || !services.viewport.atLeast("medium")) return;
			// Focus on the opener, hidden from here on, would be lost: it goes to the links beside it.
			const focused = document.activeElement;
			close(false);
			if (focused === opener || !element.contains(focused)) tabbables(panel)[0]?.focus();
		}, signal);
		element.classList.add("is-ready");

		return () => {
			close(false);
			element.classList.remove("is-ready");
		};
	},
} satisfies ComponentDefinition;
