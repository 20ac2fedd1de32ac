/**
 * When to run work that must not hold up the answer to a tap or a key: the browser paints the next frame
 * only once the event's handlers (and whatever else runs before that frame) are done, and that wait is
 * what the person feels (and what INP measures).
 */

/** A hidden page paints no frames: past this, the work runs anyway. */
const PAINT_WAIT_MAX = 100;

/**
 * Resolves once the next frame has painted: a task queued from an animation frame callback runs after
 * that frame's paint. What runs from here on no longer delays what the interaction shows.
 */
export function afterNextPaint(): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(resolve, PAINT_WAIT_MAX);
		requestAnimationFrame(() => {
			clearTimeout(timer);
			setTimeout(resolve);
		});
	});
}

/**
 * Runs `run` when the main thread is idle, `timeout` ms from now at the latest (a short timer where the
 * browser has no idle callbacks: Safari); not once `signal` is aborted.
 */
export function whenIdle(run: () => void, signal: AbortSignal, timeout = 2000): void {
	const start = () => {
		if (!signal.aborted) run();
	};
	if (typeof requestIdleCallback === "function") {
		const handle = requestIdleCallback(start, { timeout });
		signal.addEventListener("abort", () => cancelIdleCallback(handle), { once: true });
	} else {
		const timer = setTimeout(start, Math.min(timeout, 200));
		signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
	}
}
