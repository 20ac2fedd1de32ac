import { describe, expect, it } from "vitest";
import { localizedPath } from "../../src/i18n";

describe("localizedPath", () => {
	it("puts a path under the base path and the language's prefix", () => {
		expect(localizedPath("", "cs", "/register")).toBe("/register");
		expect(localizedPath("", "en", "/register")).toBe("/en/register");
		expect(localizedPath("/campaign", "en", "stores?region=CZ-10")).toBe("/campaign/en/stores?region=CZ-10");
	});

	it("writes the English home without its slash, also before a query or a fragment", () => {
		expect(localizedPath("", "en", "/")).toBe("/en");
		expect(localizedPath("", "en", "/?edit")).toBe("/en?edit");
		expect(localizedPath("/campaign", "en", "/#steps")).toBe("/campaign/en#steps");
		expect(localizedPath("", "en", "/stores/?page=2")).toBe("/en/stores?page=2");
	});

	it("keeps the Czech home's slash, alone or under the base path", () => {
		expect(localizedPath("", "cs", "/")).toBe("/");
		expect(localizedPath("", "cs", "/?edit")).toBe("/?edit");
		expect(localizedPath("/campaign", "cs", "/")).toBe("/campaign/");
	});
});
