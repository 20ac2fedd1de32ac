/**
 * Registration in Chromium as people do it: with the keyboard alone from the home page to the
 * check-your-inbox page (the ALTCHA challenge solved in the background), then the e-mailed link to the
 * voucher; without JavaScript; and axe-core on every state of the register and voucher pages in both
 * languages. The journey with a real mail server, the barcode and the refusals is register-journey.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin, tabTo } from "../helpers/browser";
import {
	clientIp,
	confirmationLink,
	postRegistration,
	registerAndConfirm,
	seedStores,
	storeId,
	timeTrap,
	uniqueEmail,
} from "./register-support";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
	await seedStores();
});
afterAll(() => browser.close());

// A person's pace: also keeps the submission well past the time trap's minimum without any waiting.
const type = (page: Page, text: string) => page.keyboard.type(text, { delay: 70 });

describe("with the keyboard alone", () => {
	it("goes from the home page through the FAQ to registration, then from the e-mailed link to the voucher", async () => {
		const { page, messages } = await openPage(browser);
		// A network of its own: the suite's other browsers register from this machine's address too.
		await page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientIp() });
		await page.goto(`${origin()}/`);
		// A visitor reads a question first, then follows the call to action at the end of the page.
		await tabTo(page, "#faq-who summary");
		await page.keyboard.press("Enter");
		await page.waitForFunction(() => document.querySelector<HTMLDetailsElement>("#faq-who")?.open);
		await tabTo(page, ".call-to-action a[href='/register']");
		await page.keyboard.press("Enter");
		await page.waitForURL(`${origin()}/register`);
		await tabTo(page, "#frm-register-name");
		await type(page, "Jana Nováková");
		const email = uniqueEmail("keyboard");
		await tabTo(page, "#frm-register-email");
		await type(page, email);
		await tabTo(page, "#frm-register-birthDate");
		// A birth date no other test gives Jana Nováková: one voucher per person, on the shared server.
		await type(page, "2. 11. 1979");
		await tabTo(page, "#frm-register-phone");
		await type(page, "603 123 456");
		await tabTo(page, "#frm-register-store");
		await page.keyboard.press("ArrowDown");
		await tabTo(page, "#frm-register-terms");
		await page.keyboard.press("Space");
		// The challenge was solved in the background while typing: a real proof of work goes with the form.
		await page.waitForSelector(".antispam[data-state=verified]");
		expect(await page.locator("input[name=altcha]").inputValue()).not.toBe("");
		await tabTo(page, "button[name=send]");
		await page.keyboard.press("Enter");

		await page.waitForURL(`${origin()}/register/sent`, { timeout: 20_000 });
		expect(await page.locator("h1").textContent()).toBe("Zkontrolujte svou e-mailovou schránku");
		// The voucher only once the mailbox is proven: from the link in the e-mail, as if clicked there.
		await page.goto(`${origin()}${await confirmationLink(email)}`);
		await page.waitForURL(/\/voucher\/[\w-]{43}$/);
		expect(await page.locator(".voucher__code").textContent()).toMatch(/^29\d{11}$/);
		expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
	});
});

describe("without JavaScript", () => {
	it("shows errors next to the fields, then registers once the form has been open long enough", async () => {
		const context = await browser.newContext({
			javaScriptEnabled: false,
			extraHTTPHeaders: { "x-forwarded-for": clientIp() },
		});
		const page = await context.newPage();
		await page.goto(`${origin()}/en/register`);
		await expect(page.locator(".antispam__status").textContent()).resolves.toContain("JavaScript is off");
		await page.fill("#frm-register-name", "John Smith");
		await page.fill("#frm-register-email", "not an address");
		await page.click("button[name=send]");
		await expect(page.locator("#frm-register-email-error").textContent()).resolves.toContain("valid email");
		await expect(page.locator("#frm-register-name").inputValue()).resolves.toBe("John Smith");

		const email = uniqueEmail("nojs");
		await page.fill("#frm-register-email", email);
		await page.fill("#frm-register-birthDate", "1985-07-04");
		await page.selectOption("#frm-register-store", storeId(0));
		await page.check("#frm-register-terms");
		// The clock, not a sleep: the form as if shown 15 s ago (a person without a script takes longer).
		const token = await timeTrap(15_000);
		await page
			.locator("input[name=_started]")
			.evaluate((input, value) => ((input as HTMLInputElement).value = value), token);
		await page.click("button[name=send]");
		await page.waitForURL(`${origin()}/en/register/sent`);
		await expect(page.locator("h1").textContent()).resolves.toBe("Check your inbox");
		await page.goto(`${origin()}${await confirmationLink(email)}`);
		await page.waitForURL(/\/en\/voucher\/[\w-]{43}$/);
		await expect(page.locator("h1").textContent()).resolves.toBe("Your voucher is ready");
		await context.close();
	});

	it("the server's refusal ties each error to its field and passes axe", async () => {
		const { page } = await openPage(browser);
		await page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientIp() });
		// Scripts blocked rather than turned off: axe itself needs them.
		await page.route("**/*.js", (route) => route.abort());
		await page.goto(`${origin()}/register`);
		await page.fill("#frm-register-email", "not an address");
		await Promise.all([page.waitForURL(`${origin()}/register`), page.click("button[name=send]")]);
		await page.waitForSelector(".form-item.has-error");
		for (const field of ["name", "email", "birthDate", "store", "terms"]) {
			const control = `#frm-register-${field}`;
			expect(await page.getAttribute(control, "aria-invalid"), field).toBe("true");
			const error = await page.getAttribute(control, "aria-describedby");
			expect(error, field).toContain(`frm-register-${field}-error`);
			expect(await page.locator(`#frm-register-${field}-error`).textContent(), field).not.toBe("");
		}
		expect(await page.inputValue("#frm-register-email")).toBe("not an address");
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});
});

describe("the bot challenge", () => {
	it("is fetched and solved once the page is idle, before anyone starts on the form", async () => {
		const { page, messages } = await openPage(browser);
		const requests: string[] = [];
		page.on("request", (request) => requests.push(new URL(request.url()).pathname));
		await page.goto(`${origin()}/register`);
		// Not at the first focus, where its module and first render would delay what that tap shows.
		await page.waitForSelector(".antispam[data-state=verified]");
		expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
		expect(requests.filter((path) => path.endsWith("/register/challenge"))).toHaveLength(1);
		expect(await page.locator("input[name=altcha]").inputValue()).not.toBe("");
		expect(messages).toEqual([]);
		await page.context().close();
	});
});

describe("accessibility (axe-core)", () => {
	for (const lang of ["cs", "en"] as const) {
		const prefix = lang === "en" ? "/en" : "";

		it(`finds nothing on /register, empty and with errors (${lang})`, async () => {
			const { page } = await openPage(browser);
			await page.goto(`${origin()}${prefix}/register`);
			await page.waitForSelector(".antispam[data-state]");
			expect(await axe(page)).toEqual([]);
			await page.click("button[name=send]");
			await page.waitForSelector(".form-summary");
			expect(await axe(page)).toEqual([]);
		});

		it(`finds nothing on the refusal over the rate limit, with and without scripts (${lang})`, async () => {
			// An address of its own: the limit counts per address, in the database this suite shares.
			const ip = `192.0.2.${lang === "cs" ? 210 : 211}`;
			for (let sent = 0; sent < 10; sent++) {
				expect((await postRegistration(new URLSearchParams(), `${prefix}/register`, ip)).status).toBe(200);
			}
			const refusal = lang === "cs" ? "Příliš mnoho pokusů" : "Too many attempts";

			const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": ip } });
			const scripted = await context.newPage();
			await scripted.goto(`${origin()}${prefix}/register`);
			// Typed once the date field is the component's text field: filled before, as a native date
			// field, it would refuse the typed form of the date.
			await scripted.waitForSelector("#frm-register-birthDate[type=text]");
			await scripted.fill("#frm-register-name", "Jana Nováková");
			await scripted.fill("#frm-register-email", uniqueEmail(`limit-${lang}`));
			await scripted.fill("#frm-register-birthDate", "15. 3. 1990");
			await scripted.selectOption("#frm-register-store", storeId(0));
			await scripted.check("#frm-register-terms");
			await scripted.waitForSelector(".antispam[data-state=verified]");
			await scripted.click("button[name=send]");
			await expect(scripted.locator(".ajax-error[role=alert]").textContent()).resolves.toContain(refusal);
			expect(await scripted.inputValue("#frm-register-name")).toBe("Jana Nováková");
			expect(await axe(scripted)).toEqual([]);

			// Scripts blocked rather than turned off: axe itself needs them.
			const plain = await context.newPage();
			await plain.route("**/*.js", (route) => route.abort());
			await plain.goto(`${origin()}${prefix}/register`);
			const [answer] = await Promise.all([
				plain.waitForResponse((response) => response.request().method() === "POST"),
				plain.click("button[name=send]"),
			]);
			expect(answer.status()).toBe(429);
			await expect(plain.locator("h1").textContent()).resolves.toBeTruthy();
			await expect(plain.locator("main").textContent()).resolves.toContain(refusal);
			expect(await plain.getAttribute("html", "lang")).toBe(lang);
			expect(await axe(plain)).toEqual([]);
			await context.close();
		});

		it(`finds nothing on the voucher page (${lang})`, async () => {
			const voucher = await registerAndConfirm();
			const { page } = await openPage(browser);
			const response = await page.goto(`${origin()}${prefix}${voucher}`);
			expect(response?.status()).toBe(200);
			expect(await axe(page)).toEqual([]);
		});
	}
});
