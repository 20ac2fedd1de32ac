/**
 * Live validation (docs/behaviour.md, Validation): on change, on blur after an edit, on keyup debounced 200 ms once the
 * field was left (edited or not); the server's errors; bad number input; toggles; a form that arrives
 * in a snippet.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser } from "../helpers/browser";
import { fieldState, fillValid, openForm, received, summary } from "./forms-support";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

describe("live validation", () => {
	it("checks a field when it is left edited, marks it valid once fixed, and never moves focus", async () => {
		const { page } = await openForm(browser);
		await page.fill("[name=email]", "jana@");
		expect((await fieldState(page, "#frm-email")).state).toBe("none");
		await page.press("[name=email]", "Tab");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("age");
		expect(await fieldState(page, "#frm-email")).toMatchObject({
			state: "error",
			message: "jana@ není platný e-mail.",
			ariaInvalid: "true",
			describedBy: ["frm-email-hint", "frm-email-error"],
		});
		await page.fill("[name=email]", "jana@example.cz");
		await page.press("[name=email]", "Tab");
		expect(await fieldState(page, "#frm-email")).toMatchObject({
			state: "valid",
			message: "",
			ariaInvalid: null,
		});
		await page.context().close();
	});

	it("does not check a field the user only passed through", async () => {
		const { page } = await openForm(browser);
		await page.focus("[name=name]");
		await page.press("[name=name]", "Tab");
		expect((await fieldState(page, "#frm-name")).state).toBe("none");
		await page.context().close();
	});

	it("checks a select-like control (radio list) on change", async () => {
		const { page } = await openForm(browser);
		await page.check("[name=size][value=L]");
		expect((await fieldState(page, "[name=size][value=S]")).state).toBe("valid");
		await page.context().close();
	});

	it("once a field was left, checks it 200 ms after the last keyup, not before", async () => {
		const { page } = await openForm(browser, { prepare: (page) => page.clock.install() });
		await page.fill("[name=password]", "kratke");
		await page.press("[name=password]", "Tab");
		expect((await fieldState(page, "#frm-password")).message).toBe("Heslo má aspoň 8 znaků.");
		await page.clock.pauseAt(Date.now() + 60_000);
		await page.focus("[name=password]");
		await page.keyboard.type("123");
		await page.clock.runFor(199);
		expect((await fieldState(page, "#frm-password")).state).toBe("error");
		await page.clock.runFor(1);
		expect(await fieldState(page, "#frm-password")).toMatchObject({ state: "valid", message: "" });
		// Each keyup starts the wait again.
		await page.keyboard.press("Backspace");
		await page.clock.runFor(150);
		await page.keyboard.press("Backspace");
		await page.clock.runFor(150);
		expect((await fieldState(page, "#frm-password")).state).toBe("valid");
		await page.clock.runFor(50);
		expect((await fieldState(page, "#frm-password")).state).toBe("error");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("password");
		await page.context().close();
	});

	it("checks a field passed through untouched as the user later types in it, not as focus moves", async () => {
		const { page } = await openForm(browser, { prepare: (page) => page.clock.install() });
		await page.clock.pauseAt(Date.now() + 60_000);
		// Through the field and back by keyboard: the keyups of Tab land in it, nothing was typed.
		await page.focus("[name=email]");
		await page.keyboard.press("Tab");
		await page.keyboard.press("Shift+Tab");
		await page.clock.runFor(1000);
		expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
		expect((await fieldState(page, "#frm-email")).state).toBe("none");
		await page.keyboard.type("x");
		await page.clock.runFor(199);
		expect((await fieldState(page, "#frm-email")).state).toBe("none");
		await page.clock.runFor(1);
		expect(await fieldState(page, "#frm-email")).toMatchObject({
			state: "error",
			message: "x není platný e-mail.",
		});
		await page.context().close();
	});

	it("writes the URL a rule normalised back into the field when it is left", async () => {
		const { page } = await openForm(browser);
		await page.fill("[name=web]", "example.com/a");
		await page.press("[name=web]", "Tab");
		expect(await page.inputValue("[name=web]")).toBe("http://example.com/a");
		expect((await fieldState(page, "#frm-web")).state).toBe("valid");
		await page.context().close();
	});

	it("lets a click on a button land when leaving a field shows or removes a message above it", async () => {
		const { page } = await openForm(browser);
		await fillValid(page);
		await page.fill("[name='address[zip]']", "1");
		// Leaving the zip field shows its message right above the buttons.
		await page.click("button[name=checkAddress]");
		expect((await summary(page))?.links).toEqual([["PSČ má 5 číslic.", "#frm-address-zip"]]);
		await page.context().close();
	});
});

describe("errors the server rendered", () => {
	it("are shown from the start and stay while the value is the one the server refused", async () => {
		const { page } = await openForm(browser);
		const initial = await fieldState(page, "#frm-nickname");
		expect(initial).toMatchObject({
			state: "error",
			message: "Přezdívka je už obsazená.",
			ariaInvalid: "true",
		});
		await page.focus("[name=nickname]");
		await page.keyboard.press("End");
		await page.press("[name=nickname]", "Tab");
		await page.fill("[name=nickname]", "obsazeno");
		await page.press("[name=nickname]", "Tab");
		expect(await fieldState(page, "#frm-nickname")).toEqual(initial);
		await page.context().close();
	});

	it("are cleared once the user changes the value, as they type", async () => {
		const { page } = await openForm(browser, { prepare: (page) => page.clock.install() });
		await page.clock.pauseAt(Date.now() + 60_000);
		await page.focus("[name=nickname]");
		await page.keyboard.type("2");
		await page.clock.runFor(200);
		expect(await fieldState(page, "#frm-nickname")).toMatchObject({
			state: "valid",
			message: "",
			ariaInvalid: null,
		});
		await page.context().close();
	});
});

describe("bad number input", () => {
	it("shows 'Please enter a valid value.' in the page's language", async () => {
		const { page } = await openForm(browser);
		await page.focus("[name=age]");
		await page.keyboard.type("1e");
		await page.press("[name=age]", "Tab");
		expect((await fieldState(page, "#frm-age")).message).toBe("Zadejte platnou hodnotu.");
		await page.click("button[name=send]");
		expect((await summary(page))?.links).toContainEqual(["Zadejte platnou hodnotu.", "#frm-age"]);
		await page.context().close();
	});

	it("in English on an English page", async () => {
		const { page } = await openForm(browser, {
			prepare: (page) =>
				page.route(/\/_fixtures\/forms\/live$/, async (route) => {
					const response = await route.fetch();
					await route.fulfill({ response, body: (await response.text()).replace('lang="cs"', 'lang="en"') });
				}),
		});
		await page.focus("[name=age]");
		await page.keyboard.type("1e");
		await page.press("[name=age]", "Tab");
		expect((await fieldState(page, "#frm-age")).message).toBe("Please enter a valid value.");
		await page.context().close();
	});
});

describe("a control that becomes disabled", () => {
	it("stops showing its error, live or the server's, and the next summary does not list it", async () => {
		const { page } = await openForm(browser);
		await page.click("button[name=send]");
		expect((await fieldState(page, "#frm-address-city")).state).toBe("error");
		// Disabled by its fieldset, by its own attribute; no event tells either.
		await page.$eval("#frm-address-city", (city) => {
			city.closest("fieldset")!.disabled = true;
			(document.querySelector("#frm-name") as HTMLInputElement).disabled = true;
			(document.querySelector("#frm-nickname") as HTMLInputElement).disabled = true;
		});
		const none = { state: "none", message: "", ariaInvalid: null };
		expect(await fieldState(page, "#frm-address-city")).toMatchObject(none);
		expect(await fieldState(page, "#frm-name")).toMatchObject(none);
		expect(await fieldState(page, "#frm-nickname")).toMatchObject(none);
		await page.click("button[name=send]");
		expect((await summary(page))?.links).toEqual([
			["Zadejte e-mail.", "#frm-email"],
			// password shares name's message: now listed for itself.
			["Vyplňte toto pole.", "#frm-password"],
			["Vyberte velikost.", "#frm-size"],
		]);
		expect(await fieldState(page, "#frm-address-city")).toMatchObject(none);
		// Enabled again, it is checked again.
		await page.$eval("#frm-address-city", (city) => {
			city.closest("fieldset")!.disabled = false;
		});
		await page.click("button[name=send]");
		expect((await summary(page))?.links).toContainEqual(["Zadejte město.", "#frm-address-city"]);
		await page.context().close();
	});
});

describe("toggles", () => {
	it("are evaluated at start and on change, and what they hide is not checked", async () => {
		const { page } = await openForm(browser);
		// Shown in the markup, hidden at start by the toggle (openForm waits for that).
		expect(await page.isHidden("#company-details")).toBe(true);
		await page.check("[name=company]");
		expect(await page.isVisible("#company-details")).toBe(true);
		await page.click("button[name=send]");
		expect((await summary(page))?.links).toContainEqual(["Zadejte název firmy.", "#frm-companyName"]);
		await page.uncheck("[name=company]");
		expect(await page.isHidden("#company-details")).toBe(true);
		await page.click("button[name=send]");
		expect((await summary(page))?.links.map(([message]) => message)).not.toContain("Zadejte název firmy.");
		await page.context().close();
	});
});

describe("a form that arrives in an ajax snippet", () => {
	it("is validated on submit and live like one of the first page", async () => {
		const { page } = await openForm(browser, {
			path: "/_fixtures/forms/late",
			loaded: (page) => page.click("#load-form"),
		});
		const before = (await received(page)).length;
		await page.click("#late-form button[name=send]");
		expect((await summary(page, "#late-form"))?.links[0]).toEqual(["Vyplňte toto pole.", "#frm-name"]);
		await page.fill("#late-form [name=email]", "x");
		await page.press("#late-form [name=email]", "Tab");
		expect((await fieldState(page, "#late-form [name=email]")).message).toBe("x není platný e-mail.");
		await fillValid(page, "#late-form");
		await page.click("#late-form button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect((await received(page)).length).toBe(before + 1);
		await page.context().close();
	});
});
