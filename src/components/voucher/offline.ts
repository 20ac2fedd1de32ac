/**
 * Hands the voucher page to its service worker (offline-worker.ts): registers it (its folder, the
 * language's /voucher/, is its scope) and reports the page's own assets as they load, so that the
 * worker keeps them with the page. Only the voucher page passes the worker's URL.
 */
export async function keepOffline(workerUrl: string, signal: AbortSignal): Promise<void> {
	const workers = navigator.serviceWorker;
	// Absent outside a secure context, and in browsers without service workers: the page works without.
	if (!workers) return;
	try {
		await workers.register(workerUrl);
		const { active } = await workers.ready;
		const assetsFolder = new URL(`${document.documentElement.dataset.basePath ?? ""}/assets/`, location.href);
		const page = `${location.origin}${location.pathname}`;
		const load = `${performance.timeOrigin}`;
		const observer = new PerformanceObserver((list) => {
			const assets = list
				.getEntries()
				.map((entry) => entry.name)
				.filter((url) => url.startsWith(assetsFolder.href));
			if (assets.length) active?.postMessage({ keep: page, load, assets });
		});
		// Buffered: what loaded before the worker was ready comes in the first call.
		observer.observe({ type: "resource", buffered: true });
		signal.addEventListener("abort", () => observer.disconnect(), { once: true });
	} catch {
		// Not kept this time (storage refused, a private window): the page itself is unaffected.
	}
}
