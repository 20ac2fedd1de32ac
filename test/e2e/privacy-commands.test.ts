/**
 * The privacy commands as an operator runs them (npm run privacy:export / privacy:erase /
 * privacy:retention) against a running server's database, SQLite and PostgreSQL: a person registered
 * through the site (news asked for) is exported with their consent records, erased (their voucher page
 * then says it was cancelled at their request, in Czech and English), and erasing again does nothing;
 * retention after the campaign's end erases everyone's personal data.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import type { PersonExport } from "../../src/server/privacy/export";
import { CONSENT_VERSIONS } from "../../src/server/registration/consent-texts";
import { startServer, type TestServer } from "../helpers/server";
import { describeServerDatabases } from "../helpers/test-databases";
import {
	confirmationLink,
	openLink,
	postRegistration,
	registration,
	seedStores,
	talkTo,
} from "./register-support";

const run = promisify(execFile);
/** Each command starts npm and tsx: seconds each on a busy machine. */
const SLOW = 120_000;

describeServerDatabases("privacy commands on %s", (_kind, create) => {
	let site: TestServer;
	let env: Record<string, string>;
	let cleanup: () => Promise<void>;
	beforeAll(async () => {
		const database = await create();
		const dataDir = mkdtempSync(join(tmpdir(), "lumen-privacy-"));
		env = { ...database.env, DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString("base64url") };
		site = await startServer({ env });
		talkTo(site.origin);
		await seedStores();
		cleanup = async () => {
			await database.drop();
			rmSync(dataDir, { recursive: true, force: true });
		};
	});
	afterAll(async () => {
		talkTo(undefined);
		await site?.stop();
		await cleanup?.();
	});

	/** `npm run <script> -- <args>` with the server's configuration: its stdout. */
	async function command(script: string, args: string[] = [], extra: Record<string, string> = {}) {
		const { stdout } = await run("npm", ["run", "--silent", script, "--", ...args], {
			env: { ...process.env, ...env, ...extra },
			timeout: 60_000,
		});
		return stdout;
	}
	const exported = async (email: string) =>
		JSON.parse(await command("privacy:export", ["--email", email])) as PersonExport;

	/** Registers through the site (news ticked) and confirms: the address and the voucher page's path. */
	async function registered(): Promise<{ email: string; voucher: string }> {
		const body = await registration({ marketing: "on" });
		expect((await postRegistration(body)).status).toBe(303);
		const email = body.get("email") ?? "";
		const confirmed = await openLink(await confirmationLink(email));
		expect(confirmed.status).toBe(303);
		return { email, voucher: confirmed.headers.get("location") ?? "" };
	}

	it(
		"exports a person by any spelling, erases them once, and then finds nothing",
		async () => {
			const { email, voucher } = await registered();
			const found = await exported(`  ${email.toUpperCase()}`);
			expect(found.mailbox).toBe(email.toLowerCase());
			expect(found.registrations).toEqual([
				expect.objectContaining({
					email,
					birth_date: "1990-03-15",
					phone: "+420603123456",
					marketing_consent: 1,
				}),
			]);
			expect(
				found.consents.map((consent) => [consent.purpose, consent.text_version, consent.method]),
			).toEqual([
				["terms", CONSENT_VERSIONS.terms.cs, "form"],
				["marketing", CONSENT_VERSIONS.marketing.cs, "form"],
			]);
			expect(found.vouchers).toEqual([expect.objectContaining({ token: voucher.split("/").at(-1) })]);
			expect(found.signups).toHaveLength(1);
			// The confirmation e-mail and the voucher's own, each with the link that stops the news.
			expect(found.emails).toEqual([
				expect.objectContaining({ recipient: email }),
				expect.objectContaining({ recipient: email }),
			]);
			for (const mail of found.emails) expect(mail.text_body).toContain("/unsubscribe/");
			expect(found.emails.map((mail) => mail.text_body).join("\n")).toContain(voucher);

			const erased = await command("privacy:erase", ["--email", email]);
			expect(erased).toContain(`Erased ${email}`);
			expect(erased).toContain("1 registration(s) anonymised");
			expect(erased).toContain("1 voucher(s) voided");
			for (const [lang, prefix] of [
				["cs", ""],
				["en", "/en"],
			] as const) {
				const page = await fetch(`${site.origin}${prefix}${voucher}`);
				expect(page.status).toBe(200);
				const html = await page.text();
				expect(html).toContain(MESSAGES[lang].voucher.cancelled.heading);
				expect(html).toContain(MESSAGES[lang].voucher.cancelled.text);
				expect(html).not.toContain(found.vouchers[0]?.code);
				expect(html).not.toContain('class="voucher__barcode');
			}
			expect(await command("privacy:erase", ["--email", email])).toContain(
				`Nothing is stored about ${email}`,
			);
			expect(await exported(email)).toMatchObject({
				registrations: [],
				signups: [],
				consents: [],
				emails: [],
			});
		},
		SLOW,
	);

	it(
		"refuses to run without an address",
		async () => {
			await expect(command("privacy:export")).rejects.toMatchObject({ code: 2 });
			await expect(command("privacy:erase", ["--email"])).rejects.toMatchObject({ code: 2 });
		},
		SLOW,
	);

	it(
		"retention erases everyone's personal data once the campaign's end plus the months has come",
		async () => {
			const { email } = await registered();
			const kept = await command("privacy:retention", [], { CAMPAIGN_END: "2099-12-31" });
			expect(kept).toContain("Personal data is erased from 2100-06-30 on; this run: 0 registration(s)");
			expect((await exported(email)).registrations).toHaveLength(1);
			const ended = await command("privacy:retention", [], {
				CAMPAIGN_END: "2020-01-31",
				PERSONAL_DATA_RETENTION_MONTHS: "1",
			});
			expect(ended).toMatch(
				/Personal data is erased from 2020-02-29 on; this run: [1-9]\d* registration\(s\) anonymised/,
			);
			expect(await exported(email)).toMatchObject({ registrations: [], signups: [], emails: [] });
		},
		SLOW,
	);
});
