import { describe, expect, it } from "vitest";
import { expandedFromHashes } from "../../build/components-plugin";

describe("components plugin", () => {
	it("writes the components' chunk map as hashes that expand to the same map", () => {
		const chunks = { accordion: "./accordion-DSvX-Y.js", "text-input": "./text-input-Bf_bIT.js" };
		const written = expandedFromHashes(chunks);
		expect(written).not.toContain("./accordion-");
		expect(new Function(`return ${written}`)()).toEqual(chunks);
	});

	it("writes chunks named by one version (the kit's) with the version once", () => {
		const chunks = { accordion: "./accordion-0.1.0.js", "text-input": "./text-input-0.1.0.js" };
		const written = expandedFromHashes(chunks);
		expect(written?.match(/0\.1\.0/g)).toHaveLength(1);
		expect(new Function(`return ${written}`)()).toEqual(chunks);
	});

	it("refuses a chunk not named after its component", () => {
		expect(expandedFromHashes({ accordion: "./components-shared-CfZtnb.js" })).toBeUndefined();
		expect(expandedFromHashes({ accordion: "./accordion-DSvX-Y.mjs" })).toBeUndefined();
	});
});
