import type { ComponentDefinition } from "../../browser/component";
import type { SnippetId } from "../../snippet-names";
import { part } from "../shared/dom";
import { MODAL_OPEN, MODAL_OPENED, type ModalOpenRequest } from "../shared/modal-events";
import { parseProps } from "../shared/props";
import { MODAL_PROPS } from "./props";

// Checked against the declared names by type alone, so the chunk imports no module for it.
const DEFAULT_SNIPPET: SnippetId = "snippet--modal";

/**
 * Shows the <dialog> as a modal when an opener asks (shared/modal-events.ts), after loading its content
 * when the opener names a URL. While open the page is scroll-locked; Escape, the close button and a
 * click on the backdrop close it, and focus returns to the opener. A link to #id at load opens it too.
 */
export default {
	connect(element, { props, signal, services }) {
		if (!(element instanceof HTMLDialogElement)) throw new TypeError("modal must be a <dialog>");
		const dialog = element;
		const title = part(dialog, ".modal__title");
		const closeButton = part<HTMLButtonElement>(dialog, ".modal__close");
		const body = part(dialog, ".modal__body");
		const { loadError, openPage } = parseProps(MODAL_PROPS, props);
		let opener: HTMLElement | null = null;
		let unlock: (() => void) | undefined;
		let loading: AbortController | undefined;
		// URL and snippet of the content the body holds: opening again does not load it again.
		let loaded: string | undefined;

		// A body longer than the screen scrolls: then Tab reaches it (named by the title), so that the
		// keyboard scrolls it too.
		const markScrollable = () => {
			if (body.scrollHeight > body.clientHeight) {
				body.tabIndex = 0;
				body.setAttribute("role", "region");
				body.setAttribute("aria-labelledby", title.id);
			} else for (const name of ["tabindex", "role", "aria-labelledby"]) body.removeAttribute(name);
		};

		const show = (from: HTMLElement | null) => {
			if (dialog.open) return;
			opener = from;
			unlock = services.scroll.lock(dialog);
			dialog.showModal();
			markScrollable();
			// Content may name its own first focus; otherwise the title, which reads the dialog from the top.
			if (!dialog.querySelector("[autofocus]")) title.focus();
			dialog.dispatchEvent(new Event(MODAL_OPENED, { bubbles: true }));
		};

		const released = () => {
			// A close event that arrives after the dialog was opened again belongs to the earlier opening.
			if (dialog.open) return;
			unlock?.();
			unlock = undefined;
			const back = opener;
			opener = null;
			// The close event comes a task after the closing: focus the person has moved on since (the
			// browser itself gives it back to what had it before the dialog) is theirs to keep.
			const active = document.activeElement;
			if (active && active !== document.body && !dialog.contains(active)) return;
			// The page is back where it was: focusing must not scroll it.
			if (back?.isConnected) back.focus({ preventScroll: true });
		};

		const showLoadError = (url: string) => {
			const message = document.createElement("p");
			message.className = "modal__error";
			message.setAttribute("role", "alert");
			message.textContent = loadError;
			const link = document.createElement("a");
			link.href = url;
			link.textContent = openPage;
			body.replaceChildren(message, link);
		};

		const load = async (request: ModalOpenRequest & { url: string }) => {
			const snippet = request.snippet ?? DEFAULT_SNIPPET;
			const source = `${request.url} ${snippet}`;
			if (source === loaded) return show(request.opener);
			loading?.abort();
			const controller = new AbortController();
			loading = controller;
			const cancelled = AbortSignal.any([controller.signal, signal]);
			const { opener: from } = request;
			// Escape gives up waiting, as it aborts an ajax request.
			document.addEventListener(
				"keydown",
				(event) => {
					if (event.key !== "Escape" || event.defaultPrevented) return;
					event.preventDefault();
					controller.abort();
				},
				{ signal: cancelled },
			);
			// The runtime's ajax judges the answer as for any request, and leaves the page alone: only the
			// one snippet goes into the dialog. The opener shows the loading state meanwhile.
			const payload = await services.ajax.send(
				{ url: request.url, method: "GET", element: from ?? dialog, history: false },
				{ apply: false, signal: cancelled },
			);
			const html = payload?.snippets[snippet];
			const aborted = cancelled.aborted;
			controller.abort();
			if (loading === controller) loading = undefined;
			if (aborted) return;
			if (html === undefined) {
				loaded = undefined;
				show(from);
				// Inserted once shown, so that the alert is announced.
				showLoadError(request.url);
				markScrollable();
				return;
			}
			body.innerHTML = html;
			loaded = source;
			show(from);
			// Also when it was open already (an opener inside it): the new content may scroll, or no longer.
			markScrollable();
		};

		dialog.addEventListener(
			MODAL_OPEN,
			(event) => {
				event.preventDefault();
				const { url } = event.detail;
				if (url) void load({ ...event.detail, url });
				else show(event.detail.opener);
			},
			{ signal },
		);
		dialog.addEventListener("close", released, { signal });
		// A turned phone or a zoomed text changes what fits.
		services.viewport.onResize(() => dialog.open && markScrollable(), signal);
		closeButton.addEventListener("click", () => dialog.close(), { signal });
		// Handled here rather than by the browser's cancel, so that the key press is marked as taken and
		// nothing else (an ajax abort) acts on it; an inner widget that took Escape keeps the dialog open.
		dialog.addEventListener(
			"keydown",
			(event) => {
				if (event.key !== "Escape" || event.defaultPrevented) return;
				event.preventDefault();
				dialog.close();
			},
			{ signal },
		);
		// The body scrolls, never the dialog itself: a press and release on the dialog element are on the
		// backdrop. Both are checked, so that selecting text and releasing outside does not close it.
		let pressedOnBackdrop = false;
		dialog.addEventListener(
			"pointerdown",
			(event) => {
				pressedOnBackdrop = event.target === dialog;
			},
			{ signal },
		);
		dialog.addEventListener(
			"click",
			(event) => {
				if (event.target === dialog && pressedOnBackdrop) dialog.close();
				pressedOnBackdrop = false;
			},
			{ signal },
		);
		dialog.classList.add("is-ready");
		if (location.hash && decodeURIComponent(location.hash.slice(1)) === dialog.id) show(null);

		return () => {
			loading?.abort();
			dialog.classList.remove("is-ready");
			if (dialog.open) dialog.close();
			if (unlock) released();
		};
	},
} satisfies ComponentDefinition;
