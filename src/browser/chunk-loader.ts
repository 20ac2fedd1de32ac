import { CHUNK_LOAD_TIMEOUT } from "../constants";

/** A component chunk that could not be loaded, named as webpack names it so error filters match. */
export class ChunkLoadError extends Error {
	override readonly name = "ChunkLoadError";
	constructor(
		readonly request: string,
		options?: { cause?: unknown },
	) {
		super(`Loading chunk ${request} failed`, options);
	}
}

/**
 * Imports a chunk, retrying once with a cache-busting query (browsers remember a failed module
 * fetch by URL), and gives up with a ChunkLoadError once the CHUNK_LOAD_TIMEOUT deadline has passed.
 */
export async function importChunk(url: string): Promise<unknown> {
	// Each import() in a task of its own: a page makes a dozen of them while the runtime starts, and in
	// one task they would add up to a long one, which `npm run bench:lighthouse` counts as blocking (TBT).
	await new Promise((resolve) => setTimeout(resolve));
	const deadline = Date.now() + CHUNK_LOAD_TIMEOUT;
	try {
		return await importBefore(url, deadline);
	} catch (firstError) {
		if (Date.now() >= deadline) throw new ChunkLoadError(url, { cause: firstError });
		const retryUrl = `${url}${url.includes("?") ? "&" : "?"}retry=${Date.now()}`;
		try {
			return await importBefore(retryUrl, deadline);
		} catch (error) {
			throw new ChunkLoadError(url, { cause: error });
		}
	}
}

function importBefore(url: string, deadline: number): Promise<unknown> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`timed out: ${url}`)), Math.max(0, deadline - Date.now()));
	});
	return Promise.race([import(/* @vite-ignore */ url), timeout]).finally(() => clearTimeout(timer));
}
