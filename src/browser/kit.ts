/**
 * The kit's entry (build/kit.config.ts: dist/kit's `runtime.js`): the runtime as main.ts starts it, and
 * the settings only a host's page needs, which the site's bundle leaves out. kit/runtime.d.ts declares
 * these exports (test/kit/declarations.ts holds it to them).
 */
export * from "./main";

/**
 * Names the class of the error blocks (docs/behaviour.md, "Error blocks"): the block looked for beside a
 * control, and the one created where the markup has none. The same as `data-error-class` on `<html>`,
 * which it sets, so a form's own `data-error-class` still wins; it works before or after the forms chunk
 * has loaded.
 */
export function setErrorClass(name: string): void {
	// One class name, as it goes into a selector and a className.
	if (!/^[\w-]+$/.test(name)) throw new TypeError(`Not a class name: ${name}`);
	document.documentElement.dataset.errorClass = name;
}
