import { importChunk } from "./chunk-loader";
import { type Cleanup, type ComponentDefinition, isComponentDefinition } from "./component";
import { dispatch } from "./dispatch";
import { readProps } from "./props";
import type { Services } from "./services";

interface Instance {
	readonly controller: AbortController;
	connected: boolean;
	cleanup?: Cleanup;
}

/**
 * A host's component (`components.define`): returns a module, or a promise of one, whose default export
 * has `connect(element, context)`, e.g. `() => import("./hello.js")`.
 */
export type ComponentSource = () => unknown;

export interface ComponentEventDetail {
	name: string;
	element: HTMLElement;
	error?: unknown;
}

declare global {
	interface DocumentEventMap {
		"component:connected": CustomEvent<ComponentEventDetail>;
		"component:disconnected": CustomEvent<ComponentEventDetail>;
		"component:error": CustomEvent<ComponentEventDetail>;
		/** An element names a component that is neither built in nor defined (yet). */
		"component:unknown": CustomEvent<ComponentEventDetail>;
	}
}

const SELECTOR = "[data-component]";

export type ComponentLoader = ReturnType<typeof createComponentLoader>;

/**
 * Mounts components on the elements that name them (`data-component="a b"`), in the initial HTML and
 * in any HTML inserted later, and unmounts them when their element leaves the document. A moved
 * element is not remounted: removals are judged when the mutation batch is handled, by which time a
 * moved element is connected again. Lifecycle events are dispatched on `document`. A host page adds
 * its own components with define(), which win over built-in ones of the same name.
 * A closure, not a class: its private state and helpers minify to one letter, where `this.#name` would not.
 *
 * @param chunks component name → chunk URL (absolute, or relative to `base`); define() adds to it
 */
export function createComponentLoader(chunks: Record<string, string | ComponentSource>, base: string) {
	const instancesOf = new Map<HTMLElement, Map<string, Instance>>();
	const definitions = new Map<string, Promise<ComponentDefinition>>();
	let services: Services | undefined;

	const onMutations = (records: MutationRecord[]): void => {
		for (const record of records) {
			if (record.type === "attributes") {
				if (record.target instanceof HTMLElement && record.target.isConnected) mount(record.target);
				continue;
			}
			for (const node of record.removedNodes) {
				if (node instanceof HTMLElement && !node.isConnected) unmountWithin(node);
			}
			for (const node of record.addedNodes) {
				if (node instanceof HTMLElement && node.isConnected) mountWithin(node);
			}
		}
	};
	const observer = new MutationObserver(onMutations);

	const mountWithin = (root: HTMLElement): void => {
		if (root.matches(SELECTOR)) mount(root);
		for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) mount(element);
	};

	const unmountWithin = (root: HTMLElement): void => {
		// unmount passes over elements with nothing mounted.
		unmount(root);
		for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) unmount(element);
	};

	/** Brings the element's instances in line with the names it carries now. */
	const mount = (element: HTMLElement): void => {
		const names = new Set((element.dataset.component ?? "").split(/\s+/).filter(Boolean));
		const instances = instancesOf.get(element) ?? new Map<string, Instance>();
		for (const name of instances.keys()) {
			if (!names.has(name)) unmount(element, name);
		}
		for (const name of names) {
			if (instances.has(name)) continue;
			if (!(name in chunks)) {
				if (__DEV__)
					console.warn(
						`Component "${name}" not found${__KIT__ ? `: define it with components.define("${name}", load)` : ""}`,
						element,
					);
				// For a host's page (the kit): the site's pages name only its own components.
				if (__KIT__) dispatch("component:unknown", { name, element });
				continue;
			}
			const instance: Instance = { controller: new AbortController(), connected: false };
			instances.set(name, instance);
			instancesOf.set(element, instances);
			void connect(element, name, instance);
		}
	};

	const connect = async (element: HTMLElement, name: string, instance: Instance): Promise<void> => {
		const { signal } = instance.controller;
		try {
			const definition = await definitionOf(name);
			if (signal.aborted) return;
			// Set: nothing mounts before start() (mount() waits for it).
			const cleanup = await definition.connect(element, {
				name,
				props: readProps(element, name),
				signal,
				services: services!,
			});
			if (signal.aborted) {
				if (typeof cleanup === "function") cleanup();
				return;
			}
			if (typeof cleanup === "function") instance.cleanup = cleanup;
			instance.connected = true;
			dispatch("component:connected", { name, element });
		} catch (error) {
			// Forget the failed instance so the element can be mounted again when it is re-inserted.
			if (instancesOf.get(element)?.get(name) === instance) forget(element, name);
			instance.controller.abort();
			console.error(error);
			dispatch("component:error", { name, element, error });
		}
	};

	const definitionOf = (name: string): Promise<ComponentDefinition> => {
		let definition = definitions.get(name);
		if (!definition) {
			const chunk = chunks[name]!;
			// A host's loader runs in a promise, so that one that throws fails like a chunk that does not load.
			definition = (
				typeof chunk === "function" ? Promise.resolve().then(chunk) : importChunk(new URL(chunk, base).href)
			).then((module) => {
				const exported = (module as { default?: unknown }).default;
				if (!isComponentDefinition(exported)) {
					throw new TypeError(`${name}: no connect()`);
				}
				return exported;
			});
			// A failed chunk is not cached: the next element naming the component tries again.
			definition.catch(() => definitions.delete(name));
			definitions.set(name, definition);
		}
		return definition;
	};

	const unmount = (element: HTMLElement, only?: string): void => {
		const instances = instancesOf.get(element);
		if (!instances) return;
		for (const [name, instance] of [...instances]) {
			if (only !== undefined && name !== only) continue;
			forget(element, name);
			instance.controller.abort();
			if (!instance.connected) continue;
			try {
				instance.cleanup?.();
			} catch (error) {
				console.error(error);
			}
			dispatch("component:disconnected", { name, element });
		}
	};

	const forget = (element: HTMLElement, name: string): void => {
		const instances = instancesOf.get(element);
		instances?.delete(name);
		if (instances?.size === 0) instancesOf.delete(element);
	};

	return {
		base,
		/** Mounts what the document holds and watches it; components get `services` in their context. */
		start(started: Services): void {
			services = started;
			observer.observe(document.documentElement, {
				childList: true,
				subtree: true,
				attributes: true,
				attributeFilter: ["data-component"],
			});
			mountWithin(document.documentElement);
		},
		/**
		 * Mounts the components an element names; warns (in development) if they already are. Before
		 * start() it does nothing (and warns in development): start mounts what the document holds then.
		 */
		mount(element: HTMLElement): void {
			if (__DEV__ && instancesOf.has(element)) {
				console.warn("Component instance already exists on", element);
			}
			if (services) mount(element);
			else if (__DEV__)
				console.warn("mount() before start() does nothing: start() mounts what the document holds", element);
		},
		/**
		 * Registers a host's component: where the document names it, now or later, it mounts like a built-in
		 * one. Called before the runtime starts (in the host's module script), it replaces a built-in
		 * component of the same name everywhere; later, on elements not mounted yet.
		 */
		define(name: string, load: ComponentSource): void {
			chunks[name] = load;
			definitions.delete(name);
			if (services) mountWithin(document.documentElement);
		},
		/** Names of the components mounted (or loading) on an element. */
		mountedOn(element: HTMLElement): string[] {
			return [...(instancesOf.get(element)?.keys() ?? [])];
		},
	};
}
