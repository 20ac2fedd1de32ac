/**
 * kit/runtime.d.ts is written by hand; this holds it to the source it describes. `npm run typecheck`
 * fails when src/browser/kit.ts (the kit's entry: main.ts and the kit's own settings) exports something
 * the declarations lack (or the other way round), or when what it exports, or an event it declares, no
 * longer fits them. (The declarations' own global
 * maps add nothing here: the source's members of DocumentEventMap come first.)
 */
import type * as Kit from "../../kit/runtime";
// The forms chunk's events, which the kit's entry does not import (it loads the chunk).
import type {} from "../../src/browser/forms/index";
import type { NetteGlobal as SourceNette } from "../../src/browser/forms/nette-global";
import type * as Source from "../../src/browser/kit";

/** Compiles only when `Actual` can be used where `Declared` is promised. */
type Fits<Actual extends Declared, Declared> = [Actual, Declared];
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
	? true
	: false;
type Expect<T extends true> = T;
/** true, or the names of the events whose source declaration does not fit the kit's. */
type EventsFit = {
	[K in keyof Kit.RuntimeEventMap]: DocumentEventMap[K] extends Kit.RuntimeEventMap[K] ? true : K;
}[keyof Kit.RuntimeEventMap];
/** The same for the events the kit declares on elements (the snippets', the forms'). */
type ElementEventsFit = {
	[K in keyof Kit.RuntimeEventMap &
		keyof HTMLElementEventMap]: HTMLElementEventMap[K] extends Kit.RuntimeEventMap[K] ? true : K;
}[keyof Kit.RuntimeEventMap & keyof HTMLElementEventMap];
/** The kit declares these members of the runtime's `window.Nette`, no more (`runtime`, `handOver` are the drop-in's). */
type NetteKeys = SameKeys<
	Pick<SourceNette, "validators" | "formErrors" | "showFormErrors" | "toggle" | "noInit">,
	Kit.NetteRuntime
>;

export type KitDeclarations = [
	Expect<SameKeys<typeof Source, typeof Kit>>,
	Expect<EventsFit>,
	Expect<ElementEventsFit>,
	Expect<NetteKeys>,
	// window.Nette as the runtime makes it is what the kit declares, and a page's display is one it calls.
	Fits<SourceNette, Kit.NetteRuntime>,
	Fits<NonNullable<Kit.NetteRuntime["showFormErrors"]>, NonNullable<SourceNette["showFormErrors"]>>,
	Fits<NonNullable<Kit.NetteRuntime["toggle"]>, NonNullable<SourceNette["toggle"]>>,
	Fits<typeof Source.components, Kit.ComponentLoader>,
	Fits<typeof Source.services, Kit.Services>,
	Fits<typeof Source.ChunkLoadError, typeof Kit.ChunkLoadError>,
	Fits<typeof Source.setMessages, typeof Kit.setMessages>,
	Fits<typeof Kit.setMessages, typeof Source.setMessages>,
	Fits<typeof Source.setErrorClass, typeof Kit.setErrorClass>,
	Fits<typeof Kit.setErrorClass, typeof Source.setErrorClass>,
	// A host's component, typed with the kit's declarations, is one the loader takes.
	Fits<Kit.ComponentDefinition, Source.ComponentDefinition>,
	Fits<Kit.ComponentSource, Parameters<typeof Source.components.define>[1]>,
];
