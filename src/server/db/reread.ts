/**
 * A value read from the database and kept for `ttlMs`: the requests of a busy second share one read,
 * and a change made elsewhere (another process, an operator's fix) shows within `ttlMs`. A failed read
 * is not kept: the next caller reads again.
 */
export class Reread<T> {
	readonly #read: () => Promise<T>;
	#cached: { value: Promise<T>; readAt: number } | undefined;

	constructor(
		read: () => Promise<T>,
		readonly ttlMs: number,
		readonly clock: () => number = Date.now,
	) {
		this.#read = read;
	}

	get(): Promise<T> {
		const now = this.clock();
		const kept = this.#cached;
		// A clock set back (an NTP step) ends the copy too, rather than keeping it until the clock catches up.
		if (kept && now >= kept.readAt && now - kept.readAt < this.ttlMs) return kept.value;
		const cached = { value: this.#read(), readAt: now };
		this.#cached = cached;
		cached.value.catch(() => {
			if (this.#cached === cached) this.#cached = undefined;
		});
		return cached.value;
	}

	/** After a change made by this process: the next caller reads it at once. */
	forget(): void {
		this.#cached = undefined;
	}
}
