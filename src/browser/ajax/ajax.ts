import type { ComponentLoader } from "../component-loader";
import { dispatch } from "../dispatch";
import { followedLink } from "../followed-link";
import { announce, hideError, showError, showProgressLater } from "./feedback";
import { SnippetHistory } from "./history";
import { message } from "./messages";
import { type Payload, parsePayload } from "./payload";
import { applySnippets, SNIPPETS } from "./snippets";

export interface AjaxRequest {
	url: string;
	method: string;
	body?: FormData | URLSearchParams;
	/** The link or form that sent it: it carries `is-loading` meanwhile. */
	element: Element;
	submitter?: HTMLElement | null;
	/** push: a navigation (links, GET forms); replace: autosubmitted filters; false: no history. */
	history: "push" | "replace" | false;
}

declare global {
	interface DocumentEventMap {
		"ajax:before": CustomEvent<AjaxRequest>;
		"ajax:success": CustomEvent<{ request: AjaxRequest; payload: Payload }>;
		/** A request that ended without its answer applied: failed, or aborted (error: an AbortError). */
		"ajax:error": CustomEvent<{ request: AjaxRequest; error: unknown }>;
		"ajax:component": CustomEvent<Payload["component"]>;
	}
}

const LOADING = "is-loading";

/**
 * Sends forms and links with class `ajax` through fetch and applies the JSON payload (docs/behaviour.md, Ajax).
 * One request at a time: a new one aborts the old one (save a link in a snippet while a form's request
 * runs: it is not followed), Escape aborts it, and an aborted request's response is never applied.
 * Failures are shown with a retry; nothing the user typed is touched.
 */
export class Ajax {
	#current: (AjaxRequest & { controller: AbortController; key: string }) | undefined;
	/** Made when ajax starts, before any other service of the runtime does (main.ts). */
	#history!: SnippetHistory;

	constructor(readonly components: ComponentLoader) {}

	/** Before the rest of the runtime starts: the snippets' markup is read for the history here. */
	start(): void {
		this.#history = new SnippetHistory();
		document.addEventListener("click", (event) => this.#onClick(event));
		document.addEventListener("submit", (event) => this.#onSubmit(event));
		document.addEventListener("keydown", (event) => {
			// A key press something else handled (a modal closing on Escape) is not ours.
			// The target may be the document, which has no closest().
			const target = event.target as Element;
			if (event.key !== "Escape" || event.defaultPrevented || target.closest?.("dialog[open], [aria-modal]"))
				return;
			this.abort();
		});
		addEventListener("popstate", (event) => {
			if (this.#history.restore(event)) this.abort();
		});
	}

	abort(): void {
		this.#current?.controller.abort();
	}

	async send(request: AjaxRequest): Promise<void> {
		// A second click on what is already loading must not send it twice; other data (a filter typed
		// further while the last one loads) is a new request, which aborts the old one.
		const key = request.url + new URLSearchParams(request.body as never);
		if (this.#current?.element === request.element && this.#current.key === key) return;
		if (!document.dispatchEvent(new CustomEvent("ajax:before", { cancelable: true, detail: request })))
			return;
		this.abort();
		const controller = new AbortController();
		const current = { controller, key, ...request };
		this.#current = current;
		showLoading(request, true);
		const hideProgress = showProgressLater();
		hideError();
		// What a failure shows: no answer means no connection; an answer, that the server refused.
		let failure = message("offline");
		try {
			const response = await fetch(request.url, {
				method: request.method,
				body: request.body,
				headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
				signal: controller.signal,
			});
			failure = message("failed");
			const json = /json/.test(response.headers.get("content-type") ?? "")
				? await response.json().catch(() => undefined)
				: undefined;
			controller.signal.throwIfAborted();
			const payload = parsePayload(json);
			// Whatever the status: a server explains a refusal (429, 413) with snippets or sends the visitor
			// elsewhere (401). Only an answer that says nothing usable is a failure.
			if (!(payload && (response.ok || payload.redirect || Object.keys(payload.snippets).length))) {
				// A GET link answered with a page (not the payload) is best shown as that page.
				if (response.ok && request.method === "GET" && json === undefined) {
					location.assign(request.url);
					return;
				}
				// The server's own words when it sent some (its error pages' text, in the page's language).
				failure = (json as { error?: unknown } | undefined)?.error?.toString() || failure;
				throw new Error(failure);
			}
			this.#apply(payload, request);
		} catch (error) {
			// An aborted request shows nothing (the user or a newer request stopped it), but is reported.
			if (!controller.signal.aborted) showError(failure, () => void this.send(request));
			dispatch("ajax:error", { request, error });
		} finally {
			hideProgress();
			showLoading(request, false);
			if (this.#current === current) this.#current = undefined;
			// Replaced by a newer request, this one ends after that one started: it may have cleared the
			// same form's or button's state, which stays until the newer one ends.
			else if (this.#current) showLoading(this.#current, true);
		}
	}

	#apply(payload: Payload, request: AjaxRequest): void {
		if (request.history === "push") this.#history.saveCurrent();
		const applied = applySnippets(payload.snippets, payload.append ? "all" : "marked");
		this.#history.record(applied);
		if (request.history) this.#history.add(request.url, request.history, payload.state);
		if (applied.length) announce(message("updated"));
		const { component } = payload;
		if (component) {
			for (const element of this.components.elementsWith(component.name)) {
				dispatch("ajax:component", component, element);
			}
			dispatch("ajax:component", component);
		}
		dispatch("ajax:success", { request, payload });
		if (payload.redirect) location.assign(payload.redirect);
	}

	#onClick(event: MouseEvent): void {
		const link = followedLink(event, "a.ajax");
		const href = link?.getAttribute("href");
		// A link without href (its origin is "") stands for the current path.
		if (!link || (href != null && link.origin !== location.origin) || link.hasAttribute("download")) return;
		event.preventDefault();
		// While a form's request runs, the snippets show what its answer may be about to replace: a link
		// there ("load more", the next page) was made for the old content, and following it would abort the
		// request, losing what the user typed or chose. The answer brings the links for the new content.
		if (this.#current?.element instanceof HTMLFormElement && link.closest(SNIPPETS)) return;
		const history = link.dataset.ajaxHistory === "false" ? false : "push";
		void this.send({ url: href == null ? currentPath() : link.href, method: "GET", element: link, history });
	}

	#onSubmit(event: SubmitEvent): void {
		const form = event.target;
		if (!(form instanceof HTMLFormElement) || !form.classList.contains("ajax") || event.defaultPrevented)
			return;
		event.preventDefault();
		const submitter = event.submitter;
		const method = (
			submitter?.getAttribute("formmethod") ||
			form.getAttribute("method") ||
			"GET"
		).toUpperCase();
		// Attributes, not form.action/form.method: a control named "action" would shadow those.
		const target = submitter?.getAttribute("formaction") ?? form.getAttribute("action");
		const url = new URL(target || currentPath(), document.baseURI);
		const data = new FormData(form, submitter);
		const get = method === "GET";
		const fields = new URLSearchParams(data as unknown as Record<string, string>);
		// Replace the query, never append to it: parameters must not pile up.
		if (get) url.search = fields.toString();
		void this.send({
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
	}
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
