import { describe, expect, it } from "vitest";
import { backPath, signInPath } from "../../src/domain/staff/sign-in-paths";

describe("where signing in leads back to", () => {
	it("takes a path of this site, with its query", () => {
		for (const path of ["/", "/?edit", "/stores?edit", "/stores?region=praha&edit", "/%C5%99?edit"]) {
			expect(backPath(path)).toBe(path);
		}
	});

	it("refuses anything a browser could read as another site, or that a Location header cannot carry", () => {
		for (const value of [
			"//evil.example",
			"/\\evil.example",
			"/\t/evil.example",
			"/\n/evil.example",
			"\\\\evil.example",
			"https://evil.example",
			"javascript:alert(1)",
			"evil.example",
			"",
			" /stores",
			"/stores\r\nSet-Cookie: a=b",
			"/ř",
			"/<script>alert(1)</script>",
			"/stores#top",
			`/${"a".repeat(501)}`,
			["/stores"],
			undefined,
		]) {
			expect(backPath(value)).toBeUndefined();
		}
	});

	it("travels encoded in the sign-in page's address", () => {
		expect(signInPath()).toBe("/staff/login");
		expect(signInPath("/stores?edit&a=b")).toBe("/staff/login?back=%2Fstores%3Fedit%26a%3Db");
		expect(signInPath(undefined, true)).toBe("/staff/login?required");
		expect(signInPath("/?edit", true)).toBe("/staff/login?back=%2F%3Fedit&required");
	});
});
