/**
 * Layout breakpoints (docs/behaviour.md): the smallest width, in px, at which each one starts. The CSS gets
 * the same numbers from this table (build/breakpoints-plugin.ts), so the two never drift apart.
 * Kept apart from constants.ts, whose plain numbers the bundler inlines wherever they are used: this
 * object cannot be inlined, and a module shared by the core and a lazy chunk becomes a chunk of its own.
 */
export const BREAKPOINTS = {
	small: 320,
	"small-wide": 540,
	medium: 768,
	large: 1024,
	"extra-large": 1200,
	"double-extra-large": 1400,
	"triple-extra-large": 1920,
} as const;

export type BreakpointName = keyof typeof BREAKPOINTS;
