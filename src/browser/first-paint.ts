/**
 * The runtime starts once the page has painted: the server's HTML is complete without JavaScript, so
 * nothing the runtime does belongs before the first paint, and work done there (loading and connecting
 * components) would only delay it on a slow phone. It starts PAINT_WAIT_MAX after it ran at the latest:
 * a page that paints nothing, or a hidden one (a background tab), has no paint to wait for.
 */
const PAINT_WAIT_MAX = 500;

export function afterFirstPaint(run: () => void): void {
	const start = () => {
		observer.disconnect();
		clearTimeout(timer);
		run();
	};
	const observer = new PerformanceObserver(start);
	const timer = setTimeout(start, PAINT_WAIT_MAX);
	// Buffered: a paint before the runtime ran counts.
	observer.observe({ type: "paint", buffered: true });
}
