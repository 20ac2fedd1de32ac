/** Calls `fn` once calls have paused for `wait` ms, with the arguments of the last call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): (...args: A) => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	return (...args) => {
		clearTimeout(timer);
		timer = setTimeout(() => fn(...args), wait);
	};
}
