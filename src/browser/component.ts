/**
 * The one way to define a component: a module under src/components/<name>/index.ts whose default
 * export is a ComponentDefinition. The loader calls `connect` when an element naming the component is
 * in the document and the returned cleanup when that element leaves it (Stimulus' lifecycle, without
 * classes). Component modules import only types from src/browser: the runtime's services reach them
 * through the context, so no core module is ever split into a chunk shared with the runtime entry.
 */

import type { Services } from "./services";

export type Props = Readonly<Record<string, unknown>>;

export interface ComponentContext {
	/** The component name the element was mounted for (an element may name several). */
	readonly name: string;
	/** Options from `data-props` (JSON) merged with `data-<name>-*` attributes; check before use. */
	readonly props: Props;
	/** Aborted when the component disconnects: pass it to addEventListener to drop listeners for free. */
	readonly signal: AbortSignal;
	/** The runtime's services (scroll, forms, ...), shared by all components of the page. */
	readonly services: Services;
}

export type Cleanup = () => void;

export interface ComponentDefinition {
	connect(element: HTMLElement, context: ComponentContext): void | Cleanup | Promise<void | Cleanup>;
}

export function isComponentDefinition(value: unknown): value is ComponentDefinition {
	return typeof (value as { connect?: unknown } | undefined)?.connect === "function";
}
