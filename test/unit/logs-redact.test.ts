/**
 * What a log line may hold: request URLs without voucher, confirmation or unsubscribe tokens, e-mail
 * addresses or query values, and any text without tokens after those paths or anything shaped like an
 * address, the line still valid JSON.
 */
import { describe, expect, it } from "vitest";
import { redactLine, redactText, redactUrl } from "../../src/server/logging/redact";

const TOKEN = "fs1IoOup89wb7M98eu8VIcxCAHoO1hakUyPvnq0aXbc";

describe("redactUrl", () => {
	it.each([
		[`/voucher/${TOKEN}`, "/voucher/[redacted]"],
		[`/en/voucher/${TOKEN}`, "/en/voucher/[redacted]"],
		[`/campaign/en/voucher/${TOKEN}/`, "/campaign/en/voucher/[redacted]/"],
		[`/register/confirm/${TOKEN}`, "/register/confirm/[redacted]"],
		[
			`/en/register/confirm/${TOKEN}?utm_source=mail`,
			"/en/register/confirm/[redacted]?utm_source=[redacted]",
		],
		[`/unsubscribe/r.${TOKEN}`, "/unsubscribe/[redacted]"],
		// Spelled as the router or a person might: still the voucher's path.
		[`/vouch%65r/${TOKEN}`, "/vouch%65r/[redacted]"],
		[`/Voucher/${TOKEN}`, "/Voucher/[redacted]"],
		[`/voucher/${TOKEN}%zz`, "/voucher/[redacted]"],
		["/hledat/jana.novakova@seznam.cz", "/hledat/[redacted]"],
		["/hledat/jana%40seznam.cz/x", "/hledat/[redacted]/x"],
		["/_outbox?to=jana%40seznam.cz", "/_outbox?to=[redacted]"],
		["/_outbox?to=jana@seznam.cz&to=", "/_outbox?to=[redacted]&to=[redacted]"],
		["/staff/login?back=%2Fvoucher%2Fabc&required", "/staff/login?back=[redacted]&required"],
		["/stores?q[]=a&jana@seznam.cz&%3Cx%3E=1", "/stores?q[]=[redacted]&[redacted]&[redacted]=[redacted]"],
		["/stores?", "/stores?"],
		["/", "/"],
		["/register/sent", "/register/sent"],
		["/assets/frontend/js/runtime.js", "/assets/frontend/js/runtime.js"],
	])("%s is logged as %s", (url, logged) => {
		expect(redactUrl(url)).toBe(logged);
	});
});

describe("redactText", () => {
	it("replaces tokens after the secret paths and anything shaped like an e-mail address", () => {
		expect(redactText(`Route GET:/en/voucher/${TOKEN} not found`)).toBe(
			"Route GET:/en/voucher/[redacted] not found",
		);
		expect(redactText(`see https://lumen.example/register/confirm/${TOKEN} now`)).toBe(
			"see https://lumen.example/register/confirm/[redacted] now",
		);
		expect(redactText("550 5.1.1 <jan.novak+eshop@outlook.com>: Recipient address rejected")).toBe(
			"550 5.1.1 <[redacted]>: Recipient address rejected",
		);
		expect(redactText("to=jana%40seznam.cz, ivan@пример.рф")).toBe("to=[redacted], [redacted]");
		expect(redactText(`Key (email_canonical)=(alicetest@gmail.com) already exists.`)).toBe(
			"Key (email_canonical)=([redacted]) already exists.",
		);
	});

	it("leaves other text alone", () => {
		for (const text of [
			"Server listening at http://127.0.0.1:3000",
			"at file:///work/main/node_modules/@fastify/multipart/index.js:12:3",
			"/voucher/",
			"an @ alone",
		]) {
			expect(redactText(text)).toBe(text);
		}
	});
});

describe("redactLine", () => {
	it("passes a line that cannot hold a secret on untouched", () => {
		for (const line of [
			'{"level":30,"reqId":"a","msg":"request completed"}\n',
			'{"level":30,"req":{"url":"/en/voucher/[redacted]"},"msg":"incoming request"}\n',
		]) {
			expect(redactLine(line)).toBe(line);
		}
		// Not valid JSON (no logger of ours writes that): searched as text.
		expect(redactLine("jana@seznam.cz wrote\n")).toBe("[redacted] wrote\n");
	});

	it("redacts every string, keys too, and keeps the line valid JSON with its escapes", () => {
		const entry = {
			level: 40,
			msg: "e-mail not sent",
			err: {
				message: 'Can\'t send mail:\n\u0001jana@seznam.cz "quoted" \\ back',
				rejected: ["jana@seznam.cz"],
				response: `550 <petr@firma.cz>`,
			},
			byAddress: { "eva@firma.cz": 1 },
			url: `/voucher/${TOKEN}`,
			count: 3,
			ok: true,
			none: null,
		};
		const line = redactLine(`${JSON.stringify(entry)}\n`);
		expect(line.endsWith("}\n")).toBe(true);
		expect(JSON.parse(line)).toEqual({
			...entry,
			err: {
				message: 'Can\'t send mail:\n\u0001[redacted] "quoted" \\ back',
				rejected: ["[redacted]"],
				response: "550 <[redacted]>",
			},
			byAddress: { "[redacted]": 1 },
			url: "/voucher/[redacted]",
		});
	});
});
