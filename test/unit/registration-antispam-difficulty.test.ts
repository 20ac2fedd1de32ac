import { describe, expect, it } from "vitest";
import { DIFFICULTY, difficultyLevel } from "../../src/server/registration/antispam/difficulty";
import { networkOf } from "../../src/server/registration/antispam/network";

describe("networkOf", () => {
	it("groups IPv4 addresses by /24", () => {
		expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
		expect(networkOf("203.0.113.254")).toBe("203.0.113.0/24");
		expect(networkOf("203.0.114.7")).toBe("203.0.114.0/24");
	});

	it("takes an IPv4-mapped IPv6 address as its IPv4 address, however it is written", () => {
		expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
		expect(networkOf("::FFFF:cb00:7107")).toBe("203.0.113.0/24");
		expect(networkOf("0:0:0:0:0:ffff:203.0.113.99")).toBe("203.0.113.0/24");
	});

	it("groups IPv6 addresses by /56, written canonically", () => {
		const network = "2001:db8:1234:5600::/56";
		expect(networkOf("2001:db8:1234:5678::1")).toBe(network);
		expect(networkOf("2001:0DB8:1234:56ff:ffff:ffff:ffff:ffff")).toBe(network);
		expect(networkOf("2001:db8:1234:5600::")).toBe(network);
		expect(networkOf("2001:db8:1234:5700::1")).toBe("2001:db8:1234:5700::/56");
		expect(networkOf("2001:db8::1")).toBe("2001:db8::/56");
		expect(networkOf("::1")).toBe("::/56");
		expect(networkOf("fe80::1%eth0")).toBe("fe80::/56");
	});

	it("keeps anything it cannot parse as it is", () => {
		for (const text of ["", "unknown", "203.0.113", "203.0.113.256", "2001:db8::1::2", "[::1]"]) {
			expect(networkOf(text)).toBe(text);
		}
	});
});

describe("difficultyLevel", () => {
	it("is 0 while a network registers as people do, then one more per doubling", () => {
		const levels = [0, 1, 5, 6, 10, 11, 20, 21, 40, 41, 80, 81, 160, 161, 320, 321, 640, 641].map(
			difficultyLevel,
		);
		expect(levels).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
	});

	it("stops at the cap", () => {
		expect(difficultyLevel(1_000_000)).toBe(DIFFICULTY.maxLevel);
		expect(difficultyLevel(Number.POSITIVE_INFINITY)).toBe(DIFFICULTY.maxLevel);
	});
});
