import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { RenderCache } from "../../src/server/render-cache/cache";
import { acceptedEncoding } from "../../src/server/render-cache/encoding";

const headers = { "content-type": "text/html; charset=utf-8" };
const html = (text: string) => `<!doctype html><html><body>${text}</body></html>`;

describe("RenderCache", () => {
	it("keeps a page as the text around its nonce, for another nonce to be put in", () => {
		const cache = new RenderCache(1 << 20);
		cache.set("k", html('<style nonce="n0nce">a{}</style><p nonce="n0nce">x</p>'), {
			nonce: "n0nce",
			headers,
		});
		expect(cache.get("k")?.parts.join("fresh")).toBe(
			html('<style nonce="fresh">a{}</style><p nonce="fresh">x</p>'),
		);
	});

	it("compresses a page without a nonce once, with brotli and gzip; never one with a nonce", async () => {
		const cache = new RenderCache(1 << 20);
		const page = html("Lumen ".repeat(500));
		cache.set("plain", page, { headers });
		cache.set("nonce", html('<style nonce="abc">a{}</style>'), { nonce: "abc", headers });
		await vi.waitFor(() => expect(cache.get("plain")?.br).toBeDefined());
		const stored = cache.get("plain");
		expect(brotliDecompressSync(stored?.br ?? Buffer.alloc(0)).toString()).toBe(page);
		expect(gunzipSync(stored?.gzip ?? Buffer.alloc(0)).toString()).toBe(page);
		expect(cache.bytes).toBeGreaterThan(page.length);
		expect(cache.get("nonce")?.br).toBeUndefined();
	});

	it("forgets the least recently used pages beyond its size", () => {
		const cache = new RenderCache(2500);
		const page = "x".repeat(1000);
		cache.set("a", page, { nonce: "0f3c", headers });
		cache.set("b", page, { nonce: "0f3c", headers });
		cache.get("a");
		cache.set("c", page, { nonce: "0f3c", headers });
		expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
		expect(cache.bytes).toBeLessThanOrEqual(2500);
		cache.set("huge", "x".repeat(3000), { headers });
		expect(cache.get("huge")).toBeUndefined();
		expect(cache.size).toBe(2);
	});

	it("drops a page at its expiry", () => {
		let now = 1000;
		const cache = new RenderCache(1 << 20, () => now);
		cache.set("k", "page", { nonce: "0f3c", headers, expiresAt: 2000 });
		now = 1999;
		expect(cache.get("k")).toBeDefined();
		now = 2000;
		expect(cache.get("k")).toBeUndefined();
		expect([cache.size, cache.bytes]).toEqual([0, 0]);
	});

	it("replaces a page stored again under its key, counting its bytes once", () => {
		const cache = new RenderCache(1 << 20);
		cache.set("k", "first", { nonce: "0f3c", headers });
		cache.set("k", "second", { nonce: "0f3c", headers });
		expect(cache.get("k")?.parts).toEqual(["second"]);
		expect(cache.bytes).toBe("k".length + "second".length);
	});
});

describe("acceptedEncoding", () => {
	it.each([
		["gzip, deflate, br, zstd", "br"],
		["gzip", "gzip"],
		["br;q=0, gzip;q=0.5", "gzip"],
		["*", "br"],
		["*;q=0, gzip", "gzip"],
		["deflate", undefined],
		["identity", undefined],
		["", undefined],
		[undefined, undefined],
		["br;q=0,gzip;q=0", undefined],
	])("%s → %s", (header, expected) => {
		expect(acceptedEncoding(header)).toBe(expected);
	});
});
