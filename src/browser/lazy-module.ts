import { modules } from "virtual:component-manifest";
import { importChunk } from "./chunk-loader";

/** The runtime's own lazily loaded modules, as listed for the build in vite.config.ts. */
interface LazyModules {
	sentry: typeof import("./sentry");
	forms: typeof import("./forms/index");
	autosubmit: typeof import("./ajax/autosubmit");
	/** The kit's only (build/kit.config.ts). */
	scripts: typeof import("./ajax/snippet-scripts");
}

const loading = new Map<keyof LazyModules, Promise<unknown>>();

/**
 * Loads one of the runtime's own lazy modules once, the way component chunks are loaded: by URL,
 * retried once, failing with a ChunkLoadError after the timeout (and tried again on the next call).
 */
export function importModule<Name extends keyof LazyModules>(name: Name): Promise<LazyModules[Name]> {
	let module = loading.get(name);
	if (!module) {
		module = importChunk(new URL(modules[name]!, import.meta.url).href);
		module.catch(() => loading.delete(name));
		loading.set(name, module);
	}
	return module as Promise<LazyModules[Name]>;
}
