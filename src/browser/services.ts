import type { ComponentLoader } from "./component-loader";

/**
 * The runtime's services, one instance each per page. Components reach them through their connect
 * context (`context.services`), never by importing them, so that every component shares the
 * runtime's instances and no core module is duplicated into a component chunk.
 */
export interface Services {
	readonly components: ComponentLoader;
}
