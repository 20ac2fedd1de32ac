/**
 * The runtime entry (`runtime.js`). One `<script type="module">` of it on any server-rendered page
 * starts every service; component code is loaded on demand by the component loader.
 */
import chunks from "virtual:component-manifest";
import { createAjax } from "./ajax/ajax";
import { createComponentLoader } from "./component-loader";
import { dispatch } from "./dispatch";
import { startErrorReporting } from "./error-reporting";
import { afterFirstPaint } from "./first-paint";
import { plainClick } from "./followed-link";
import { createForms } from "./forms/shim";
import { startHashNavigation } from "./hash-navigation";
import { startInputMode } from "./input-mode";
import { startLazyImages } from "./lazy-images";
import { createScroll } from "./scroll";
import type { Services } from "./services";
import { createViewport } from "./viewport";

export { setMessages } from "./ajax/runtime-texts";
export { ChunkLoadError } from "./chunk-loader";
export type { ComponentContext, ComponentDefinition } from "./component";
export type { Submission, SubmitGuard } from "./forms/shim";
export type { Services } from "./services";

const root = document.documentElement;
// First, so that errors of everything after it are queued for reporting.
startErrorReporting(root);

export const components = createComponentLoader(chunks, import.meta.url);

const scroll = createScroll(root);
// Now, not at the start: its delay counts from the load event, which often comes before the start.
const followHashLinks = startHashNavigation(scroll);

const ajax = createAjax();

/** The page's services; components receive this object in their connect context. */
export const services: Services = {
	components,
	viewport: createViewport(),
	inputMode: startInputMode(),
	scroll,
	ajax,
	forms: createForms(scroll, ajax),
	plainClick,
};

declare global {
	interface DocumentEventMap {
		/** The runtime has started (after the first paint, first-paint.ts): ajax, validation, components. */
		"runtime:start": CustomEvent<null>;
	}
}

// Two copies (a page's script importing the runtime from another address than the page loads, or with
// a query) would both handle every link and form: a development build says so when another copy starts
// after it has loaded (which, run as the page loads, is whichever starts first).
if (__DEV__) {
	let starts = 0;
	document.addEventListener("runtime:start", () => {
		if (++starts === 2)
			console.warn(
				"Two copies of the runtime started: import it from the one address the page loads it from",
			);
	});
}

function start(): void {
	startLazyImages(root);
	followHashLinks();
	services.forms.start();
	components.start(services);
	dispatch("runtime:start", null);
}

/**
 * Ajax first, in a task of its own: it reads the snippets' markup for the history before anything
 * changes the page, the largest single piece of the start on /register (its form), and any task over
 * 12.5 ms counts as blocking in Lighthouse's mobile simulation (4x slower CPU, 50 ms). `npm run
 * bench:lighthouse` reports that blocking time (TBT) for /register against its budget of 0 ms.
 */
function startSoon(): void {
	services.ajax.start();
	setTimeout(start);
}

if (document.readyState === "loading") {
	document.addEventListener("DOMContentLoaded", () => afterFirstPaint(startSoon)); // once per page
} else {
	afterFirstPaint(startSoon);
}
