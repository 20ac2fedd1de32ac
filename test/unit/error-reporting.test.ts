import type { ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { isIgnoredError } from "../../src/browser/error-filter";

const CHROME =
	"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const SEZNAM = `${CHROME} SznProhlizec/11.0`;

function event(value: string): ErrorEvent {
	return { type: undefined, exception: { values: [{ type: "Error", value }] } };
}

describe("error filter", () => {
	it("drops errors saying a name is not defined, in every browser", () => {
		expect(isIgnoredError(event("gtag is not defined"), CHROME)).toBe(true);
		expect(
			isIgnoredError({ type: undefined, message: "Uncaught ReferenceError: $ is not defined" }, CHROME),
		).toBe(true);
		expect(isIgnoredError(event("Cannot read properties of undefined"), CHROME)).toBe(false);
	});

	it("drops form-availability errors only for the Seznam browser, whose pattern can be replaced", () => {
		expect(isIgnoredError(event("Form is not available"), SEZNAM)).toBe(true);
		expect(isIgnoredError(event("Form is not available"), CHROME)).toBe(false);
		expect(isIgnoredError(event("Form is not available"), CHROME, /Chrome\/126/)).toBe(true);
		expect(isIgnoredError(event("Network is not available"), SEZNAM)).toBe(false);
	});
});
