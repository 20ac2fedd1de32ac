/**
 * The element a component's markup must contain. A missing part is a markup error: it throws with the
 * selector, and the loader reports it as this component's error without breaking the others.
 */
export function part<T extends Element = HTMLElement>(root: Element, selector: string): T {
	const found = root.querySelector<T>(selector);
	if (!found) throw new Error(`Component markup lacks ${selector}`);
	return found;
}
