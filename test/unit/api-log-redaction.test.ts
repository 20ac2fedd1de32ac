/**
 * The partner API's paths carry a voucher's code, which a till would accept: the logs never hold it,
 * neither in a request's URL nor in any other text of a line.
 */
import { describe, expect, it } from "vitest";
import { redactLine, redactUrl } from "../../src/server/logging/redact";

const CODE = "2912345678906";

describe("a voucher's code in the partner API's paths", () => {
	it("is redacted from request URLs, under any base path, with the rest of the path kept", () => {
		expect(redactUrl(`/api/v1/vouchers/${CODE}`)).toBe("/api/v1/vouchers/[redacted]");
		expect(redactUrl(`/campaign/api/v1/vouchers/${CODE}/redemptions/abc`)).toBe(
			"/campaign/api/v1/vouchers/[redacted]/redemptions/abc",
		);
		expect(redactUrl(`/api/v1/Vouchers/${CODE}?x=1`)).toBe("/api/v1/Vouchers/[redacted]?x=[redacted]");
	});

	it("is redacted from any text of a log line", () => {
		const line = `${JSON.stringify({ level: 50, msg: `No operation answers GET /api/v1/vouchers/${CODE}/x.` })}\n`;
		expect(redactLine(line)).not.toContain(CODE);
		expect(redactLine(line)).toContain("/api/v1/vouchers/[redacted]/x.");
	});
});
