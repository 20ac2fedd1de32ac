/**
 * The confirmation links that issue no voucher because of the campaign, in both languages with axe:
 * the last voucher went to someone else first (sold out), and the campaign ended between the e-mail
 * and the click (the same data folder opened by a server whose CAMPAIGN_END has passed). A voucher
 * issued before the end keeps working after it: its page and the till.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import { openDatabase } from "../../src/server/db";
import { redeemVoucher } from "../../src/server/staff/redemption";
import { axe } from "../helpers/axe";
import { connectBrowser } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import {
	confirmationLink,
	openLink,
	postRegistration,
	registerAndConfirm,
	registration,
	seedStores,
	talkTo,
} from "./register-support";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const LANGS = [
	["cs", ""],
	["en", "/en"],
] as const;

/** A signup made on the site now open at `talkTo`, in a language: its confirmation link. */
async function signup(prefix: string): Promise<string> {
	const body = await registration();
	expect((await postRegistration(body, `${prefix}/register`)).status).toBe(303);
	return confirmationLink(body.get("email") ?? "");
}

/** The refusal page in Chromium: its status, heading, a way on, and no axe violations. */
async function expectRefusal(server: TestServer, link: string, status: number, heading: string) {
	const page = await browser.newPage();
	const response = await page.goto(`${server.origin}${link}`);
	expect(response?.status()).toBe(status);
	expect(await page.textContent("h1")).toBe(heading);
	expect(await page.getAttribute("main a.button", "href")).toMatch(/^\/(en)?$/);
	expect(await axe(page)).toEqual([]);
	await page.close();
}

describe("the last voucher taken before the link was opened", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { VOUCHER_LIMIT: "1" } });
		talkTo(server.origin);
		await seedStores();
	});
	afterAll(() => server.stop());

	it("is refused kindly, and the link says so again; the site then says registration is closed", async () => {
		const links = await Promise.all(LANGS.map(([, prefix]) => signup(prefix)));
		const winner = await signup("");
		expect((await openLink(winner)).status).toBe(303);
		for (const [i, [lang]] of LANGS.entries()) {
			const texts = MESSAGES[lang].register.confirm["sold-out"];
			await expectRefusal(server, links[i] ?? "", 410, texts.heading);
			expect((await openLink(links[i] ?? "")).status).toBe(410);
		}
		expect(await (await fetch(`${server.origin}/register`)).text()).not.toContain("<form");
	});
});

describe("a link opened after the campaign ended", () => {
	const dataDir = mkdtempSync(join(tmpdir(), "lumen-ended-"));
	const env = { DATA_DIR: dataDir, SESSION_SECRET: "the same secret on both days" };
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

	// Two servers' starts one after the other (the second on the first one's data), which on a machine busy
	// with the rest of the suite took over 12 s each: a minute, as a hook that starts a server has.
	it("issues nothing and says the campaign is not running; a voucher issued before still shows and redeems", {
		timeout: 60_000,
	}, async () => {
		const open = await startServer({ env });
		talkTo(open.origin);
		await seedStores();
		const links = await Promise.all(LANGS.map(([, prefix]) => signup(prefix)));
		const issued = await registerAndConfirm();
		await open.stop();

		const ended = await startServer({ env: { ...env, CAMPAIGN_END: "2026-01-31" } });
		const database = await openDatabase({ dataDir });
		try {
			for (const [i, [lang]] of LANGS.entries()) {
				await expectRefusal(ended, links[i] ?? "", 403, MESSAGES[lang].register.confirm.closed.heading);
			}
			const voucherPage = await fetch(`${ended.origin}${issued}`);
			expect(voucherPage.status).toBe(200);
			const code = /<code class="voucher__code">(\d{13})<\/code>/.exec(await voucherPage.text())?.[1] ?? "";
			expect(code).toMatch(/^\d{13}$/);
			const redeemed = await redeemVoucher(database.db, { code, staffId: null, storeId: null });
			expect(redeemed).toMatchObject({ kind: "redeemed", code });
		} finally {
			await Promise.all([ended.stop(), database.close()]);
		}
	});
});
