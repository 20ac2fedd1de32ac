/**
 * Which nonces an ajax answer's Content-Security-Policy allows scripts by (src/browser/ajax/snippet-scripts.ts):
 * the kit runs a snippet's script that carries one of them. Only the directive that governs `<script>`
 * elements counts.
 */
import { describe, expect, it } from "vitest";
import { scriptNonces } from "../../src/browser/ajax/snippet-scripts";

const nonces = (header: string | null) => [...scriptNonces(header)].sort();

describe("the nonces an answer's policy allows scripts by", () => {
	it("are those of script-src, exactly", () => {
		expect(nonces("default-src 'self'; script-src 'nonce-abc' 'strict-dynamic'; object-src 'none'")).toEqual([
			"abc",
		]);
		expect(nonces("script-src 'nonce-a+b/c=='")).toEqual(["a+b/c=="]);
		expect(nonces("script-src 'nonce-abc")).toEqual([]);
	});

	it("come from script-src-elem before script-src, and from default-src only without either", () => {
		expect(nonces("script-src 'nonce-one'; script-src-elem 'nonce-two'")).toEqual(["two"]);
		expect(nonces("default-src 'nonce-one'; script-src 'self'")).toEqual([]);
		expect(nonces("default-src 'nonce-one'")).toEqual(["one"]);
	});

	it("are none from another directive, or from no policy", () => {
		expect(nonces("script-src 'none'; style-src 'nonce-abc'")).toEqual([]);
		expect(nonces(null)).toEqual([]);
		expect(nonces("")).toEqual([]);
	});

	it("come from a directive's first occurrence, as browsers read a policy that repeats one", () => {
		expect(nonces("script-src 'nonce-first'; script-src 'nonce-second'")).toEqual(["first"]);
	});

	it("are read from each policy of a header that joins several, directive names in any case", () => {
		expect(nonces("SCRIPT-SRC 'nonce-one', script-src 'nonce-two'; style-src 'nonce-three'")).toEqual([
			"one",
			"two",
		]);
	});
});
