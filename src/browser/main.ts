/**
 * The runtime entry (`runtime.js`). One `<script type="module">` of it on any server-rendered page
 * starts every service; component code is loaded on demand by the component loader.
 */
import chunks from "virtual:component-manifest";
import { ComponentLoader } from "./component-loader";
import type { Services } from "./services";

export { ChunkLoadError } from "./chunk-loader";
export type { ComponentContext, ComponentDefinition } from "./component";
export type { Services } from "./services";

export const components = new ComponentLoader(chunks, import.meta.url);

/** The page's services; components receive this object in their connect context. */
export const services: Services = { components };

function start(): void {
	components.start(services);
}

if (document.readyState === "loading") {
	document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
	start();
}
