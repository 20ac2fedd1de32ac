/**
 * Keeps the screen awake (Wake Lock API, where available) until `signal` aborts: a scanner at the till
 * needs the barcode lit. The browser drops the lock whenever the page is hidden; it is taken again when
 * the page shows. Refusals (battery saver) are silent: the code still shows, the screen may dim.
 */
export function keepScreenAwake(signal: AbortSignal): void {
	if (!("wakeLock" in navigator) || signal.aborted) return;
	let sentinel: WakeLockSentinel | undefined;
	const request = async () => {
		if (sentinel && !sentinel.released) return;
		try {
			const lock = await navigator.wakeLock.request("screen");
			if (signal.aborted) void lock.release();
			else sentinel = lock;
		} catch {
			// Refused or the page is hidden: try again on the next visibility change.
		}
	};
	document.addEventListener(
		"visibilitychange",
		() => {
			if (document.visibilityState === "visible") void request();
		},
		{ signal },
	);
	signal.addEventListener("abort", () => void sentinel?.release(), { once: true });
	void request();
}
