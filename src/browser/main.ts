/**
 * The runtime entry (`runtime.js`). One `<script type="module">` of it on any server-rendered page
 * starts every service; component code is loaded on demand by the component loader.
 */
import chunks from "virtual:component-manifest";
import { ComponentLoader } from "./component-loader";

export { ChunkLoadError } from "./chunk-loader";
export type { ComponentContext, ComponentDefinition } from "./component";

export const components = new ComponentLoader(chunks, import.meta.url);

if (document.readyState === "loading") {
	document.addEventListener("DOMContentLoaded", () => components.start(), { once: true });
} else {
	components.start();
}
