/** The store finder's query string: whatever a user or a bot sends, a usable filter and no error. */
import { describe, expect, it } from "vitest";
import {
	MAX_PAGE,
	MAX_SEARCH_LENGTH,
	parseStoreQuery,
	storeQueryString,
} from "../../src/domain/stores/query";

describe("parseStoreQuery", () => {
	it("reads a region, a text and a page", () => {
		expect(parseStoreQuery({ region: "CZ-64", q: "Brno", page: "3" })).toEqual({
			region: "CZ-64",
			text: "Brno",
			page: 3,
		});
	});

	it("defaults to every region, no text and the first page", () => {
		for (const query of [undefined, null, "region=CZ-64", {}, { region: "", q: "", page: "" }]) {
			expect(parseStoreQuery(query)).toEqual({ region: undefined, text: "", page: 1 });
		}
	});

	it("ignores an unknown region", () => {
		for (const region of ["CZ-99", "cz-64", "Praha", "__proto__", "toString", 64, { a: 1 }]) {
			expect(parseStoreQuery({ region }).region).toBeUndefined();
		}
	});

	it("takes the first of repeated parameters", () => {
		expect(parseStoreQuery({ region: ["CZ-10", "CZ-64"], q: ["Praha", "Brno"], page: ["2", "5"] })).toEqual({
			region: "CZ-10",
			text: "Praha",
			page: 2,
		});
	});

	it("trims text, collapses inner whitespace and cuts it to the longest useful length", () => {
		expect(parseStoreQuery({ q: "  Hradec \t\n Králové " }).text).toBe("Hradec Králové");
		const long = parseStoreQuery({ q: "ž".repeat(500) }).text;
		expect(long).toBe("ž".repeat(MAX_SEARCH_LENGTH));
		// A cut that ends on a space leaves no trailing space.
		expect(parseStoreQuery({ q: `${"a".repeat(MAX_SEARCH_LENGTH - 1)} b` }).text).toBe(
			"a".repeat(MAX_SEARCH_LENGTH - 1),
		);
	});

	it("keeps the page number within bounds", () => {
		const page = (value: unknown) => parseStoreQuery({ page: value }).page;
		expect(page("0")).toBe(1);
		expect(page("-2")).toBe(1);
		expect(page("2.5")).toBe(1);
		expect(page("1e3")).toBe(1);
		expect(page("abc")).toBe(1);
		expect(page(7)).toBe(1);
		expect(page("99999999999999999999")).toBe(1);
		expect(page("5000")).toBe(MAX_PAGE);
		expect(page("07")).toBe(7);
	});
});

describe("storeQueryString", () => {
	it("leaves out empty parameters and the first page", () => {
		expect(storeQueryString({})).toBe("");
		expect(storeQueryString({ region: undefined, text: "", page: 1 })).toBe("");
		expect(storeQueryString({ region: "CZ-64", text: "Brno střed", page: 2 })).toBe(
			"?region=CZ-64&q=Brno+st%C5%99ed&page=2",
		);
	});

	it("round-trips through parseStoreQuery", () => {
		const query = { region: "CZ-52", text: "Hradec Králové", page: 3 } as const;
		const params = Object.fromEntries(new URLSearchParams(storeQueryString(query)));
		expect(parseStoreQuery(params)).toEqual(query);
	});
});
