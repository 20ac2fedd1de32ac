import { readFileSync } from "node:fs";

/** The value below which `p` percent of the sorted values lie (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** CPU seconds a process has used (Linux); 0 for one that exited meanwhile. */
export function cpuSeconds(pid: number): number {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
		return (Number(fields[11]) + Number(fields[12])) / 100;
	} catch {
		return 0;
	}
}

/** Runs `task` over the items with `concurrency` at a time, in order of the items. */
export async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>) {
	const results: R[] = new Array(items.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < items.length) {
				const index = next++;
				results[index] = await task(items[index] as T);
			}
		}),
	);
	return results;
}
