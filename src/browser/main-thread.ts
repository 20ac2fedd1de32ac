/**
 * Longest stretch of start-up work before the browser gets a turn. A page with many components would
 * otherwise connect them all in one long task that holds up input and the first frames. Total blocking
 * time counts what a task runs beyond 50 ms; on a phone 4x slower than a desktop, 10 ms stay under it.
 */
const SLICE_MS = 10;

let lastTurn = performance.now();

/** Gives the browser a turn (input, rendering) when the work since the last one has run SLICE_MS. */
export async function yieldIfBusy(): Promise<void> {
	if (performance.now() - lastTurn < SLICE_MS) return;
	// scheduler.yield() resumes ahead of other queued tasks; browsers without it get a plain new task.
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	await (scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve)));
	lastTurn = performance.now();
}
