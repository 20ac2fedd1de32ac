/**
 * The logs never hold what opens a voucher or names a person: request URLs are logged with voucher and
 * confirmation tokens, e-mail addresses and query values replaced, and any other text a line carries (an
 * error's message, a mail server's refusal) is redacted the same way.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextClientIp, RegistrationClient } from "../../bench/lib/registration-client";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
let smtp: SMTPServer;
beforeAll(async () => {
	// A real SMTP server that refuses every recipient, quoting the address as mail servers do.
	smtp = new SMTPServer({
		authOptional: true,
		disabledCommands: ["AUTH", "STARTTLS"],
		logger: false,
		onRcptTo(address, _session, callback) {
			callback(
				Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
					responseCode: 550,
				}),
			);
		},
	});
	await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
	const { port } = smtp.server.address() as AddressInfo;
	server = await startServer({ env: { SESSION_SECRET: SECRET, SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
	await server.stop();
	await new Promise((resolve) => smtp.close(() => resolve(undefined)));
});

const SECRET = randomBytes(32).toString("base64url");

const get = (path: string) =>
	fetch(`${server.origin}${path}`, { redirect: "manual", headers: { "x-forwarded-for": nextClientIp() } });

/** The server's log lines, parsed (every line is JSON). */
const entries = () => server.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
const urls = () => entries().flatMap((entry) => (entry.req as { url?: string } | undefined)?.url ?? []);

it("logs no voucher or confirmation token and no e-mail address: the URLs redacted, and every other line", async () => {
	const client = await RegistrationClient.connect({ url: server.origin, sessionSecret: SECRET });
	const body = await client.fields();
	const email = body.get("email") ?? "";
	const sent = await client.post(body);
	if (sent.kind !== "sent") throw new Error(`registration: ${JSON.stringify(sent)}`);
	const confirmPath = new URL(client.confirmationUrl(sent.signupId)).pathname;
	const confirmToken = confirmPath.split("/").pop() ?? "";
	const confirmed = await client.confirm(sent.signupId);
	if (confirmed.kind !== "voucher") throw new Error(`confirmation: ${JSON.stringify(confirmed)}`);
	const voucher = confirmed.token;
	const unknown = randomBytes(32).toString("base64url");

	const answers = {
		voucher: (await get(`/voucher/${voucher}`)).status,
		english: (await get(`/en/voucher/${voucher}`)).status,
		// A token typed with another case or encoding is still the token.
		encoded: (await get(`/Vouch%65r/${voucher}`)).status,
		confirmAgain: (await get(confirmPath)).status,
		outbox: (await get(`/_outbox?to=${encodeURIComponent(email)}`)).status,
		rawAddress: (await get(`/_outbox?to=${email}`)).status,
		unknownVoucher: (await get(`/voucher/${unknown}`)).status,
		addressInPath: (await get(`/hledat/${email}`)).status,
		signInBack: (await get(`/staff/login?back=/voucher/${voucher}`)).status,
		failing: (await get(`/_fixtures/ajax/throw?to=${encodeURIComponent(email)}`)).status,
	};
	expect(answers).toEqual({
		voucher: 200,
		english: 200,
		encoded: 404,
		confirmAgain: 303,
		outbox: 200,
		rawAddress: 200,
		unknownVoucher: 404,
		addressInPath: 404,
		signInBack: 200,
		failing: 500,
	});
	// The confirmation e-mail reached the mail server, which refused it naming the address.
	await expect
		.poll(() => server.logs.some((line) => line.includes('"e-mail not sent"')), { timeout: 15_000 })
		.toBe(true);
	// Every request above has been logged: the last one's error too.
	await expect.poll(() => server.logs.some((line) => line.includes('"request failed"'))).toBe(true);

	const logged = server.logs.join("\n");
	const localPart = email.split("@")[0] ?? "";
	for (const secret of [voucher, confirmToken, unknown, email, encodeURIComponent(email), localPart]) {
		expect(logged).not.toContain(secret);
	}
	expect(urls()).toEqual(
		expect.arrayContaining([
			"/voucher/[redacted]",
			"/en/voucher/[redacted]",
			"/Vouch%65r/[redacted]",
			"/register/confirm/[redacted]",
			"/_outbox?to=[redacted]",
			"/hledat/[redacted]",
			"/staff/login?back=[redacted]",
		]),
	);
	// The failed request's own error line names it, redacted.
	const failure = entries().find((entry) => entry.msg === "request failed");
	expect(failure?.req).toMatchObject({ method: "GET", url: "/_fixtures/ajax/throw?to=[redacted]" });
	expect(failure?.err).toMatchObject({ message: expect.stringContaining("secret internals") });
	// The mail server's refusal is there, without the address it quoted.
	const refusal = entries().find((entry) => entry.msg === "e-mail not sent");
	expect(JSON.stringify(refusal)).toContain("<[redacted]>: Recipient address rejected");
	// What else a request line holds: method, host, the client's address.
	const voucherLine = entries().find(
		(entry) => (entry.req as { url?: string } | undefined)?.url === "/voucher/[redacted]",
	);
	expect(Object.keys(voucherLine?.req as object).sort()).toEqual(["host", "method", "remoteAddress", "url"]);
}, 60_000);
