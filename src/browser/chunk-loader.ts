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
	// The timer is left to run out: rejecting a race already settled does nothing.
	const attempt = (request: string) =>
		Promise.race([
			import(/* @vite-ignore */ request),
			new Promise((_, reject) =>
				setTimeout(reject, deadline - Date.now(), new Error(`timed out: ${request}`)),
			),
		]);
	try {
		return await attempt(url);
	} catch (firstError) {
		try {
			if (Date.now() >= deadline) throw firstError;
			return await attempt(`${url}${url.includes("?") ? "&" : "?"}retry=${Date.now()}`);
		} catch (error) {
			throw new ChunkLoadError(url, { cause: error });
		}
	}
}
