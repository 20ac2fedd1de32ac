/**
 * Form validation on submit (docs/behaviour.md, Validation): the summary, focus and scroll of an invalid form, what is
 * checked (hidden, disabled, scope, formnovalidate, :submitted), the ajax hand-over of a valid form, a
 * submission made before the validation chunk arrived, and an author's novalidate.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";
import { fieldState, fillValid, LIVE, openForm, received, summary } from "./forms-support";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("submitting an invalid form", () => {
	it("shows each message once in one alert, linked to its field, focuses the first failing field and scrolls to it", async () => {
		const { page, messages } = await openForm(browser);
		const before = (await received(page)).length;
		await page.click("button[name=send]");
		expect(await summary(page)).toEqual({
			role: "alert",
			links: [
				// name and password share their message: it is listed once, linked to the first of them.
				["Vyplňte toto pole.", "#frm-name"],
				["Zadejte e-mail.", "#frm-email"],
				["Vyberte velikost.", "#frm-size"],
				["Zadejte město.", "#frm-address-city"],
			],
		});
		// Focus and scroll follow in a task of their own, once the errors have painted.
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("frm-name");
		// The first failing form item sits 120 px below the top of the viewport (ERROR_SCROLL_OFFSET, -120 px).
		const top = await page.evaluate(
			() => document.querySelector("#frm-name")!.closest(".form-item")!.getBoundingClientRect().top,
		);
		expect(Math.round(top)).toBe(120);
		expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
		expect(await fieldState(page, "#frm-name")).toMatchObject({
			state: "error",
			message: "Vyplňte toto pole.",
			ariaInvalid: "true",
			describedByError: true,
		});
		// Other ids in aria-describedby stay.
		expect((await fieldState(page, "#frm-name")).describedBy).toEqual(["frm-name-hint", "frm-name-error"]);
		// A radio list is marked on every item.
		expect(
			await page.$$eval("[name=size]", (items) => items.map((item) => item.getAttribute("aria-invalid"))),
		).toEqual(["true", "true", "true"]);
		// Disabled and hidden controls are not checked; valid ones are marked valid.
		expect((await fieldState(page, "#frm-disabled")).state).toBe("none");
		expect((await fieldState(page, "#frm-companyName")).state).toBe("none");
		expect((await fieldState(page, "#frm-web")).state).toBe("valid");
		await page.waitForTimeout(100);
		expect((await received(page)).length).toBe(before);
		expect(messages.filter((message) => message.startsWith("pageerror"))).toEqual([]);
		await page.context().close();
	});

	it("paints the errors before it moves focus and scrolls (in one task, after that frame): the press is answered sooner", async () => {
		const { page } = await openForm(browser);
		await page.evaluate(() => {
			const seen: string[] = [];
			(window as unknown as { seen: string[] }).seen = seen;
			const focused = () => document.activeElement?.id || document.activeElement?.tagName;
			// The frame that answers the press: its animation frame callbacks run just before it paints.
			addEventListener(
				"click",
				() =>
					requestAnimationFrame(() =>
						seen.push(`summary ${!!document.querySelector(".form-summary")}, focus ${focused()}`),
					),
				{ capture: true, once: true },
			);
		});
		await page.click("button[name=send]");
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("frm-name");
		expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
			"summary true, focus BUTTON",
		]);
		await page.context().close();
	});

	it("has no accessibility violations in its error state", async () => {
		const { page } = await openForm(browser);
		await page.click("button[name=send]");
		await page.waitForSelector("#register > .form-summary");
		expect(await axe(page, "#register")).toEqual([]);
		await page.context().close();
	});

	it("focuses and scrolls to a field from its summary link", async () => {
		const { page } = await openForm(browser);
		await page.click("button[name=send]");
		await page.evaluate(() => scrollTo(0, 0));
		await page.click("#register > .form-summary a[href='#frm-address-city']");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-address-city");
		const top = await page.evaluate(
			() => document.querySelector("#frm-address-city")!.closest(".form-item")!.getBoundingClientRect().top,
		);
		expect(Math.round(top)).toBe(120);
		expect(new URL(page.url()).hash).toBe("");
		await page.context().close();
	});

	it("replaces the summary on the next submit and removes it once the form is valid", async () => {
		const { page } = await openForm(browser);
		await page.click("button[name=send]");
		await fillValid(page);
		await page.fill("[name=email]", "jana@");
		await page.click("button[name=send]");
		expect((await summary(page))?.links).toEqual([["jana@ není platný e-mail.", "#frm-email"]]);
		await page.fill("[name=email]", "jana@example.cz");
		await page.click("button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect(await summary(page)).toBeNull();
		await page.context().close();
	});
});

describe("submitting a valid form", () => {
	it("hands it to the ajax module with its submitter, the normalised URL written back", async () => {
		const { page } = await openForm(browser);
		await fillValid(page);
		await page.click("button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')");
		const body = (await received(page)).at(-1)!;
		// Urlencoded, as the browser sends a form without a file field.
		expect(new URLSearchParams(body).has("send")).toBe(true);
		expect(new URLSearchParams(body).get("web")).toBe("http://example.com");
		expect(await page.inputValue("[name=web]")).toBe("http://example.com");
		// The server's error on an unchanged value stays shown: the server decides it again.
		expect((await fieldState(page, "#frm-nickname")).state).toBe("error");
		await page.context().close();
	});

	it("skips the controls of a disabled fieldset, which the browser would not send", async () => {
		const { page } = await openForm(browser);
		await fillValid(page);
		// Set without events, so that only the submit judges them.
		await page.$eval('[name="address[city]"]', (city) => {
			const fieldset = city.closest("fieldset")!;
			fieldset.querySelector<HTMLInputElement>('[name="address[zip]"]')!.value = "bad";
			(city as HTMLInputElement).value = "";
			fieldset.disabled = true;
		});
		await page.click("button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')", { timeout: 15_000 });
		expect(await summary(page)).toBeNull();
		expect((await fieldState(page, '[name="address[city]"]')).state).not.toBe("error");
		expect((await fieldState(page, '[name="address[zip]"]')).state).not.toBe("error");
		const body = (await received(page)).at(-1)!;
		expect(new URLSearchParams(body).has("send")).toBe(true);
		expect([...new URLSearchParams(body).keys()].filter((name) => name.startsWith("address"))).toEqual([]);
		await page.context().close();
	});

	it("holds a submission made before the validation chunk arrived and sends it, same submitter, once it has", async () => {
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		const { page } = await openPage(browser);
		await page.route(/\/assets\/frontend\/js\/forms-[\w-]+\.js/, async (route) => {
			await released;
			await route.continue();
		});
		await page.goto(`${origin()}${LIVE}`);
		// The runtime holds submissions from its start (after the first paint) until the chunk is ready.
		await waitForRuntime(page);
		await fillValid(page);
		const before = (await received(page)).length;
		await page.click("button[name=preview]");
		await page.waitForTimeout(200);
		expect((await received(page)).length).toBe(before);
		release();
		// Sent again by the preview button: `:submitted` makes the note required, so it is stopped there.
		await page.waitForSelector("#register > .form-summary");
		expect((await summary(page))?.links).toEqual([["Pro náhled napište poznámku.", "#frm-note"]]);
		await page.fill("[name=note]", "Náhled prosím");
		await page.click("button[name=preview]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect(new URLSearchParams((await received(page)).at(-1)).has("preview")).toBe(true);
		await page.context().close();
	});
});

describe("what a submit button validates", () => {
	it("formnovalidate skips validation", async () => {
		const { page } = await openForm(browser);
		await page.click("button[name=back]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect(await summary(page)).toBeNull();
		expect(new URLSearchParams((await received(page)).at(-1)).has("back")).toBe(true);
		await page.context().close();
	});

	it("data-nette-validation-scope validates only the controls inside the scope", async () => {
		const { page } = await openForm(browser);
		await page.fill("[name='address[zip]']", "123");
		await page.click("button[name=checkAddress]");
		expect((await summary(page))?.links).toEqual([
			["Zadejte město.", "#frm-address-city"],
			["PSČ má 5 číslic.", "#frm-address-zip"],
		]);
		expect((await fieldState(page, "#frm-name")).state).toBe("none");
		await page.fill("[name='address[city]']", "Brno");
		await page.fill("[name='address[zip]']", "60200");
		await page.click("button[name=checkAddress]");
		await page.waitForSelector("#result:text('Odesláno')");
		await page.context().close();
	});

	it("the send button does not satisfy a rule that asks for the preview button", async () => {
		const { page } = await openForm(browser);
		await fillValid(page);
		await page.click("button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect((await fieldState(page, "#frm-note")).state).not.toBe("error");
		await page.context().close();
	});
});

describe("a form its author marked novalidate", () => {
	it("is left alone: submitted unchecked, nothing marked", async () => {
		const { page } = await openForm(browser);
		const before = (await received(page)).length;
		await page.click("#opted-out button");
		await page.waitForSelector("text=Odesláno");
		expect((await received(page)).length).toBe(before + 1);
		await page.context().close();
	});
});
