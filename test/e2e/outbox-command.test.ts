/**
 * Where the e-mails go on the embedded default (no SMTP_URL), as README "Registration and vouchers"
 * tells a newcomer: `npm run outbox -- [address] [count]` prints the newest e-mails from the configured
 * database, whose confirmation link then gives the voucher; the development page /_outbox that shows
 * them is not there in production.
 */
import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import { startServer } from "../helpers/server";
import { openLink, postRegistration, registration, startRegistrationSite } from "./register-support";
import type { StaffServer } from "./staff-support";

/** Each command starts npm and tsx: seconds each on a busy machine. */
const SLOW = 120_000;

let site: StaffServer;
beforeAll(async () => {
	site = await startRegistrationSite();
});
afterAll(() => site?.stop());

interface Run {
	readonly code: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** `npm run outbox -- <args>` with the site's configuration (its data folder, no SMTP_URL). */
function outboxCommand(...args: string[]): Promise<Run> {
	return new Promise((resolve) => {
		execFile(
			"npm",
			["run", "--silent", "outbox", "--", ...args],
			{ env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: "", SMTP_URL: "" }, timeout: 60_000 },
			(error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
		);
	});
}

/** Registers a new person over HTTP: their address. */
async function registered(): Promise<string> {
	const body = await registration();
	expect((await postRegistration(body)).status).toBe(303);
	return body.get("email") ?? "";
}

const texts = MESSAGES.cs.register;

describe("npm run outbox", () => {
	it(
		"says so while the outbox is empty",
		async () => {
			const run = await outboxCommand();
			expect(run).toMatchObject({ code: 0, stderr: "" });
			expect(run.stdout.trim()).toBe("The outbox is empty.");
		},
		SLOW,
	);

	it(
		"prints a mailbox's confirmation e-mail, unsent, whose link gives the voucher",
		async () => {
			const email = await registered();
			const run = await outboxCommand(email);
			expect(run).toMatchObject({ code: 0, stderr: "" });
			expect(run.stdout).toContain(`To: ${email}\nSubject: ${texts.mail.confirmSubject}\nQueued: `);
			expect(run.stdout).toContain(", not sent (no SMTP_URL, or waiting)\n");
			const link = new RegExp(`^${site.server.origin}/register/confirm/[\\w-]{43}$`, "m").exec(
				run.stdout,
			)?.[0];
			expect(link, run.stdout).toBeDefined();
			const confirmed = await openLink(link?.slice(site.server.origin.length) ?? "");
			expect(confirmed.status).toBe(303);
			expect(confirmed.headers.get("location")).toMatch(/^\/voucher\/[\w-]{43}$/);
		},
		SLOW,
	);

	it(
		"prints the newest e-mails, oldest of them first, as many as asked for",
		async () => {
			const first = await registered();
			const second = await registered();
			const all = await outboxCommand();
			expect(all.code).toBe(0);
			expect(all.stdout.indexOf(`To: ${first}\n`)).toBeGreaterThanOrEqual(0);
			expect(all.stdout.indexOf(`To: ${first}\n`)).toBeLessThan(all.stdout.indexOf(`To: ${second}\n`));

			const newest = await outboxCommand("", "1");
			expect(newest.code).toBe(0);
			expect(newest.stdout.match(/^To: /gm)).toHaveLength(1);
			expect(newest.stdout).toContain(`To: ${second}\n`);
		},
		SLOW,
	);

	it(
		"says when a mailbox has no e-mail, and refuses a count that is not a positive whole number",
		async () => {
			const nobody = "nobody@example.cz";
			const none = await outboxCommand(nobody);
			expect(none).toMatchObject({ code: 0, stderr: "" });
			expect(none.stdout.trim()).toBe(`No e-mail to ${nobody}.`);

			for (const count of ["0", "two", "1.5"]) {
				const refused = await outboxCommand(nobody, count);
				expect(refused.code, count).toBe(2);
				expect(refused.stdout, count).toBe("");
				expect(refused.stderr, count).toContain("Usage: npm run outbox -- [address] [how many, default 5]");
			}
		},
		SLOW,
	);
});

describe("the development outbox page", () => {
	it("is shown by the test build and is not there in production", async () => {
		expect((await fetch(site.url("/_outbox"))).status).toBe(200);
		const production = await startServer({
			entry: "dist/server/main.js",
			env: { APP_ENV: "production", CLIENT_DIR: "dist/client" },
		});
		try {
			for (const path of ["/_outbox", "/_outbox?to=jana%40example.cz", "/en/_outbox"]) {
				const response = await fetch(`${production.origin}${path}`);
				expect(response.status, path).toBe(404);
				// The site's own not-found page, none of the outbox page's markup.
				const page = await response.text();
				expect(page, path).toContain('<h1 id="error-title">');
				expect(page, path).not.toContain('class="outbox__');
			}
			expect((await fetch(`${production.origin}/register`)).status).toBe(200);
		} finally {
			await production.stop();
		}
	});
});
