/**
 * The registration's refusals that register-journey does not meet, in Chromium, in Czech and English,
 * with axe, against a site of its own that sends its e-mails to a real SMTP server (test/helpers/smtp.ts).
 *
 * The bot protection as a browser that runs scripts meets it: a form token someone else already spent,
 * a challenge that could not be solved sent while the form was young (and then accepted once it is old
 * enough: a person whose browser cannot do the work is not locked out), a solution stripped from the
 * form, a form open longer than its token lives, and a filled honeypot. Each is told in the form's
 * error summary (an alert inside the form), blames no field, keeps the focus where the person was and
 * everything they typed, and sends no e-mail.
 *
 * Then the check-your-inbox page's notices, told in its live region (role=status): too many e-mails to
 * the mailbox on resend, no more corrections of the address, and a registration that can no longer be
 * changed once its link was opened.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/i18n";
import { MESSAGES } from "../../src/i18n/site-texts";
import { axe } from "../helpers/axe";
import { connectBrowser, type ObservedPage, openPage, tabTo, waitForRuntime } from "../helpers/browser";
import { recordConnectedComponents, waitForSettled } from "../helpers/components";
import { type ReceivedMail, startSmtp, type TestSmtp } from "../helpers/smtp";
import {
	clientIp,
	outbox,
	postRegistration,
	registration,
	startRegistrationSite,
	storeId,
	timeTrap,
	uniqueEmail,
	uniqueSurname,
} from "./register-support";
import type { StaffServer } from "./staff-support";

const LANGS = ["cs", "en"] as const;
const prefixOf = (lang: Lang) => (lang === "en" ? "/en" : "");
const HOUR = 3600_000;

let smtp: TestSmtp;
let site: StaffServer;
let browser: Browser;
beforeAll(async () => {
	smtp = await startSmtp();
	site = await startRegistrationSite({ SMTP_URL: smtp.url, MAIL_FROM: "Lumen <poukazky@lumen.example>" });
	browser = await connectBrowser();
});
afterAll(async () => {
	await browser?.close();
	await site?.stop();
	await smtp?.close();
});

const url = (path: string) => site.url(path);

interface Person {
	readonly name: string;
	readonly email: string;
}
const person = (label: string): Person => ({ name: `Eva ${uniqueSurname()}`, email: uniqueEmail(label) });
/** Everyone here is born that day; the surnames tell them apart (one voucher per person). */
const BIRTH_DATE = { cs: "20. 5. 1988", en: "20/05/1988" } as const;

/** A visitor's browser on a network of its own: the per-address limits are not what these tests meet. */
async function visitor(): Promise<ObservedPage & { ip: string }> {
	const observed = await openPage(browser);
	await recordConnectedComponents(observed.page);
	const ip = clientIp();
	await observed.page.context().setExtraHTTPHeaders({ "x-forwarded-for": ip });
	// A step that never happens fails as itself, within the test's own time.
	observed.page.setDefaultTimeout(15_000);
	return { ...observed, ip };
}

const errorsOf = (messages: string[]) => messages.filter((message) => /^(error|pageerror)/.test(message));
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const formToken = (page: Page) => page.inputValue("input[name=_started]");

/** Sets the form's time-trap token: the clock moved by the site's fixture, not waited for. */
async function setFormAge(page: Page, ageMs: number): Promise<void> {
	const token = await timeTrap(ageMs);
	await page.locator("input[name=_started]").evaluate((input, value) => {
		(input as HTMLInputElement).value = value;
	}, token);
}

/** Opens the form and fills every field in, as if it had been shown `ageMs` ago. */
async function fillForm(page: Page, lang: Lang, who: Person, ageMs = 20_000): Promise<void> {
	await page.goto(url(`${prefixOf(lang)}/register`));
	// Typed once the date field is the component's text field: as a native date field it refuses typed dates.
	await page.waitForSelector("#frm-register-birthDate[type=text]");
	await page.fill("#frm-register-name", who.name);
	await page.fill("#frm-register-email", who.email);
	await page.fill("#frm-register-birthDate", BIRTH_DATE[lang]);
	await page.fill("#frm-register-phone", "603 123 456");
	await page.selectOption("#frm-register-store", storeId(0));
	await page.check("#frm-register-terms");
	await setFormAge(page, ageMs);
}

/** Sends the form as a person does who finishes with Enter in the e-mail field. */
const send = (page: Page) => page.locator("#frm-register-email").press("Enter");

/**
 * The bot protection refused the form: its message alone in the form's error summary (an alert inside
 * the form, announced when it appears), no field blamed, the focus still in the e-mail field where Enter
 * was pressed, everything typed still there, axe content, and no e-mail.
 */
async function expectBotRefusal(page: Page, lang: Lang, who: Person, message: string): Promise<void> {
	const summary = "#frm-register > .form-summary[role=alert]";
	await page.waitForSelector(summary);
	// The answer replaced the form: the date field is the component's again once it has mounted.
	await page.waitForSelector("#frm-register-birthDate[type=text]");
	expect(await page.locator(`${summary} li`).allTextContents()).toEqual([message]);
	expect(await page.locator(summary).isVisible()).toBe(true);
	expect(await page.locator("#frm-register [aria-invalid=true]").count()).toBe(0);
	await expect.poll(() => activeId(page)).toBe("frm-register-email");
	expect(await page.inputValue("#frm-register-name")).toBe(who.name);
	expect(await page.inputValue("#frm-register-email")).toBe(who.email);
	expect(await page.inputValue("#frm-register-birthDate")).toBe(BIRTH_DATE[lang]);
	expect(await page.inputValue("#frm-register-phone")).toBe("603 123 456");
	expect(await page.inputValue("#frm-register-store")).toBe(storeId(0));
	expect(await page.isChecked("#frm-register-terms")).toBe(true);
	expect(page.url()).toBe(url(`${prefixOf(lang)}/register`));
	expect(await axe(page)).toEqual([]);
	expect(await outbox(who.email)).toEqual([]);
}

/**
 * The runtime started and every component connected, its chunk loaded (the page's buttons and forms
 * answer in place): waited for as such, not as half a second without requests (networkidle).
 */
async function settled(page: Page): Promise<void> {
	await waitForRuntime(page);
	await waitForSettled(page);
}

/** Sends the form, which is taken: the visitor lands on the check-your-inbox page. */
async function sendAccepted(page: Page, lang: Lang): Promise<void> {
	await send(page);
	await page.waitForURL(url(`${prefixOf(lang)}/register/sent`));
	await expect.poll(() => page.locator("h1").textContent()).toBe(MESSAGES[lang].register.sent.heading);
}

describe.each(LANGS)("the bot protection in %s, with scripts", (lang) => {
	const t = MESSAGES[lang].register.antispam;

	it("refuses a form token another submission spent, then takes the form with the fresh one", async () => {
		const { page, messages } = await visitor();
		const who = person(`spent-${lang}`);
		await fillForm(page, lang, who);
		await page.waitForSelector(".antispam[data-state=verified]");
		// A bot harvested this form's token and sent it first.
		const spent = await formToken(page);
		expect((await postRegistration(await registration({ _started: spent }))).status).toBe(303);

		await send(page);
		await expectBotRefusal(page, lang, who, t.unverified);
		// A new form: a new token (the spent one would be refused again).
		expect(await formToken(page)).not.toBe(spent);

		await setFormAge(page, 20_000);
		await page.waitForSelector(".antispam[data-state=verified]");
		await sendAccepted(page, lang);
		expect(await smtp.mailsTo(who.email)).toHaveLength(1);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	it("refuses a form sent young when the challenge could not be solved, and takes it once it is old enough", async () => {
		const { page } = await visitor();
		// The challenge cannot be fetched: the component marks the form as sent without proof of work.
		await page.route("**/register/challenge", (route) => route.abort());
		const who = person(`young-${lang}`);
		await fillForm(page, lang, who, 5_000);
		await page.waitForSelector(".antispam[data-state=failed]");
		expect(await page.locator(".antispam__status").textContent()).toBe(t.failed);
		const token = await formToken(page);

		await send(page);
		await expectBotRefusal(page, lang, who, t.tooFast);
		// The same token comes back: the form's clock keeps running from when it was first shown.
		expect(await formToken(page)).toBe(token);

		await page.waitForSelector(".antispam[data-state=failed]");
		await setFormAge(page, 15_000);
		await sendAccepted(page, lang);
		expect(await smtp.mailsTo(who.email)).toHaveLength(1);
		await page.context().close();
	});

	it.each([
		[
			"a solved challenge stripped from the form",
			t.unverified,
			(page: Page) => page.$eval("input[name=altcha]", (input) => input.remove()),
		],
		[
			"a filled honeypot",
			t.unverified,
			(page: Page) =>
				page.$eval("#frm-register-website", (input) => {
					(input as HTMLInputElement).value = "https://cheap-pills.example";
				}),
		],
		["a form open longer than its token lives", t.expired, (page: Page) => setFormAge(page, 7 * HOUR)],
	])("refuses %s", async (_case, message, tamper) => {
		const { page, messages } = await visitor();
		const who = person(`tampered-${lang}`);
		await fillForm(page, lang, who);
		await page.waitForSelector(".antispam[data-state=verified]");
		await tamper(page);
		await send(page);
		await expectBotRefusal(page, lang, who, message);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});
});

describe.each(LANGS)("the check-your-inbox page's notices in %s", (lang) => {
	const prefix = prefixOf(lang);
	const t = MESSAGES[lang].register.sent;
	const notice = ".check-inbox__notice[role=status]";

	/** Registers in the browser and lands on the check-your-inbox page, settled. */
	async function registerInBrowser(page: Page, who: Person): Promise<void> {
		await fillForm(page, lang, who);
		await page.waitForSelector(".antispam[data-state=verified]");
		await sendAccepted(page, lang);
		await settled(page);
		// The live region is in the page before any notice, empty: a screen reader reads what it gets later.
		expect(await page.locator(notice).textContent()).toBe("");
		await page.$eval(notice, (region) => region.setAttribute("data-probe", ""));
	}

	/** The notice in the live region that was there from the start (replaced, it would not be read out). */
	async function expectNotice(page: Page, text: string): Promise<void> {
		await expect.poll(() => page.locator(notice).textContent()).toBe(text);
		expect(await page.$eval(notice, (region) => region.hasAttribute("data-probe"))).toBe(true);
		expect(await page.locator(notice).isVisible()).toBe(true);
	}

	const linkIn = (mail: ReceivedMail | undefined) =>
		/^http:\/\/\S+\/register\/confirm\/[\w-]{43}$/m.exec(mail?.text ?? "")?.[0] ?? "";

	it("says on resend that the mailbox has had enough e-mails today, and sends none", async () => {
		const { page, messages } = await visitor();
		const who = person(`too-many-${lang}`);
		await registerInBrowser(page, who);
		// Two more registrations of the mailbox (from elsewhere): its three e-mails of the day.
		for (let more = 0; more < 2; more++) {
			const body = await registration({ email: who.email });
			expect((await postRegistration(body, `${prefix}/register`)).status).toBe(303);
		}
		expect(await smtp.mailsTo(who.email, 3)).toHaveLength(3);
		// Past the resend cooldown: the mailbox's limit, not the wait, is what answers.
		await fetch(url(`/_fixtures/registration/age-signups?email=${encodeURIComponent(who.email)}&ms=61000`));

		await tabTo(page, "button[name=resend]");
		await page.keyboard.press("Enter");
		await expectNotice(page, t.tooMany);
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("resend");
		expect(await axe(page)).toEqual([]);
		expect(await outbox(who.email)).toHaveLength(3);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	it("says the address cannot be corrected a fourth time, and sends nothing to it", async () => {
		const { page, messages, ip } = await visitor();
		const who = person(`corrections-${lang}`);
		await registerInBrowser(page, who);
		// Three corrections, each a new signup that the page's cookie follows.
		for (let corrected = 1; corrected <= 3; corrected++) {
			const answer = await page.context().request.post(url(`${prefix}/register/correct`), {
				form: { email: uniqueEmail(`corrected-${corrected}`), correct: "" },
				headers: { "x-forwarded-for": ip },
				maxRedirects: 0,
			});
			expect(answer.status()).toBe(303);
		}
		await page.reload();
		await settled(page);
		await page.$eval(notice, (region) => region.setAttribute("data-probe", ""));

		const fourth = uniqueEmail("fourth");
		await tabTo(page, "#frm-correct-email");
		await page.keyboard.type(fourth);
		await page.keyboard.press("Enter");
		await expectNotice(page, t.noMoreCorrections);
		expect(page.url()).toBe(url(`${prefix}/register/sent`));
		await expect.poll(() => activeId(page)).toBe("frm-correct-email");
		expect(await axe(page)).toEqual([]);
		expect(await outbox(fourth)).toEqual([]);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});

	it("says the registration can no longer be changed once its link was opened, on resend and on reload", async () => {
		const { page, messages } = await visitor();
		const who = person(`gone-${lang}`);
		await registerInBrowser(page, who);
		// The link opened from the e-mail, in another tab of the same browser: the voucher is issued.
		const [mail] = await smtp.mailsTo(who.email);
		const mailClient = await page.context().newPage();
		await mailClient.goto(linkIn(mail));
		await mailClient.waitForURL(/\/voucher\/[\w-]{43}$/);
		await mailClient.close();
		// Back to the check-inbox tab: a tab in the background gets no frames, and the runtime starts after one.
		await page.bringToFront();

		await tabTo(page, "button[name=resend]");
		await page.keyboard.press("Enter");
		await expectNotice(page, t.gone);
		// No buttons that cannot work any more: a way to register instead.
		expect(await page.locator("button[name=resend], #frm-correct").count()).toBe(0);
		expect(await page.locator(".check-inbox__actions a").textContent()).toBe(t.again);
		expect(await page.getAttribute(".check-inbox__actions a", "href")).toBe(`${prefix}/register`);
		expect(await axe(page)).toEqual([]);

		await page.reload();
		await waitForRuntime(page);
		expect(await page.locator(notice).textContent()).toBe(t.gone);
		expect(await page.locator(".check-inbox__lead").textContent()).toBe(t.textWithout);
		expect(await axe(page)).toEqual([]);
		// The confirmation e-mail and the voucher's own, which its link's opening queued: no resend.
		expect(await outbox(who.email)).toHaveLength(2);
		expect(errorsOf(messages)).toEqual([]);
		await page.context().close();
	});
});
