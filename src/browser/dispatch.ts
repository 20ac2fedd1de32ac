type Detail<K extends keyof DocumentEventMap> = DocumentEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Dispatches one of the runtime's events, on `document` unless another target is given; false when a
 * listener cancelled it (`init.cancelable`).
 */
export function dispatch<K extends keyof DocumentEventMap>(
	type: K,
	detail: Detail<K>,
	target: EventTarget = document,
	init?: EventInit,
): boolean {
	return target.dispatchEvent(new CustomEvent(type, { ...init, detail }));
}
