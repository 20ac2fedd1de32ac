/**
 * The shapes of the validated forms' controls (dom.ts), kept from one check to the next, so that a submit
 * only reads values and states. Any change of the markup that could change a shape (an element added or
 * removed anywhere, as a control may belong to a form from outside it, or a changed attribute a shape
 * comes from) forgets them all; the changes validation makes itself (error blocks, the summary) are taken
 * out of the records right after they are made.
 */
import { type ControlShape, shapesOf } from "./dom";

export interface Shapes {
	of(form: HTMLFormElement): readonly ControlShape[];
	/** Makes validation's own changes of the markup (`write`), which change no shape. */
	write(write: () => void): void;
}

export function createShapes(): Shapes {
	let kept = new WeakMap<HTMLFormElement, ControlShape[]>();
	const observer = new MutationObserver(() => {
		kept = new WeakMap();
	});
	observer.observe(document.documentElement, {
		childList: true,
		subtree: true,
		attributeFilter: ["name", "type", "form", "data-nette-rules", "data-nette-empty-value"],
	});
	// Changes made earlier in the same task have had no callback yet.
	const forget = () => {
		if (observer.takeRecords().length) kept = new WeakMap();
	};
	return {
		of(form) {
			forget();
			let shapes = kept.get(form);
			if (!shapes) {
				shapes = shapesOf(form);
				kept.set(form, shapes);
			}
			return shapes;
		},
		write(write) {
			forget();
			write();
			observer.takeRecords();
		},
	};
}
