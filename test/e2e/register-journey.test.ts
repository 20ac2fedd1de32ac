/**
 * The double opt-in as people meet it, in Chromium, against a site of its own that sends its e-mails to
 * a real SMTP server (test/helpers/smtp.ts): the form filled in with the keyboard, the check-your-inbox
 * page, the e-mail as it arrived, its link opened in the browser, the voucher and its barcode read back
 * from a screenshot by zbarimg; in Czech and English. Then each refusal a person can meet on the way,
 * in both languages, with axe and the focus and ARIA a keyboard or screen-reader user depends on: an
 * address that cannot register, a mailbox e-mailed too often, the same person again, an expired and an
 * unknown link, and the check-your-inbox page's resend and correction. Last, e-mails written while the
 * mail server is down arrive once it is back.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/components/shared/text";
import type { Lang } from "../../src/i18n";
import { MESSAGES } from "../../src/i18n/site-texts";
import { axe } from "../helpers/axe";
import { scanBarcodeImage, scanVoucherBarcode } from "../helpers/barcode-scan";
import { connectBrowser, type ObservedPage, openPage, tabTo, waitForRuntime } from "../helpers/browser";
import { recordConnectedComponents, waitForSettled } from "../helpers/components";
import { freePort, startServer, type TestServer } from "../helpers/server";
import { type ReceivedMail, startSmtp, type TestSmtp } from "../helpers/smtp";
import { clientIp, uniqueEmail } from "./register-support";

const MAIL_FROM = "Lumen <poukazky@lumen.example>";
const LANGS = ["cs", "en"] as const;
const prefixOf = (lang: Lang) => (lang === "en" ? "/en" : "");

let smtp: TestSmtp;
let site: TestServer;
let browser: Browser;
let store: string;
beforeAll(async () => {
	smtp = await startSmtp();
	site = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM } });
	browser = await connectBrowser();
	store = (await getJson<{ stores: string[] }>(site, "/_fixtures/registration/stores")).stores[0] ?? "";
});
afterAll(async () => {
	await browser?.close();
	await site?.stop();
	await smtp?.close();
});

async function getJson<T>(server: TestServer, path: string, ip?: string): Promise<T> {
	const response = await fetch(`${server.origin}${path}`, { headers: ip ? { "x-forwarded-for": ip } : {} });
	return (await response.json()) as T;
}

interface Person {
	readonly name: string;
	readonly email: string;
	/** yyyy-mm-dd */
	readonly birthDate: string;
}

/** Everyone here is a person of their own (name and birth date), unless a test means the same one. */
let people = 0;
const person = (label: string): Person => ({
	name: `Eva Testová ${label}${++people}`,
	email: uniqueEmail(label),
	birthDate: "1988-05-20",
});

/** The date as a person types it on the page in `lang`. */
function typedDate(iso: string, lang: Lang): string {
	const [year, month, day] = iso.split("-").map(Number);
	return lang === "cs" ? `${day}. ${month}. ${year}` : `${day}/${month}/${year}`;
}

/** A browser of a visitor on a network of its own: the per-address limits are not what these tests meet. */
async function visitor(): Promise<ObservedPage> {
	const observed = await openPage(browser);
	await recordConnectedComponents(observed.page);
	await observed.page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientIp() });
	// A step that never happens fails as itself, within the test's own time.
	observed.page.setDefaultTimeout(15_000);
	return observed;
}

/**
 * Errors in the console, but for Chromium's note of a refusal page's own status (`refusal`): a page
 * answered 404 or 409 is what the test opened.
 */
const errorsOf = (messages: string[], refusal?: number) =>
	messages.filter(
		(message) =>
			/^(error|pageerror)/.test(message) &&
			!message.startsWith(
				`error: Failed to load resource: the server responded with a status of ${refusal} `,
			),
	);
/**
 * The page as its visitor meets it once it has settled: the runtime started and every component
 * connected, its chunk loaded. Leaving a page sooner cancels the chunks' downloads, which the runtime
 * reports as errors in the console. Waited for as such, not as half a second without requests
 * (networkidle), which every page paid on top.
 */
async function settled(page: Page): Promise<void> {
	await waitForRuntime(page);
	await waitForSettled(page);
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** A registration sent without a browser, challenge solved, from an address of its own. */
async function postSignup(server: TestServer, who: Person, lang: Lang = "cs"): Promise<void> {
	const ip = clientIp();
	const { token } = await getJson<{ token: string }>(server, "/_fixtures/registration/time-trap?age=20000");
	const challenge = await getJson<Parameters<typeof solveChallenge>[0]["challenge"]>(
		server,
		"/register/challenge",
		ip,
	);
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	const response = await fetch(`${server.origin}${prefixOf(lang)}/register`, {
		method: "POST",
		redirect: "manual",
		headers: { "x-forwarded-for": ip },
		body: new URLSearchParams({
			name: who.name,
			email: who.email,
			birthDate: who.birthDate,
			phone: "",
			store,
			terms: "on",
			website: "",
			_started: token,
			altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
			send: "",
		}),
	});
	if (response.status !== 303) throw new Error(`registration answered ${response.status}`);
}

/** The confirmation link (absolute) in an e-mail. */
function linkIn(mail: ReceivedMail | undefined): string {
	const link = /^http:\/\/127\.0\.0\.1:\d+(?:\/en)?\/register\/confirm\/[\w-]{43}$/m.exec(
		mail?.text ?? "",
	)?.[0];
	if (!link) throw new Error(`no confirmation link in:\n${mail?.text ?? "(no e-mail)"}`);
	return link;
}

/** The link in the newest of the first `count` e-mails to `email`. */
const receivedLink = async (email: string, count = 1) => linkIn((await smtp.mailsTo(email, count)).at(-1));

const ageSignups = (email: string, ms: number) =>
	fetch(`${site.origin}/_fixtures/registration/age-signups?email=${encodeURIComponent(email)}&ms=${ms}`);

/** The e-mails the site wrote to `email` (sent or not), from its development outbox page. */
async function outboxEntries(server: TestServer, email: string): Promise<string[]> {
	const html = await (await fetch(`${server.origin}/_outbox?to=${encodeURIComponent(email)}`)).text();
	return [
		...html.replace(/<!-- -->/g, "").matchAll(/<article class="outbox__message"[\s\S]*?<\/article>/g),
	].map(([entry]) => entry);
}

/**
 * Fills the whole form in at once, the form as if shown 20 s ago (the clock, not a sleep: the time trap
 * would refuse a form filled in this fast), and waits for the challenge solved in the background.
 */
async function fillForm(page: Page, lang: Lang, who: Person): Promise<void> {
	await page.goto(`${site.origin}${prefixOf(lang)}/register`);
	// Typed once the date field is the component's text field: as a native date field it refuses typed dates.
	await page.waitForSelector("#frm-register-birthDate[type=text]");
	await page.fill("#frm-register-name", who.name);
	await page.fill("#frm-register-email", who.email);
	await page.fill("#frm-register-birthDate", typedDate(who.birthDate, lang));
	await page.fill("#frm-register-phone", "603 123 456");
	await page.selectOption("#frm-register-store", store);
	await page.check("#frm-register-terms");
	const { token } = await getJson<{ token: string }>(site, "/_fixtures/registration/time-trap?age=20000");
	await page.locator("input[name=_started]").evaluate((input, value) => {
		(input as HTMLInputElement).value = value;
	}, token);
	await page.waitForSelector(".antispam[data-state=verified]");
}

/** Registers in the browser and lands on the check-your-inbox page. */
async function registerInBrowser(page: Page, lang: Lang, who: Person): Promise<void> {
	await fillForm(page, lang, who);
	await page.locator("#frm-register-email").press("Enter");
	await page.waitForURL(`${site.origin}${prefixOf(lang)}/register/sent`);
	await settled(page);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The two journeys run together: most of their time is the keyboard's pace and the mail server's, and
// they share nothing (each its own visitor, mailbox and person, born on another day).
describe.concurrent.each(LANGS)("the journey in %s", (lang) => {
	const prefix = prefixOf(lang);
	const t = MESSAGES[lang];
	// The Czech e-mail greets in the vocative.
	const greeting = lang === "cs" ? "Dobrý den, Jano Nováková," : "Hello Jana Nováková,";
	const birthDate = lang === "cs" ? "1990-03-15" : "1985-07-04";

	it("registers with the keyboard, gets the e-mail over SMTP, opens its link and scans the voucher", async () => {
		const { page, messages } = await visitor();
		const email = uniqueEmail(`journey-${lang}`);
		const type = (text: string) => page.keyboard.type(text, { delay: 50 });
		await page.goto(`${site.origin}${prefix}/register`);
		await page.waitForSelector("#frm-register-birthDate[type=text]");
		await tabTo(page, "#frm-register-name");
		await type("Jana Nováková");
		await tabTo(page, "#frm-register-email");
		await type(email);
		await tabTo(page, "#frm-register-birthDate");
		await type(typedDate(birthDate, lang));
		await tabTo(page, "#frm-register-phone");
		await type("603 123 456");
		await tabTo(page, "#frm-register-store");
		await page.keyboard.press("ArrowDown");
		await tabTo(page, "#frm-register-terms");
		await page.keyboard.press("Space");
		await tabTo(page, "button[name=send]");
		await page.keyboard.press("Enter");

		// Check your inbox: the address only masked (the page is shown on a screen others may see).
		await page.waitForURL(`${site.origin}${prefix}/register/sent`, { timeout: 20_000 });
		await settled(page);
		expect(await page.getAttribute("html", "lang")).toBe(lang);
		expect(await page.locator("h1").textContent()).toBe(t.register.sent.heading);
		const local = email.split("@")[0] ?? "";
		const masked = `${local.slice(0, 2)}•••${local.at(-1)}@example.cz`;
		expect(await page.locator(".check-inbox__lead").textContent()).toBe(
			fill(t.register.sent.text, { email: masked }),
		);
		expect(await page.content()).not.toContain(email);
		expect(await axe(page)).toEqual([]);

		const [mail] = await smtp.mailsTo(email);
		expect(mail?.envelope).toEqual({ from: "poukazky@lumen.example", to: [email] });
		expect(mail?.headers.get("from")).toBe(MAIL_FROM);
		expect(mail?.headers.get("to")).toBe(email);
		expect(mail?.subject).toBe(t.register.mail.confirmSubject);
		expect(mail?.text.split("\n")[0]).toBe(greeting);
		const link = linkIn(mail);
		expect(link.startsWith(`${site.origin}${prefix}/register/confirm/`)).toBe(true);
		expect(mail?.text).toContain(fill(t.register.mail.confirmExpiry, { hours: 48 }));
		expect(mail?.html).toContain(`href="${link}"`);
		expect(mail?.html).toContain(`<html lang="${lang}">`);

		// The link, opened in the browser as from the mail client.
		await page.goto(link);
		await page.waitForURL(new RegExp(`^${escapeRegExp(site.origin)}${prefix}/voucher/[\\w-]{43}$`));
		await settled(page);
		expect(await page.locator("h1").textContent()).toBe(t.voucher.heading);
		const code = (await page.locator(".voucher__code").textContent()) ?? "";
		expect(code).toMatch(/^29\d{11}$/);
		expect(await scanVoucherBarcode(page)).toBe(code);
		expect(await axe(page)).toEqual([]);

		// The voucher's own e-mail follows, to be shown at the till: its code, its page's link, and its
		// barcode as an inline image that a scanner reads.
		const voucherUrl = page.url();
		const issued = (await smtp.mailsTo(email, 2))[1];
		expect(issued?.subject).toBe(t.register.mail.issuedSubject);
		expect(issued?.text.split("\n")[0]).toBe(greeting);
		expect(issued?.text).toContain(`\n${voucherUrl}\n\n${fill(t.register.mail.code, { code })}\n`);
		expect(issued?.text).not.toContain("/register/confirm/");
		expect(issued?.html).toContain(`href="${voucherUrl}"`);
		const cid = `barcode.${code}@lumen`;
		expect(issued?.html).toContain(
			`<img src="cid:${cid}" alt="${fill(t.register.mail.barcodeAlt, { code })}"`,
		);
		const image = issued?.inline.get(cid);
		expect(image?.type).toBe("image/png");
		expect(scanBarcodeImage(image?.content ?? Buffer.alloc(0))).toBe(code);

		// Opened again (from the e-mail, later): the same voucher, and no second voucher e-mail.
		await page.goto(link);
		expect(page.url()).toBe(voucherUrl);
		expect(errorsOf(messages)).toEqual([]);

		// Registering again with this mailbox: the same answer, and the voucher's own link e-mailed again.
		await postSignup(site, { name: "Jana Nováková", email, birthDate }, lang);
		const again = (await smtp.mailsTo(email, 3))[2];
		expect(again?.subject).toBe(t.register.mail.againSubject);
		expect(again?.text.split("\n")[0]).toBe(greeting);
		expect(again?.text).toContain(`\n${voucherUrl}\n`);
		expect(again?.text).not.toContain("/register/confirm/");
		await page.context().close();
	});
});

describe.each(LANGS)("refusals in %s", (lang) => {
	const prefix = prefixOf(lang);
	const t = MESSAGES[lang].register;

	/**
	 * The server refused the address: the message next to the e-mail field and in the summary, the field
	 * marked and focused, everything typed still there, and axe content.
	 */
	async function expectEmailRefused(page: Page, who: Person, message: string) {
		await page.waitForSelector("#frm-register-email[aria-invalid=true]");
		// The answer replaced the form: the date field is the component's again once it has mounted.
		await page.waitForSelector("#frm-register-birthDate[type=text]");
		await expect.poll(() => activeId(page)).toBe("frm-register-email");
		expect(await page.locator("#frm-register-email-error").textContent()).toBe(message);
		expect(await page.getAttribute("#frm-register-email", "aria-describedby")).toContain(
			"frm-register-email-error",
		);
		expect(await page.locator(".form-summary[role=alert] a[href='#frm-register-email']").textContent()).toBe(
			message,
		);
		for (const field of ["name", "birthDate", "phone", "store", "terms"]) {
			expect(await page.getAttribute(`#frm-register-${field}`, "aria-invalid"), field).not.toBe("true");
		}
		expect(await page.inputValue("#frm-register-name")).toBe(who.name);
		expect(await page.inputValue("#frm-register-email")).toBe(who.email);
		expect(await page.inputValue("#frm-register-birthDate")).toBe(
			lang === "cs" ? "20. 5. 1988" : "20/05/1988",
		);
		expect(await page.inputValue("#frm-register-phone")).toBe("603 123 456");
		expect(await page.inputValue("#frm-register-store")).toBe(store);
		expect(await page.isChecked("#frm-register-terms")).toBe(true);
		expect(await axe(page)).toEqual([]);
	}

	it.each([
		["a disposable mailbox", "jana@mailinator.com", t.emailDisposable],
		["a quoted address", '"jana.novakova"@gmail.com', t.emailQuoted],
		["a mixed-script domain", "jana.novakova@gm\u0430il.com", t.emailMixedScript],
	])("refuses %s next to the e-mail field, keeping what was typed", async (_kind, email, message) => {
		const { page, messages } = await visitor();
		const who = { ...person(`refused-${lang}`), email };
		await fillForm(page, lang, who);
		await page.locator("#frm-register-email").press("Enter");
		await expectEmailRefused(page, who, message);
		expect(page.url()).toBe(`${site.origin}${prefix}/register`);
		expect(await outboxEntries(site, email)).toEqual([]);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	it("refuses a fourth e-mail to one mailbox in a day next to the e-mail field", async () => {
		const who = person(`limit-${lang}`);
		for (let sent = 0; sent < 3; sent++) await postSignup(site, who, lang);
		expect(await smtp.mailsTo(who.email, 3)).toHaveLength(3);

		const { page, messages } = await visitor();
		await fillForm(page, lang, who);
		await page.locator("#frm-register-email").press("Enter");
		await expectEmailRefused(page, who, t.sent.tooMany);
		expect(await outboxEntries(site, who.email)).toHaveLength(3);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	/** A link's refusal page: its status, in the page's language, axe content, and a way on by keyboard. */
	async function expectRefusalPage(
		page: Page,
		link: string,
		status: number,
		shown: { heading: string; text: string },
		next: { label: string; path: string },
	) {
		const response = await page.goto(link);
		expect(response?.status()).toBe(status);
		expect(response?.headers()["cache-control"]).toBe("no-store");
		expect(await page.getAttribute("html", "lang")).toBe(lang);
		expect(await page.locator("h1").textContent()).toBe(shown.heading);
		expect(await page.locator(".confirmation p").first().textContent()).toBe(shown.text);
		expect(await page.getAttribute(".confirmation", "aria-labelledby")).toBe("confirmation-title");
		await settled(page);
		expect(await axe(page)).toEqual([]);
		await tabTo(page, ".confirmation a.button");
		expect(await page.locator(".confirmation a.button").textContent()).toBe(next.label);
		await page.keyboard.press("Enter");
		await page.waitForURL(`${site.origin}${next.path}`);
	}

	it("refuses the same person from another mailbox (409) on the link's page", async () => {
		const first = person(`person-${lang}`);
		await postSignup(site, first, lang);
		const confirmed = await fetch(await receivedLink(first.email), { redirect: "manual" });
		expect(confirmed.status).toBe(303);
		// The same name and birth date, spelt otherwise, from another mailbox.
		const again = { ...first, name: first.name.toUpperCase().replace("Á", "A"), email: uniqueEmail("again") };
		await postSignup(site, again, lang);

		const { page, messages } = await visitor();
		await expectRefusalPage(page, await receivedLink(again.email), 409, t.confirm.person, {
			label: t.confirm.back,
			path: prefix || "/",
		});
		expect(errorsOf(messages, 409)).toEqual([]);
		await page.context().close();
	});

	it("refuses a link older than 48 hours (410) and leads back to the form", async () => {
		const who = person(`expired-${lang}`);
		await postSignup(site, who, lang);
		const link = await receivedLink(who.email);
		await ageSignups(who.email, 49 * 3600_000);

		const { page, messages } = await visitor();
		await expectRefusalPage(page, link, 410, t.confirm.expired, {
			label: t.confirm.register,
			path: `${prefix}/register`,
		});
		expect(errorsOf(messages, 410)).toEqual([]);
		await page.context().close();
	});

	it("refuses an unknown link (404) and leads back to the form", async () => {
		const { page, messages } = await visitor();
		await expectRefusalPage(
			page,
			`${site.origin}${prefix}/register/confirm/${"A".repeat(43)}`,
			404,
			t.confirm.unknown,
			{ label: t.confirm.register, path: `${prefix}/register` },
		);
		expect(errorsOf(messages, 404)).toEqual([]);
		await page.context().close();
	});
});

describe.each(LANGS)("the check-your-inbox page in %s, by keyboard alone", (lang) => {
	const prefix = prefixOf(lang);
	const t = MESSAGES[lang].register.sent;
	const notice = ".check-inbox__notice[role=status]";
	const waitNotice = new RegExp(`^${escapeRegExp(t.wait).replace("\\{seconds\\}", "\\d+")}$`);

	it("sends the e-mail again only after the cooldown, with the same link", async () => {
		const { page, messages } = await visitor();
		const who = person(`resend-${lang}`);
		await registerInBrowser(page, lang, who);
		const link = await receivedLink(who.email);

		// The live region stays in the page while its text changes: a screen reader reads the new text.
		await page.$eval(notice, (region) => region.setAttribute("data-probe", ""));
		await tabTo(page, "button[name=resend]");
		await page.keyboard.press("Enter");
		await expect.poll(() => page.locator(notice).textContent()).toMatch(waitNotice);
		expect(await page.$eval(notice, (region) => region.hasAttribute("data-probe"))).toBe(true);
		expect(await outboxEntries(site, who.email)).toHaveLength(1);
		// The answer replaced the buttons: the focus is on the same button, to press again.
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("resend");
		expect(await axe(page)).toEqual([]);

		await ageSignups(who.email, 61_000);
		await page.keyboard.press("Enter");
		await expect.poll(() => page.locator(notice).textContent()).toBe(t.resent);
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("resend");
		expect(await receivedLink(who.email, 2)).toBe(link);
		expect(await axe(page)).toEqual([]);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	it("presses during the cooldown send nothing and use up none of the mailbox's e-mails", async () => {
		const { page } = await visitor();
		const who = person(`cooldown-${lang}`);
		await registerInBrowser(page, lang, who);
		const press = async () => {
			await page.evaluate((selector) => {
				document.querySelector(selector)!.textContent = "";
			}, notice);
			await tabTo(page, "button[name=resend]");
			await page.keyboard.press("Enter");
		};
		// The registration's e-mail and three presses: four asked for, one sent.
		for (let pressed = 0; pressed < 3; pressed++) {
			await press();
			await expect.poll(() => page.locator(notice).textContent()).toMatch(waitNotice);
		}
		await ageSignups(who.email, 61_000);
		await press();
		await expect.poll(() => page.locator(notice).textContent()).toBe(t.resent);
		expect(await smtp.mailsTo(who.email, 2)).toHaveLength(2);
		await page.context().close();
	});

	it("corrects a mistyped address: refuses a disposable one next to the field, then sends to the right one", async () => {
		const { page, messages } = await visitor();
		const typo = person(`typo-${lang}`);
		const mistyped = { ...typo, email: typo.email.replace("@example.cz", "@exmaple.cz") };
		await registerInBrowser(page, lang, mistyped);
		const oldLink = await receivedLink(mistyped.email);

		await tabTo(page, "#frm-correct-email");
		await page.keyboard.type("jana@mailinator.com");
		await page.keyboard.press("Enter");
		await page.waitForSelector("#frm-correct-email[aria-invalid=true]");
		expect(await page.locator("#frm-correct-email-error").textContent()).toBe(
			MESSAGES[lang].register.emailDisposable,
		);
		expect(await page.getAttribute("#frm-correct-email", "aria-describedby")).toContain(
			"frm-correct-email-error",
		);
		expect(await activeId(page)).toBe("frm-correct-email");
		expect(await page.inputValue("#frm-correct-email")).toBe("jana@mailinator.com");
		expect(await axe(page)).toEqual([]);

		const right = typo.email;
		await page.keyboard.press("ControlOrMeta+A");
		await page.keyboard.type(right);
		await page.keyboard.press("Enter");
		await page.waitForURL(`${site.origin}${prefix}/register/sent?corrected`);
		await settled(page);
		expect(await page.locator(notice).textContent()).toBe(t.corrected);
		const local = right.split("@")[0] ?? "";
		expect(await page.locator(".check-inbox__lead").textContent()).toBe(
			fill(t.text, { email: `${local.slice(0, 2)}•••${local.at(-1)}@example.cz` }),
		);
		expect(await axe(page)).toEqual([]);

		// The first address's link stopped working; the right one's gives the voucher.
		expect((await fetch(oldLink, { redirect: "manual" })).status).toBe(404);
		await page.goto(await receivedLink(right));
		await page.waitForURL(/\/voucher\/[\w-]{43}$/);
		expect(await page.locator(".voucher__code").textContent()).toMatch(/^29\d{11}$/);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});
});

describe("while the mail server is down", () => {
	it("keeps the e-mails in the outbox and sends them once it is back", async () => {
		// The mail server's port, with nothing listening on it yet.
		const port = await freePort();
		const lonely = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM } });
		let later: TestSmtp | undefined;
		try {
			const first = person("down");
			await postSignup(lonely, first);
			await expect
				.poll(async () => (await outboxEntries(lonely, first.email))[0] ?? "")
				.toMatch(/not sent \(last error: [^)]*ECONNREFUSED/);

			later = await startSmtp(port);
			// The next e-mail the site sends takes the waiting one with it.
			const second = person("back");
			await postSignup(lonely, second);
			const [mail] = await later.mailsTo(first.email);
			await later.mailsTo(second.email);
			const confirmed = await fetch(linkIn(mail), { redirect: "manual" });
			expect(confirmed.status).toBe(303);
			expect(confirmed.headers.get("location")).toMatch(/^\/voucher\/[\w-]{43}$/);
			// The confirmation e-mail and, once its link was opened, the voucher's: both sent.
			expect((await later.mailsTo(first.email, 2))[1]?.subject).toBe(MESSAGES.cs.register.mail.issuedSubject);
			await expect
				.poll(async () => (await outboxEntries(lonely, first.email)).map((entry) => /, sent /.test(entry)))
				.toEqual([true, true]);
		} finally {
			await later?.close();
			await lonely.stop();
		}
	});
});
