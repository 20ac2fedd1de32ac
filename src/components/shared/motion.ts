/** Asked at the moment of each animation, so a user changing the setting is honoured at once. */
export function prefersReducedMotion(): boolean {
	return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
