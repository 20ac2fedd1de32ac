import { describe, expect, it } from "vitest";
import { Reread } from "../../src/server/db/reread";

/** A Reread over a counter, with a clock the test moves. */
function counting(ttlMs = 1000) {
	let now = 10_000;
	let reads = 0;
	let fail = false;
	const value = new Reread(
		async () => {
			reads++;
			if (fail) throw new Error("database away");
			return reads;
		},
		ttlMs,
		() => now,
	);
	return {
		value,
		reads: () => reads,
		advance: (ms: number) => {
			now += ms;
		},
		failing: (yes: boolean) => {
			fail = yes;
		},
	};
}

describe("Reread", () => {
	it("shares one read until it is ttlMs old, then reads again", async () => {
		const counter = counting();
		const [a, b] = await Promise.all([counter.value.get(), counter.value.get()]);
		expect([a, b, counter.reads()]).toEqual([1, 1, 1]);
		counter.advance(999);
		expect(await counter.value.get()).toBe(1);
		counter.advance(1);
		expect(await counter.value.get()).toBe(2);
	});

	it("reads at once after forget()", async () => {
		const counter = counting();
		await counter.value.get();
		counter.value.forget();
		expect(await counter.value.get()).toBe(2);
	});

	it("does not keep a failed read", async () => {
		const counter = counting();
		counter.failing(true);
		await expect(counter.value.get()).rejects.toThrow("database away");
		counter.failing(false);
		expect(await counter.value.get()).toBe(2);
	});

	it("reads again when the clock was set back, instead of waiting for it to catch up", async () => {
		const counter = counting();
		await counter.value.get();
		counter.advance(-3_600_000);
		expect(await counter.value.get()).toBe(2);
	});
});
