import { describe, expect, it } from "vitest";
import { breakpointMediaQueries, resolveBreakpoints } from "../../build/breakpoints-plugin";
import { BREAKPOINTS } from "../../src/breakpoints";

describe("breakpoints plugin", () => {
	it("writes every breakpoint of the one table as a min-width and a below query", () => {
		const queries = breakpointMediaQueries();
		expect(Object.keys(queries)).toHaveLength(2 * Object.keys(BREAKPOINTS).length);
		expect(queries["--small-wide"]).toBe("(min-width: 540px)");
		expect(queries["--below-medium"]).toBe("(max-width: 767.98px)");
		expect(queries["--triple-extra-large"]).toBe("(min-width: 1920px)");
	});

	it("replaces custom media in @media preludes only", () => {
		const css =
			"a { --x: (--large); }\n@media (--large) and (--below-triple-extra-large) { a { color: red; } }";
		expect(resolveBreakpoints(css)).toBe(
			"a { --x: (--large); }\n@media (min-width: 1024px) and (max-width: 1919.98px) { a { color: red; } }",
		);
	});

	it("fails the build on an unknown breakpoint", () => {
		expect(() => resolveBreakpoints("@media (--huge) { a { color: red; } }")).toThrow(
			/Unknown breakpoint --huge/,
		);
	});
});
