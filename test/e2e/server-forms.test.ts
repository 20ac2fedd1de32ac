/**
 * Server forms over HTTP and in Chromium without JavaScript: the fixture form (test/fixtures/routes/
 * server-forms.tsx) is validated by the server, re-rendered with errors and values, and redirected
 * after success; what the server reads equals what the browser adapter reads from the same form.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin } from "../helpers/browser";

const PATH = "/_fixtures/server-forms";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const url = () => `${origin()}${PATH}`;

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
	fetch(url(), { method: "POST", body, headers, redirect: "manual" });

const valid = () =>
	new URLSearchParams({
		name: "Jana Nováková",
		email: "jana@example.cz",
		age: "30",
		terms: "on",
		skin: "dry",
		store: "brno-centrum",
		send: "",
	});

/** The text of the element with this id in an HTML page. */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe("over HTTP", () => {
	it("re-renders an invalid urlencoded submission (200) with errors and values", async () => {
		const body = valid();
		body.set("email", " jana@ ");
		body.set("age", "12");
		const response = await post(body);
		expect(response.status).toBe(200);
		const html = await response.text();
		expect(html).toContain('value="jana@"');
		expect(textOf(html, "frm-fixture-email-error")).toBe("Zadejte prosím platnou e-mailovou adresu.");
		expect(textOf(html, "frm-fixture-age-error")).toBe("Poukázku dostanou lidé od 18 do 120 let, ne 12.");
		expect(html).toContain('<div class="form-summary" role="alert">');
	});

	it("redirects a valid submission with 303 (POST-redirect-GET)", async () => {
		const response = await post(valid());
		expect(response.status).toBe(303);
		expect(response.headers.get("location")).toBe(`${PATH}/done`);
	});

	it("accepts multipart with files, and reports a file over the limit next to its field", async () => {
		const form = new FormData();
		for (const [name, value] of valid()) form.append(name, value);
		form.append("receipt", new Blob([new Uint8Array(10)], { type: "image/png" }), "účtenka.png");
		expect((await post(form)).status).toBe(303);
		form.set("receipt", new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: "image/png" }), "big.png");
		const response = await post(form);
		expect(response.status).toBe(200);
		expect(textOf(await response.text(), "frm-fixture-receipt-error")).toBe(
			"Nahraný soubor může mít nejvýše 2097152 bajtů.",
		);
	});

	it("answers bodies it will not read with 400 or 413 and a message, never a 500", async () => {
		const tooMany = new FormData();
		for (let i = 0; i < 5; i++) tooMany.append("attachments[]", new Blob(["x"]), `${i}.txt`);
		const proto = new FormData();
		proto.append("__proto__", "x");
		const cases: [BodyInit, Record<string, string>, number, string][] = [
			[tooMany, {}, 413, "Odeslaná data jsou příliš velká"],
			[proto, {}, 400, "Formulář se nepodařilo přečíst"],
			[
				"garbage",
				{ "content-type": "multipart/form-data; boundary=x" },
				400,
				"Formulář se nepodařilo přečíst",
			],
			['{"name":"x"}', { "content-type": "application/json" }, 400, "Formulář se nepodařilo přečíst"],
			[
				"name=%C3%28",
				{ "content-type": "application/x-www-form-urlencoded" },
				400,
				"Požadavek se nepodařilo",
			],
			[
				`name=${"a".repeat(1_100_000)}`,
				{ "content-type": "application/x-www-form-urlencoded" },
				413,
				"příliš velká",
			],
		];
		for (const [body, headers, status, text] of cases) {
			const response = await post(body, headers);
			expect(response.status, text).toBe(status);
			expect(await response.text()).toContain(text);
		}
	});

	it("answers values our markup cannot send with field errors", async () => {
		const body = valid();
		body.append("name", "again");
		body.set("store", "nowhere");
		const html = await (await post(body)).text();
		expect(textOf(html, "frm-fixture-name-error")).toBe("Tato hodnota není platná.");
		expect(textOf(html, "frm-fixture-store-error")).toBe("Vyberte prosím platnou možnost.");
	});
});

/** Values that browsers and servers are known to prepare differently. */
async function fillTricky(page: Page) {
	await page.fill("#frm-fixture-name", "  Jana\u00a0Nováková 🌸  ");
	await page.fill("#frm-fixture-email", " jana@example.cz ");
	await page.fill("#frm-fixture-age", " 42 ");
	await page.fill("#frm-fixture-volume", "1 234,5");
	await page.fill("#frm-fixture-note", "\n  první řádek\r\ndruhý\r\rtřetí\n\n  ");
	await page.check("#frm-fixture-topics-0");
	await page.check("#frm-fixture-topics-2");
	await page.selectOption("#frm-fixture-days", ["weekday", "weekend"]);
	await page.setInputFiles("#frm-fixture-attachments", {
		name: "účtenka 1.png",
		mimeType: "image/png",
		buffer: Buffer.from([1, 2, 3]),
	});
	await page.check("#frm-fixture-isCompany");
	await page.fill("#frm-fixture-company", " Lumen s.r.o. ");
	// Left as they are: the phone, both checkboxes, the radio list, the select (its prompt), the receipt.
}

interface Echo {
	values: Record<string, unknown>;
	errors: Record<string, string>;
}

/** Submits the page's form to the echo route instead of its action: what the server read from it. */
async function echo(page: Page): Promise<Echo> {
	await page.route(url(), (route) =>
		route.request().method() === "POST" ? route.continue({ url: `${url()}/echo` }) : route.continue(),
	);
	const [response] = await Promise.all([
		page.waitForResponse((response) => response.request().method() === "POST"),
		page.click("button[name=send]"),
	]);
	await page.unroute(url());
	return (await response.json()) as Echo;
}

async function withoutJavaScript<T>(run: (page: Page) => Promise<T>): Promise<T> {
	const context = await browser.newContext({ javaScriptEnabled: false });
	try {
		return await run(await context.newPage());
	} finally {
		await context.close();
	}
}

describe("in Chromium without JavaScript", () => {
	it("re-renders errors next to the fields with the values kept, then redirects once valid", async () => {
		await withoutJavaScript(async (page) => {
			await page.goto(url());
			await page.fill("#frm-fixture-name", "Jana Nováková");
			await page.fill("#frm-fixture-email", "jana@");
			await page.fill("#frm-fixture-age", "12");
			const [response] = await Promise.all([
				page.waitForResponse((response) => response.request().method() === "POST"),
				page.click("button[name=send]"),
			]);
			expect(response.status()).toBe(200);

			const email = page.locator("#frm-fixture-email");
			expect(await email.inputValue()).toBe("jana@");
			expect(await email.getAttribute("aria-invalid")).toBe("true");
			expect(await email.getAttribute("data-nette-error")).not.toBeNull();
			expect(await page.locator("#frm-fixture-email-error").textContent()).toBe(
				"Zadejte prosím platnou e-mailovou adresu.",
			);
			expect(await page.locator("#frm-fixture-name").inputValue()).toBe("Jana Nováková");
			expect(await page.locator("#frm-fixture-age").inputValue()).toBe("12");
			const summary = page.getByRole("alert");
			expect(await summary.locator("a").allTextContents()).toEqual([
				"Zadejte prosím platnou e-mailovou adresu.",
				"Poukázku dostanou lidé od 18 do 120 let, ne 12.",
				"Bez souhlasu to nejde.",
				"Vyberte prosím typ pleti.",
				"Vyberte prosím prodejnu.",
			]);
			// A summary link leads to its field.
			expect(await summary.getByRole("link").first().getAttribute("href")).toBe("#frm-fixture-email");

			await page.fill("#frm-fixture-email", "jana@example.cz");
			await page.fill("#frm-fixture-age", "30");
			await page.check("#frm-fixture-terms");
			await page.check("#frm-fixture-skin-1");
			await page.selectOption("#frm-fixture-store", "praha-andel");
			await page.click("button[name=send]");
			await page.waitForURL(`${url()}/done`);
			expect(await page.locator("h1").textContent()).toBe("Děkujeme, formulář jsme přijali");
		});
	});

	it("keeps values and errors through a round trip: submit, re-render, submit the re-rendered form", async () => {
		const first = await withoutJavaScript(async (page) => {
			await page.goto(url());
			await fillTricky(page);
			return echo(page);
		});
		const again = await withoutJavaScript(async (page) => {
			await page.goto(url());
			await fillTricky(page);
			await page.click("button[name=send]");
			await page.waitForSelector(".form-summary");
			return echo(page);
		});
		// A browser cannot be given a file back: only the file inputs differ.
		expect(again.values).toEqual({ ...first.values, "attachments[]": [] });
		expect(again.errors).toEqual(first.errors);
		expect(Object.keys(first.errors)).toEqual(["terms", "skin", "store"]);
	});
});

describe("the server reads what the browser adapter reads", () => {
	it("gives the same values and verdicts for tricky input", async () => {
		const server = await withoutJavaScript(async (page) => {
			await page.goto(url());
			await fillTricky(page);
			return echo(page);
		});
		const context = await browser.newContext();
		const page = await context.newPage();
		await page.goto(url());
		await page.waitForFunction(() => window.serverFormsProbe !== undefined);
		await fillTricky(page);
		const inBrowser = await page.evaluate(() => window.serverFormsProbe!());
		await context.close();

		expect(server.values).toEqual(inBrowser.values);
		expect(server.errors).toEqual(inBrowser.errors);
		// The preparation that was compared, spelled out.
		expect(server.values).toMatchObject({
			name: "Jana\u00a0Nováková 🌸",
			email: "jana@example.cz",
			age: "42",
			volume: "1 234,5",
			note: "\n  první řádek\ndruhý\n\ntřetí\n\n  ",
			newsletter: false,
			"topics[]": ["face", "sun"],
			skin: null,
			store: "",
			"days[]": ["weekday", "weekend"],
			receipt: [],
			"attachments[]": [{ name: "účtenka 1.png", size: 3, type: "image/png" }],
			source: "newsletter",
		});
	});
});

describe("accessibility", () => {
	it("passes axe-core before and after a failed submission", async () => {
		const { page, messages } = await openPage(browser);
		await page.goto(url());
		expect(await axe(page, "#frm-fixture")).toEqual([]);
		await page.fill("#frm-fixture-email", "jana@");
		// form.submit() fires no submit event: the runtime does not stop it, and the server answers.
		await Promise.all([
			page.waitForResponse((response) => response.request().method() === "POST"),
			page.evaluate(() => (document.getElementById("frm-fixture") as HTMLFormElement).submit()),
		]);
		await page.waitForSelector(".form-summary");
		expect(await page.locator("#frm-fixture-email").getAttribute("aria-invalid")).toBe("true");
		expect(await axe(page, "#frm-fixture")).toEqual([]);
		expect(messages.filter((message) => /^(error|pageerror)/.test(message))).toEqual([]);
		await page.context().close();
	});
});
