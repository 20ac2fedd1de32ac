import type { Plugin } from "vite";
import { BREAKPOINTS } from "../src/breakpoints.ts";

/**
 * `(--name)` in a media query means "at least as wide as breakpoint `name`" (the custom-media syntax of
 * Media Queries 5); `(--below-name)` means "narrower than it". Both are written out from the table in
 * src/constants.ts, which the browser runtime's viewport service also reads.
 */
export function breakpointMediaQueries(): Record<string, string> {
	const queries: Record<string, string> = {};
	for (const [name, width] of Object.entries(BREAKPOINTS)) {
		queries[`--${name}`] = `(min-width: ${width}px)`;
		queries[`--below-${name}`] = `(max-width: ${width - 0.02}px)`;
	}
	return queries;
}

const CUSTOM_MEDIA = /\((--[a-z-]+)\)/g;

/** Replaces the custom media of every `@media` rule in a stylesheet; an unknown name is a build error. */
export function resolveBreakpoints(css: string): string {
	const queries = breakpointMediaQueries();
	return css.replace(/@media[^{]+/g, (prelude) =>
		prelude.replace(CUSTOM_MEDIA, (_, name: string) => {
			const query = queries[name];
			if (!query) throw new Error(`Unknown breakpoint ${name} in "${prelude.trim()}"`);
			return query;
		}),
	);
}

/** Runs after Vite has inlined a stylesheet's @imports, so every imported file is covered. */
export function breakpointsPlugin(): Plugin {
	return {
		name: "lumen:breakpoints",
		transform(code, id) {
			if (!/\.css(\?|$)/.test(id)) return undefined;
			try {
				return { code: resolveBreakpoints(code), map: null };
			} catch (error) {
				this.error(error instanceof Error ? error.message : String(error));
			}
		},
	};
}
