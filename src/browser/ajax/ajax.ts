import { dispatch } from "../dispatch";
import { followedLink } from "../followed-link";
import { importModule } from "../lazy-module";
import { announce, hideError, showError, showProgressLater } from "./feedback";
import { addEntry, applyTracked, readSnippets, restore, saveCurrent } from "./history";
import { type Payload, parsePayload, sameOrigin } from "./payload";
import { message } from "./runtime-texts";
import { SNIPPETS } from "./snippets";

export interface AjaxRequest {
	url: string;
	method: string;
	body?: FormData | URLSearchParams;
	/** The link or form that sent it: it carries `is-loading` meanwhile. */
	element: Element;
	submitter?: HTMLElement | null;
	/** push: a navigation (links, GET forms); replace: autosubmitted filters; false: no history. */
	history: "push" | "replace" | false;
	/** A GET following a same-origin `redirect` of the request before it, by ajax. */
	redirected?: boolean;
}

export interface SendOptions {
	/**
	 * false: the answer is judged as any other but left to the caller, which `send` resolves with: no
	 * snippet, history entry, redirect or error box. Such a request is not the page's one request: it
	 * neither aborts the running one nor is aborted by a newer one, Escape or going back; only `signal`.
	 */
	apply?: boolean;
	signal?: AbortSignal;
}

declare global {
	interface DocumentEventMap {
		"ajax:before": CustomEvent<AjaxRequest>;
		"ajax:success": CustomEvent<{ request: AjaxRequest; payload: Payload }>;
		/** A request that ended without its answer applied: failed, or aborted (error: an AbortError). */
		"ajax:error": CustomEvent<{ request: AjaxRequest; error: unknown }>;
	}
}

const LOADING = "is-loading";

export type Ajax = ReturnType<typeof createAjax>;

/**
 * Sends forms and links with class `ajax` (and forms a submit button with the class submits) through
 * fetch and applies the JSON payload (docs/behaviour.md, Ajax).
 * One request at a time: a new one aborts the old one (save a link in a snippet while a form's request
 * runs: it is not followed), Escape aborts it, and an aborted request's response is never applied.
 * Failures are shown with a retry; nothing the user typed is touched.
 * A closure, not a class: its private state and helpers minify to one letter, where `this.#name` would not.
 */
export function createAjax() {
	let current: (AjaxRequest & { controller: AbortController; key: string }) | undefined;

	/**
	 * Aborts the page's request, and dismisses a failure shown: whatever aborts it (a newer request,
	 * Escape, going Back) moves on from what failed.
	 */
	const abort = (): void => {
		current?.controller.abort();
		hideError();
	};

	/**
	 * Sends a request and applies its answer (or, with `apply: false`, only returns it); resolves with
	 * the payload, or undefined when the request was not sent, failed or was aborted (`ajax:error` says which).
	 */
	const send = async (
		request: AjaxRequest,
		{ apply = true, signal }: SendOptions = {},
	): Promise<Payload | undefined> => {
		// A second click on what is already loading must not send it twice; other data (a filter typed
		// further while the last one loads) is a new request, which aborts the old one.
		const key = request.url + new URLSearchParams(request.body as never);
		if (apply && current?.element === request.element && current.key === key) return;
		if (!dispatch("ajax:before", request, document, { cancelable: true })) return;
		const controller = new AbortController();
		const aborted = signal ? AbortSignal.any([controller.signal, signal]) : controller.signal;
		const mine = { controller, key, ...request };
		if (apply) {
			abort();
			current = mine;
		}
		showLoading(request, true);
		const hideProgress = showProgressLater();
		// What a failure shows: no answer means no connection; an answer, that the server refused.
		let failure = message("offline");
		try {
			const response = await fetch(request.url, {
				method: request.method,
				body: request.body,
				headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
				// Never in the HTTP cache: a server without `Vary: X-Requested-With` would have the browser show
				// this JSON for the page's own address (Back to an ajax navigation's entry from another page).
				cache: "no-store",
				signal: aborted,
			});
			failure = message("failed");
			const json = /json/.test(response.headers.get("content-type") ?? "")
				? await response.json().catch(() => undefined)
				: undefined;
			aborted.throwIfAborted();
			const payload = parsePayload(json);
			const redirect = payload?.redirect;
			// Whatever the status: a server explains a refusal (429, 413) with snippets or sends the visitor
			// elsewhere (401). Only an answer that says nothing usable is a failure.
			if (!(payload && (response.ok || redirect || Object.keys(payload.snippets).length))) {
				// A GET link answered with a page (not the payload) is best shown as that page.
				if (apply && response.ok && request.method === "GET" && json === undefined) {
					location.assign(request.url);
					return;
				}
				// The server's own words when it sent some (its error pages' text, in the page's language).
				failure = (json as { error?: unknown } | undefined)?.error?.toString() || failure;
				throw new Error(failure);
			}
			// In the kit, a same-origin redirect is followed by ajax, as Naja does; it records the history in
			// its stead. The site's redirects lead to other kinds of page: a full page load.
			const follow = __KIT__ && redirect && !payload.forceRedirect && sameOrigin(redirect);
			if (apply) applyPayload(payload, request, response);
			dispatch("ajax:success", { request, payload });
			if (apply && redirect) {
				if (follow) {
					void send({
						url: new URL(redirect, location.href).href,
						method: "GET",
						element: request.element,
						history: request.history || "push",
						redirected: true,
					});
				} else location.assign(redirect);
			}
			return payload;
		} catch (error) {
			// An aborted request shows nothing (the user or a newer request stopped it), but is reported.
			if (apply && !aborted.aborted) showError(failure, () => void send(request));
			dispatch("ajax:error", { request, error });
		} finally {
			hideProgress();
			showLoading(request, false);
			if (current === mine) current = undefined;
			// Replaced by a newer request, this one ends after that one started: it may have cleared the
			// same form's or button's state, which stays until the newer one ends.
			else if (current) showLoading(current, true);
		}
	};

	const applyPayload = (payload: Payload, request: AjaxRequest, response: Response): void => {
		if (request.history === "push") saveCurrent();
		const applied = applyTracked(payload.snippets, payload.append ? "all" : "marked");
		// A redirect's target whose snippets are none of this page's (another kind of page) is loaded instead.
		if (__KIT__ && !applied.length && request.redirected) {
			location.assign(request.url);
			return;
		}
		// The server's address for what is shown now (Naja's `url`), also after a form sent without history.
		// A redirect's answer makes no entry of its own and leaves the current one as it is: the page it
		// leads to gets the entry (loaded by the browser, or followed by ajax), so Back from there returns
		// to the page the visitor was on.
		if (!payload.redirect && (request.history || payload.url))
			addEntry(payload.url ?? request.url, request.history || "replace");
		// The kit's only (the site's snippets carry no scripts), from a chunk of its own: few answers have any.
		if (__KIT__) {
			const scripts = applied.flatMap((snippet) => snippet.scripts!);
			if (scripts.length) void importModule("scripts").then((module) => module.default(scripts, response));
		}
		if (applied.length) announce(message("updated"));
	};

	return {
		/**
		 * Before the rest of the runtime starts: the snippets' markup is read for the history here. Forms are
		 * sent by the submit gate (forms/submit.ts), through `submit`.
		 */
		start(): void {
			readSnippets();
			document.addEventListener("click", (event) => {
				const link = followedLink(event, "a.ajax");
				if (!link) return;
				event.preventDefault();
				// While a form's request runs, the snippets show what its answer may be about to replace: a link
				// there ("load more", the next page) was made for the old content, and following it would abort the
				// request, losing what the user typed or chose. The answer brings the links for the new content.
				if (current?.element instanceof HTMLFormElement && link.closest(SNIPPETS)) return;
				// A link without href stands for the current path.
				void send({
					url: link.hasAttribute("href") ? link.href : currentPath(),
					method: "GET",
					element: link,
					history: link.dataset.ajaxHistory === "false" ? false : "push",
				});
			});
			document.addEventListener("keydown", (event) => {
				// A key press something else handled (a modal closing on Escape) is not ours.
				// The target may be the document, which has no closest().
				if (
					event.key !== "Escape" ||
					event.defaultPrevented ||
					(event.target as Element).closest?.("dialog[open], [aria-modal]")
				)
					return;
				abort();
			});
			addEventListener("popstate", (event) => {
				if (restore(event)) abort();
			});
		},
		abort,
		send,
		/** Sends a form by ajax as submitting it with `submitter` would (the submit gate calls it). */
		submit(form: HTMLFormElement, submitter: HTMLElement | null): void {
			const method = (
				submitter?.getAttribute("formmethod") ||
				form.getAttribute("method") ||
				"GET"
			).toUpperCase();
			// Attributes, not form.action/form.method: a control named "action" would shadow those.
			const url = new URL(
				(submitter?.getAttribute("formaction") ?? form.getAttribute("action")) || currentPath(),
				document.baseURI,
			);
			const data = new FormData(form, submitter);
			const get = method === "GET";
			const fields = new URLSearchParams(data as unknown as Record<string, string>);
			// Replace the query, never append to it: parameters must not pile up.
			if (get) url.search = fields.toString();
			void send({
				url: url.href,
				method,
				// Encoded as the browser would: multipart only where the form asks for it (one with a file field),
				// and the server reads it only there.
				body: get
					? undefined
					: /multipart/i.test(submitter?.getAttribute("formenctype") || form.getAttribute("enctype") || "")
						? data
						: fields,
				element: form,
				submitter,
				history: get && (form.hasAttribute("data-autosubmit") ? "replace" : "push"),
			});
		},
	};
}

/**
 * Where a form without an action and a link without href go: the current path, without the page's
 * query (a GET form sends its own) or fragment.
 */
const currentPath = () => location.origin + location.pathname;

/** The loading state of a request's link or form and submitter, on or off. */
function showLoading({ element, submitter }: AjaxRequest, on: boolean): void {
	element.classList.toggle(LOADING, on);
	submitter?.classList.toggle(LOADING, on);
	if (on) element.setAttribute("aria-busy", "true");
	else element.removeAttribute("aria-busy");
}
