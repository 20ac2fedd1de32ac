/**
 * `window.Nette` as the runtime shares it with a page's scripts and with dist/nette-forms.js
 * (docs/behaviour.md, "Nette's API"). The runtime core claims it at once: validators a page adds to
 * `Nette.validators` and a `Nette.showFormErrors` it sets are what the runtime's validation uses, and
 * `runtime` tells the drop-in, loaded before or after, that the runtime owns validation (it then only
 * provides Nette's API, and `handOver` undoes what it did to the page's forms before the runtime came).
 */
export interface NetteError {
	element: Element;
	message: string;
}

/** Nette's validator signature: `newValue.value` is where a validator leaves a normalised value. */
export type NetteValidator = (
	elem: unknown,
	arg: unknown,
	val: unknown,
	newValue?: { value: unknown },
) => unknown;

export interface NetteGlobal {
	validators: Record<string, NetteValidator>;
	formErrors?: NetteError[];
	showFormErrors?: (form: HTMLFormElement, errors: NetteError[]) => void;
	/** A page's own: shows or hides a toggle's elements instead of the runtime (the kit's forms chunk). */
	toggle?: (selector: string, visible: boolean) => void;
	noInit?: boolean;
	runtime?: boolean;
	handOver?: () => void;
}

declare global {
	interface Window {
		Nette?: NetteGlobal;
	}
}

/** Called by the core at start: the page's `window.Nette` (made if there is none yet), marked as the runtime's. */
export function claimNette(): void {
	// biome-ignore lint/suspicious/noAssignInExpressions: one reference to window.Nette; the kit's core + forms are at 12 KiB to the byte
	const nette = (window.Nette ??= { validators: {} });
	nette.runtime = true;
	nette.handOver?.();
}
