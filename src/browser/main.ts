/**
 * The runtime entry (`runtime.js`). One `<script type="module">` of it on any server-rendered page
 * starts every service; component code is loaded on demand by the component loader.
 */
import chunks from "virtual:component-manifest";
import { Ajax } from "./ajax/ajax";
import { startAutosubmit } from "./ajax/autosubmit";
import { ComponentLoader } from "./component-loader";
import { startErrorReporting } from "./error-reporting";
import { afterFirstPaint } from "./first-paint";
import { createForms } from "./forms/shim";
import { startHashNavigation } from "./hash-navigation";
import { startInputMode } from "./input-mode";
import { startLazyImages } from "./lazy-images";
import { createScroll } from "./scroll";
import type { Services } from "./services";
import { createViewport } from "./viewport";

export { ChunkLoadError } from "./chunk-loader";
export type { ComponentContext, ComponentDefinition } from "./component";
export type { Services } from "./services";

const root = document.documentElement;
// First, so that errors of everything after it are queued for reporting.
startErrorReporting(root);

export const components = new ComponentLoader(chunks, import.meta.url);

/** The page's services; components receive this object in their connect context. */
export const services: Services = {
	components,
	viewport: createViewport(),
	inputMode: startInputMode(),
	scroll: createScroll(root),
	ajax: new Ajax(components),
	forms: createForms(),
};

declare global {
	interface DocumentEventMap {
		/** The runtime has started (after the first paint, first-paint.ts): ajax, validation, components. */
		"runtime:start": CustomEvent<null>;
	}
}

function start(): void {
	startLazyImages(root);
	startHashNavigation(services.scroll);
	services.ajax.start();
	services.forms.start(services.scroll);
	startAutosubmit();
	components.start(services);
	document.dispatchEvent(new CustomEvent("runtime:start"));
}

if (document.readyState === "loading") {
	document.addEventListener("DOMContentLoaded", () => afterFirstPaint(start), { once: true });
} else {
	afterFirstPaint(start);
}
