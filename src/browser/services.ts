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
	/** Ajax forms and links: `send()` a request yourself, `abort()` the current one. */
	readonly ajax: Ajax;
	/** Validation of forms with rules: `validate(form, submitter?)` as a submit would, resolving to the verdict. */
	readonly forms: Forms;
}
