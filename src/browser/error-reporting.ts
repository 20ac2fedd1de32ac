import { ChunkLoadError } from "./chunk-loader";
import { importModule } from "./lazy-module";

/**
 * When the page root carries `data-sentry-dsn`, errors are queued from the start and Sentry (~30 KiB)
 * is imported once the page is loaded and idle; then the queue is sent and Sentry's own handlers take
 * over. Component errors, which the loader catches, are reported too; a chunk that failed to load
 * once per chunk, not once per element naming it. Without a DSN nothing is loaded.
 */
export function startErrorReporting(root: HTMLElement): void {
	const dsn = root.dataset.sentryDsn;
	if (!dsn) return;
	const queue: unknown[] = [];
	let report: (error: unknown) => void = (error) => queue.push(error);
	const onError = (event: ErrorEvent) => report(event.error ?? event.message);
	const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
	addEventListener("error", onError);
	addEventListener("unhandledrejection", onRejection);
	const failedChunks = new Set<string>();
	document.addEventListener("component:error", ({ detail: { error } }) => {
		if (error instanceof ChunkLoadError) {
			if (failedChunks.has(error.request)) return;
			failedChunks.add(error.request);
		}
		report(error);
	});

	const start = () =>
		importModule("sentry").then(({ startSentry }) => {
			removeEventListener("error", onError);
			removeEventListener("unhandledrejection", onRejection);
			report = startSentry(dsn, root);
			for (const error of queue.splice(0)) report(error);
		});
	const idle = () => (window.requestIdleCallback ?? setTimeout)(start);
	if (document.readyState === "complete") idle();
	else addEventListener("load", idle); // once per page: nothing to remove
}
