import type { Ajax } from "./ajax/ajax";
import type { ComponentLoader } from "./component-loader";
import type { Forms } from "./forms/shim";
import type { InputMode } from "./input-mode";
import type { Scroll } from "./scroll";
import type { Viewport } from "./viewport";

/**
 * The runtime's services, one instance each per page. Components reach them through their connect
 * context (`context.services`), never by importing them, so that every component shares the
 * runtime's instances and no core module is duplicated into a component chunk.
 */
export interface Services {
	readonly components: ComponentLoader;
	/** Breakpoints (the same table as the CSS) and debounced window resizes. */
	readonly viewport: Viewport;
	/** Touch or mouse, as `<body>` shows with is-touch / is-mouse. */
	readonly inputMode: InputMode;
	/** scrollTo, navigateTo (scroll and focus), the nested scroll lock, and the smooth scroller's hook. */
	readonly scroll: Scroll;
	/**
	 * Ajax forms and links: `send()` a request yourself (`{ apply: false }`: only fetch its payload),
	 * `abort()` the current one.
	 */
	readonly ajax: Ajax;
	/**
	 * Forms: `validate(form, submitter?)` as a submit would, resolving to the verdict, and `guard(form,
	 * guard, { signal })`, a step of the form's submissions between validation and sending (forms/submit.ts).
	 */
	readonly forms: Forms;
	/** Whether a click is the page's to handle: the main button, no modifier key, not handled already. */
	readonly plainClick: (event: MouseEvent) => boolean;
}
