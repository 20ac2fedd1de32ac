/**
 * Types of `runtime.js`, the module a page loads with `<script type="module">` (README.md). It starts
 * itself; a page's own module script imports it only to reach these exports.
 */

/** Options from `data-props` (JSON) merged with `data-<name>-*` attributes (strings): check before use. */
export type Props = Readonly<Record<string, unknown>>;

export interface ComponentContext {
	/** The component name the element was mounted for (an element may name several). */
	readonly name: string;
	readonly props: Props;
	/** Aborted when the component disconnects: pass it to addEventListener to drop listeners for free. */
	readonly signal: AbortSignal;
	/** The runtime's services, shared by all components of the page. */
	readonly services: Services;
}

export type Cleanup = () => void;

/** A component module's default export. */
export interface ComponentDefinition {
	connect(element: HTMLElement, context: ComponentContext): void | Cleanup | Promise<void | Cleanup>;
}

/** What `components.define` loads: a module (or its promise) whose default export is a component. */
export type ComponentSource = () => unknown;

export interface ComponentLoader {
	/**
	 * Registers a component of the page's own, e.g. `components.define("hello", () => import("./hello.js"))`.
	 * It mounts wherever `data-component` names it, at start and in HTML inserted later (snippets). Defined
	 * before the runtime starts, it replaces a built-in component of the same name.
	 */
	define(name: string, load: ComponentSource): void;
	/** Mounts the components an element names (once started; the runtime finds inserted HTML itself). */
	mount(element: HTMLElement): void;
	/** Names of the components mounted (or loading) on an element. */
	mountedOn(element: HTMLElement): string[];
}

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

/** The JSON an ajax request answers with (README.md, "Payload"). */
export interface Payload {
	snippets: Record<string, string>;
	append: boolean;
	redirect?: string;
	/** Truthy: follow `redirect` with a full page load even when it is same-origin. */
	forceRedirect?: unknown;
	url?: string;
	/**
	 * Read on failure only (an answer without snippets or a redirect that is not a 2xx, or not a usable
	 * payload): the text the error box shows the visitor instead of the runtime's own.
	 */
	error?: string;
}

export interface Ajax {
	/**
	 * Sends a request and applies its answer; `apply: false` only returns the payload. Resolves with the
	 * payload, or undefined when the request was not sent, failed or was aborted.
	 */
	send(
		request: AjaxRequest,
		options?: { apply?: boolean; signal?: AbortSignal },
	): Promise<Payload | undefined>;
	/** Aborts the page's running request, and dismisses the error bar of a failure shown. */
	abort(): void;
	/** Sends a form (with the button that submits it) as the runtime sends a form with class `ajax`. */
	submit(form: HTMLFormElement, submitter?: HTMLElement | null): void;
}

export interface Submission {
	readonly form: HTMLFormElement;
	readonly submitter: HTMLElement | null;
}

/** Answers `false` (or a promise of it, or a rejected one) to stop a submission; a promise holds it. */
export type SubmitGuard = (submission: Submission) => unknown;

export interface Forms {
	/** Validates a form as submitting it with `submitter` would (states, summary, focus). */
	validate(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<boolean>;
	/** Adds a step to the form's submissions, after validation and before sending, until `signal` aborts. */
	guard(form: HTMLFormElement, guard: SubmitGuard, options: { signal: AbortSignal }): void;
}

export interface ScrollOptions {
	/** false jumps; true (default) scrolls smoothly unless the user prefers reduced motion. */
	smooth?: boolean;
}

export interface Scroller {
	readonly offset: number;
	scrollTo(top: number): void;
	stop(): void;
}

export interface Scroll {
	/** Scrolls so that `target` sits `offset` px below the top (its `data-scroll-offset` wins). */
	scrollTo(target: Element | number, offset?: number, options?: ScrollOptions): void;
	/** Scrolls to an in-page target and moves focus to it. */
	navigateTo(target: Element, offset?: number, options?: ScrollOptions): void;
	/** Locks the page's scrolling (touch scrolling only inside `allow`); returns the unlock. Locks nest. */
	lock(allow?: Element): () => void;
	readonly locked: boolean;
	attachScroller(scroller: Scroller): () => void;
}

export type BreakpointName =
	| "small"
	| "small-wide"
	| "medium"
	| "large"
	| "extra-large"
	| "double-extra-large"
	| "triple-extra-large";

export interface Viewport {
	readonly breakpoint: BreakpointName;
	atLeast(name: BreakpointName): boolean;
	onBreakpointChange(listener: (breakpoint: BreakpointName) => void, signal?: AbortSignal): void;
	onResize(listener: () => void, signal?: AbortSignal): void;
}

export interface InputMode {
	readonly current: "touch" | "mouse";
}

export interface Services {
	readonly components: ComponentLoader;
	readonly viewport: Viewport;
	readonly inputMode: InputMode;
	readonly scroll: Scroll;
	readonly ajax: Ajax;
	readonly forms: Forms;
	/** Whether a click is the page's to handle: the main button, no modifier key, not handled already. */
	readonly plainClick: (event: MouseEvent) => boolean;
}

export declare const components: ComponentLoader;
export declare const services: Services;

/** The texts the runtime shows itself, one table per language (README.md, "Languages"). */
export interface Messages {
	failed: string;
	offline: string;
	retry: string;
	close: string;
	loading: string;
	updated: string;
	badInput: string;
	summary: string;
}

/** Adds a language's texts or overrides some; those left out are English (a shipped language's own). */
export declare function setMessages(lang: string, table: Partial<Messages>): void;

/**
 * Names the class of the error blocks (README.md, "Nette Forms"): looked for beside a control, and given
 * to the block the runtime creates where the markup has none. The same as `data-error-class` on
 * `<html>`, which it sets; a form's own `data-error-class` still wins. One class name (letters, digits,
 * `-`, `_`), or it throws a TypeError.
 */
export declare function setErrorClass(name: string): void;

/** A chunk of the runtime that could not be loaded (named as webpack names it, for error filters). */
export declare class ChunkLoadError extends Error {
	readonly name: "ChunkLoadError";
	readonly request: string;
	constructor(request: string, options?: { cause?: unknown });
}

export interface ComponentEventDetail {
	name: string;
	element: HTMLElement;
	error?: unknown;
}

export interface SnippetUpdate {
	/** The snippet's new HTML, or what is appended to it. */
	html: string;
	appended: boolean;
}

/** A control that failed a submit's validation, with its message (`Nette.formErrors`, `forms:invalid`). */
export interface NetteError {
	element: Element;
	message: string;
}

/**
 * A validator a page adds to `Nette.validators` for a rule op the runtime does not know (Nette's
 * signature): the op `App\Validators::zip` is looked up as `AppValidators_zip`. It gets the control, the
 * rule's argument and the control's value; `newValue.value` is where it may leave a normalised value.
 * Answering null skips the rule; any other answer counts by its truthiness.
 */
export type NetteValidator = (
	elem: (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLButtonElement) & {
		form: HTMLFormElement;
	},
	arg: unknown,
	value: unknown,
	newValue?: { value: unknown },
) => unknown;

/**
 * `window.Nette` as the runtime alone provides it (README.md, "Beside the page's own Nette code"): made
 * when runtime.js runs, if the page has none yet, and shared with `nette-forms.js` when the page loads
 * that too (its type, `NetteForms` of `@lumen/runtime/nette-forms`, then describes the global: import a
 * type from there).
 */
export interface NetteRuntime {
	/** The page's own validators: the runtime uses them for ops it does not know. */
	validators: Record<string, NetteValidator>;
	/** The errors of the last submit's validation; undefined until a form was submitted. */
	formErrors?: NetteError[];
	/** Set by the page: shows a submit's errors instead of the runtime (called valid or not, as Nette does). */
	showFormErrors?(form: HTMLFormElement, errors: NetteError[]): void;
	/**
	 * Set by the page: shows (`visible`) or hides the elements of a toggle's key (an animation, say)
	 * instead of the runtime's `hidden` attribute. Called for each key of a form's toggles at start, on
	 * every change and after a reset, without Nette's `srcElement` and `event`.
	 */
	toggle?(selector: string, visible: boolean): void;
	/** For `nette-forms.js`: set before it runs, it starts no forms itself. The runtime does not read it. */
	noInit?: boolean;
}

/** The runtime's events (README.md, "Events"): on `document`, the snippets' from each snippet (bubbling). */
export interface RuntimeEventMap {
	"runtime:start": CustomEvent<null>;
	"ajax:before": CustomEvent<AjaxRequest>;
	"ajax:success": CustomEvent<{ request: AjaxRequest; payload: Payload }>;
	"ajax:error": CustomEvent<{ request: AjaxRequest; error: unknown }>;
	"snippet:update": CustomEvent<SnippetUpdate>;
	"snippet:updated": CustomEvent<SnippetUpdate>;
	"component:connected": CustomEvent<ComponentEventDetail>;
	"component:disconnected": CustomEvent<ComponentEventDetail>;
	"component:error": CustomEvent<ComponentEventDetail>;
	"component:unknown": CustomEvent<ComponentEventDetail>;
	/**
	 * On the form, bubbling: a submit's validation failed. Cancel it (`preventDefault()`) to show the
	 * errors yourself: the runtime then shows none of them.
	 */
	"forms:invalid": CustomEvent<NetteError[]>;
	/** On the form, bubbling: a submit's validation passed (`detail`: `[]`). Cancelled, the old messages stay. */
	"forms:valid": CustomEvent<NetteError[]>;
}

declare global {
	interface DocumentEventMap extends RuntimeEventMap {}
	interface HTMLElementEventMap
		extends Pick<RuntimeEventMap, "snippet:update" | "snippet:updated" | "forms:invalid" | "forms:valid"> {}
	/**
	 * The type of the global `Nette`: what the runtime provides (`NetteRuntime`) and, once a type is
	 * imported from `@lumen/runtime/nette-forms`, the whole API of `nette-forms.js` (nette-forms.d.ts adds
	 * it here, so that the two declarations merge).
	 */
	interface NetteGlobal extends NetteRuntime {}
	var Nette: NetteGlobal;
	interface Window {
		Nette: NetteGlobal;
	}
}
