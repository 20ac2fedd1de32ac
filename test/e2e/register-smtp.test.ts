import { createServer, type Server } from "node:net";
import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

interface Mail {
	envelope: string[];
	data: string;
}

/** Just enough SMTP for nodemailer: greets, accepts every command, keeps each message. */
function fakeSmtp(): Promise<{ port: number; mails: Mail[]; server: Server }> {
	const mails: Mail[] = [];
	const server = createServer((socket) => {
		socket.setEncoding("utf8");
		socket.write("220 fake.example ESMTP\r\n");
		let buffer = "";
		let envelope: string[] = [];
		let data: string | undefined;
		socket.on("data", (chunk: string) => {
			buffer += chunk;
			for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (data !== undefined) {
					if (line === ".") {
						mails.push({ envelope, data });
						envelope = [];
						data = undefined;
						socket.write("250 queued\r\n");
					} else data += `${line}\n`;
					continue;
				}
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === "DATA") {
					data = "";
					socket.write("354 go ahead\r\n");
				} else if (verb === "QUIT") {
					socket.end("221 bye\r\n");
				} else {
					if (verb === "MAIL" || verb === "RCPT") envelope.push(line);
					socket.write(verb === "EHLO" ? "250-fake.example\r\n250 8BITMIME\r\n" : "250 OK\r\n");
				}
			}
		});
	});
	return new Promise((resolve) =>
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			resolve({ port: typeof address === "object" && address ? address.port : 0, mails, server });
		}),
	);
}

let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let site: TestServer;
beforeAll(async () => {
	smtp = await fakeSmtp();
	site = await startServer({
		env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Lumen <poukazky@lumen.example>" },
	});
});
afterAll(async () => {
	await site?.stop();
	smtp?.server.close();
});

describe("e-mail over SMTP", () => {
	it("sends the voucher link to the address that registered", async () => {
		const get = async <T>(path: string): Promise<T> =>
			(await fetch(`${site.origin}${path}`)).json() as Promise<T>;
		const { stores } = await get<{ stores: string[] }>("/_fixtures/registration/stores");
		const { token } = await get<{ token: string }>("/_fixtures/registration/time-trap?age=20000");
		const challenge = await get<Parameters<typeof solveChallenge>[0]["challenge"]>("/register/challenge");
		const solution = await solveChallenge({ challenge, deriveKey: sha });
		const email = `smtp.${Date.now()}@example.cz`;
		const response = await fetch(`${site.origin}/register`, {
			method: "POST",
			redirect: "manual",
			body: new URLSearchParams({
				name: "Petr Svoboda",
				email,
				birthDate: "1985-06-01",
				phone: "",
				store: stores[0] ?? "",
				terms: "on",
				website: "",
				_started: token,
				altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
				send: "",
			}),
		});
		expect(response.status).toBe(303);
		const voucherPath = new URL(response.headers.get("location") ?? "", site.origin).pathname;
		expect(voucherPath).toMatch(/^\/voucher\/[\w-]{43}$/);

		for (let waited = 0; smtp.mails.length === 0 && waited < 10_000; waited += 100) {
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(smtp.mails).toHaveLength(1);
		const [mail] = smtp.mails;
		expect(mail?.envelope).toContain(`RCPT TO:<${email}>`);
		// Quoted-printable may wrap long lines with a soft break ("=" at the end of a line).
		const body = mail?.data.replace(/=\n/g, "") ?? "";
		expect(body).toContain(`To: ${email}`);
		expect(body).toContain(voucherPath);
	});
});
