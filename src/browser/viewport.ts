import { BREAKPOINTS, type BreakpointName } from "../breakpoints";
import { RESIZE_HANDLER_DEBOUNCE } from "../constants";
import { debounce } from "./debounce";

export type { BreakpointName };

/** The layout breakpoint the window is in, and window resizes; the CSS gets the same table at build time. */
export interface Viewport {
	/** The widest breakpoint whose minimum width the window reaches (the smallest one below 320 px). */
	readonly breakpoint: BreakpointName;
	/** Whether the window is at least as wide as the breakpoint starts, as `@media (--name)` in CSS. */
	atLeast(name: BreakpointName): boolean;
	/** Called with the new breakpoint whenever the window crosses one. */
	onBreakpointChange(listener: (breakpoint: BreakpointName) => void, signal?: AbortSignal): void;
	/** Called once a window resize has paused for RESIZE_HANDLER_DEBOUNCE ms. */
	onResize(listener: () => void, signal?: AbortSignal): void;
}

export function createViewport(): Viewport {
	const events = new EventTarget();
	// The same media queries as the CSS, so JS and CSS agree at every width, zoom and scrollbar width.
	const queries = Object.entries(BREAKPOINTS).map(
		([name, width]) => [name as BreakpointName, matchMedia(`(min-width: ${width}px)`)] as const,
	);
	const find = (): BreakpointName => queries.findLast(([, query]) => query.matches)?.[0] ?? queries[0]![0];
	let breakpoint = find();
	for (const [, query] of queries) {
		query.addEventListener("change", () => {
			const next = find();
			if (next === breakpoint) return;
			breakpoint = next;
			events.dispatchEvent(new Event("breakpoint"));
		});
	}
	addEventListener(
		"resize",
		debounce(() => events.dispatchEvent(new Event("resize")), RESIZE_HANDLER_DEBOUNCE),
	);
	return {
		get breakpoint() {
			return breakpoint;
		},
		atLeast: (name) => matchMedia(`(min-width: ${BREAKPOINTS[name]}px)`).matches,
		onBreakpointChange: (listener, signal) =>
			events.addEventListener("breakpoint", () => listener(breakpoint), { signal }),
		onResize: (listener, signal) => events.addEventListener("resize", listener, { signal }),
	};
}
