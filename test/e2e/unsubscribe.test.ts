/**
 * Unsubscribing from the news, through a real SMTP server (test/helpers/smtp.ts): an e-mail to someone
 * who asked for news carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) and a visible link;
 * one to someone who did not, none. A mail client's one-click POST (urlencoded or multipart) withdraws
 * the consent, and so does the page's button in Chromium (cs and en, axe clean); both may be repeated.
 * A link the server did not make is the 404 page, never a 500.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/i18n";
import { MESSAGES } from "../../src/i18n/site-texts";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, waitForRuntime } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";
import { type ReceivedMail, startSmtp, type TestSmtp } from "../helpers/smtp";
import {
	confirmationLink,
	openLink,
	postRegistration,
	registration,
	seedStores,
	talkTo,
} from "./register-support";

let smtp: TestSmtp;
let site: TestServer;
let browser: Browser;
beforeAll(async () => {
	smtp = await startSmtp();
	site = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Lumen <poukazky@lumen.example>" } });
	talkTo(site.origin);
	await seedStores();
	browser = await connectBrowser();
});
afterAll(async () => {
	talkTo(undefined);
	await browser?.close();
	await site?.stop();
	await smtp?.close();
});

const prefixOf = (lang: Lang) => (lang === "en" ? "/en" : "");
const UNSUBSCRIBE_URL = /^http:\/\/127\.0\.0\.1:\d+(?:\/en)?\/unsubscribe\/[sr]\.[0-9a-f-]{36}\.[\w-]{43}$/;

/** Registers (news ticked or not) and resolves to the address and its first e-mail as received. */
async function signUp(lang: Lang, news: boolean): Promise<{ email: string; mail: ReceivedMail }> {
	const body = await registration(news ? { marketing: "on" } : {});
	const response = await postRegistration(body, `${prefixOf(lang)}/register`);
	expect(response.status).toBe(303);
	const email = body.get("email") ?? "";
	const [mail] = await smtp.mailsTo(email);
	if (!mail) throw new Error("no e-mail");
	return { email, mail };
}

/** The List-Unsubscribe link of a received e-mail, checked against its visible copies. */
function unsubscribeLinkOf(mail: ReceivedMail, lang: Lang): string {
	const link = /^<(.+)>$/.exec(mail.headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
	expect(link).toMatch(UNSUBSCRIBE_URL);
	expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
	const texts = MESSAGES[lang].register.mail;
	expect(mail.text).toContain(`${texts.unsubscribe} ${texts.unsubscribeLink}:\n${link}\n`);
	expect(mail.html).toContain(`<a href="${link}"`);
	expect(mail.html).toContain(texts.unsubscribeLink);
	return link;
}

const oneClick = (link: string, body: BodyInit = "List-Unsubscribe=One-Click") =>
	fetch(link, {
		method: "POST",
		body,
		headers: typeof body === "string" ? { "content-type": "application/x-www-form-urlencoded" } : {},
		redirect: "manual",
	});

/** Whether the unsubscribe page offers the button (subscribed) or says it is done. */
async function pageState(link: string): Promise<"ask" | "done"> {
	const response = await fetch(link);
	expect(response.status).toBe(200);
	expect(response.headers.get("cache-control")).toBe("no-store");
	const html = await response.text();
	return html.includes('id="frm-unsubscribe"') ? "ask" : "done";
}

/** Registers the same mailbox again (as its owner): the e-mail with the voucher's link that it gets. */
async function registerAgain(email: string, count: number): Promise<ReceivedMail> {
	const response = await postRegistration(await registration({ email }));
	expect(response.status).toBe(303);
	const mail = (await smtp.mailsTo(email, count)).at(-1);
	if (!mail) throw new Error("no e-mail");
	return mail;
}

describe("e-mails and the unsubscribe link", () => {
	it("an e-mail to someone who asked for news carries both headers and the visible link", async () => {
		for (const lang of ["cs", "en"] as const) {
			const { mail } = await signUp(lang, true);
			const link = unsubscribeLinkOf(mail, lang);
			expect(new URL(link).pathname.startsWith(`${prefixOf(lang)}/unsubscribe/s.`)).toBe(true);
		}
	});

	it("an e-mail to someone who did not ask has no List-Unsubscribe and no link", async () => {
		const { mail } = await signUp("cs", false);
		expect(mail.headers.has("list-unsubscribe")).toBe(false);
		expect(mail.headers.has("list-unsubscribe-post")).toBe(false);
		expect(mail.text).not.toContain("/unsubscribe/");
		expect(mail.html).not.toContain("/unsubscribe/");
	});

	it("one-click withdraws, repeatedly harmless; the confirmed registration then gets no news", async () => {
		const { email, mail } = await signUp("cs", true);
		const link = unsubscribeLinkOf(mail, "cs");
		expect(await pageState(link)).toBe("ask");
		const first = await oneClick(link);
		expect(first.status).toBe(200);
		expect(await pageState(link)).toBe("done");
		expect((await oneClick(link)).status).toBe(200);
		expect(await pageState(link)).toBe("done");
		// Confirmed afterwards: the registration has no consent, so its e-mails (the voucher's own, and its
		// link sent again) carry no link.
		expect((await openLink(await confirmationLink(email))).status).toBe(303);
		const [, issued] = await smtp.mailsTo(email, 2);
		expect(issued?.subject).toBe(MESSAGES.cs.register.mail.issuedSubject);
		expect(issued?.headers.has("list-unsubscribe")).toBe(false);
		expect(issued?.text).not.toContain("/unsubscribe/");
		const again = await registerAgain(email, 3);
		expect(again.headers.has("list-unsubscribe")).toBe(false);
	});

	it("a registration that gets news is e-mailed its own link; one-click (multipart) stops the news", async () => {
		const { email } = await signUp("cs", true);
		expect((await openLink(await confirmationLink(email))).status).toBe(303);
		// The voucher's own e-mail carries the registration's link already; its link sent again, the same.
		const [, issued] = await smtp.mailsTo(email, 2);
		if (!issued) throw new Error("no voucher e-mail");
		expect(issued.subject).toBe(MESSAGES.cs.register.mail.issuedSubject);
		const link = unsubscribeLinkOf(issued, "cs");
		expect(new URL(link).pathname.startsWith("/unsubscribe/r.")).toBe(true);
		expect(unsubscribeLinkOf(await registerAgain(email, 3), "cs")).toBe(link);
		const form = new FormData();
		form.set("List-Unsubscribe", "One-Click");
		expect((await oneClick(link, form)).status).toBe(200);
		expect(await pageState(link)).toBe("done");
		const third = await registerAgain(email, 4);
		expect(third.headers.has("list-unsubscribe")).toBe(false);
		expect(third.text).not.toContain("/unsubscribe/");
	});

	it("one-click sent by a webmail's page, cross-site, withdraws too; other forms still refuse that", async () => {
		const { mail } = await signUp("en", true);
		const link = unsubscribeLinkOf(mail, "en");
		const crossSite = { origin: "https://webmail.example", "sec-fetch-site": "cross-site" };
		const response = await fetch(link, {
			method: "POST",
			body: "List-Unsubscribe=One-Click",
			headers: { ...crossSite, "content-type": "application/x-www-form-urlencoded" },
		});
		expect(response.status).toBe(200);
		expect(await pageState(link)).toBe("done");
		const register = await fetch(new URL("/register", link), {
			method: "POST",
			body: "",
			headers: crossSite,
		});
		expect(register.status).toBe(403);
	});

	it("an unknown, altered or malformed link is the 404 page, for GET and POST", async () => {
		const { mail } = await signUp("cs", true);
		const link = unsubscribeLinkOf(mail, "cs");
		const altered = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
		const otherId = link.replace(/\/s\.[0-9a-f-]{36}\./, "/s.00000000-0000-4000-8000-000000000000.");
		const otherKind = link.replace("/unsubscribe/s.", "/unsubscribe/r.");
		const origin = new URL(link).origin;
		for (const bad of [
			altered,
			otherId,
			otherKind,
			`${origin}/unsubscribe/nothing`,
			`${origin}/unsubscribe/s.${"x".repeat(80)}`,
			`${origin}/unsubscribe/%00`,
		]) {
			const got = await fetch(bad);
			expect(got.status, bad).toBe(404);
			expect(await got.text()).toContain(MESSAGES.cs.errors[404].title);
			expect((await oneClick(bad)).status, bad).toBe(404);
		}
		// The real link still asks: none of those touched it.
		expect(await pageState(link)).toBe("ask");
	});
});

describe("the unsubscribe page in a browser", () => {
	for (const lang of ["cs", "en"] as const) {
		it(`${lang}: the button unsubscribes; the page is accessible before and after`, async () => {
			const { mail } = await signUp(lang, true);
			const link = unsubscribeLinkOf(mail, lang);
			const texts = MESSAGES[lang].unsubscribe;
			const { page, messages } = await openPage(browser);
			try {
				await page.goto(link);
				await waitForRuntime(page);
				expect(await page.locator("h1").textContent()).toBe(texts.heading);
				expect(await page.locator("html").getAttribute("lang")).toBe(lang);
				expect(await axe(page)).toEqual([]);
				await page.getByRole("button", { name: texts.submit }).click();
				await page.waitForSelector(`h1:text-is("${texts.doneHeading}")`);
				expect(page.url()).toBe(link);
				expect(await page.getByRole("status").textContent()).toBe(texts.doneText);
				expect(await axe(page)).toEqual([]);
				// Opened again (from the same e-mail): still done, no button.
				await page.goto(link);
				expect(await page.locator("h1").textContent()).toBe(texts.doneHeading);
				expect(await page.getByRole("button", { name: texts.submit }).count()).toBe(0);
				expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
			} finally {
				await page.close();
			}
		});
	}
});
