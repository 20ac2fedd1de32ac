/**
 * A value read from the database and kept for `ttlMs`: the requests of a busy second share one read,
 * and a change made elsewhere (another process, an operator's fix) shows within `ttlMs`. A failed read
 * is not kept: the next caller reads again.
 */
export class Reread<T> {
	#cached: { value: Promise<T>; readAt: number } | undefined;

	constructor(
		private readonly read: () => Promise<T>,
		readonly ttlMs: number,
		readonly clock: () => number = Date.now,
	) {}

	get(): Promise<T> {
		const now = this.clock();
		if (this.#cached && now - this.#cached.readAt < this.ttlMs) return this.#cached.value;
		const cached = { value: this.read(), readAt: now };
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
