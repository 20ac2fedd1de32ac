/**
 * Content editing with the keyboard alone (docs/budgets.md: every flow works with the keyboard alone): an
 * editor tabs to a text block of the home page's editing view, rewrites and saves it, opens its history and
 * restores an older version, never touching the mouse and never losing their place on the page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage, tabTo } from "../helpers/browser";
import { recordConnectedComponents, waitForConnected } from "../helpers/components";
import { type SeededStaff, seedStaff } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

let browser: Browser;
// A server of its own: the block starts unsaved (version 0), whatever cms.test.ts saves meanwhile.
let staff: StaffServer;
let editor: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	editor = await seedStaff(staff.database.db, { role: "editor" });
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

function focusMatches(page: Page, selector: string): Promise<boolean> {
	return page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, selector);
}

/** What has focus, as tag#id: accessible name (reads well in a failed expectation). */
function focused(page: Page): Promise<string> {
	return page.evaluate(() => {
		const element = document.activeElement;
		if (!element || element === document.body) return "nothing (the page itself)";
		const name = element.getAttribute("aria-label") ?? element.textContent?.trim();
		return `${element.tagName.toLowerCase()}#${element.id}: ${name}`;
	});
}

async function publicText(selector: string, path = "/"): Promise<string | null> {
	const { page } = await openPage(browser);
	await page.goto(staff.url(path));
	const text = await page.locator(selector).textContent();
	await page.context().close();
	return text;
}

const BLOCK = "#snippet--cms-home\\.hero\\.lead";
const EDITABLE = ".cms-block:has(.hero__lead) .cms-block__text";
const FIRST = "Poukázku na 150 Kč dostane každý, kdo se zaregistruje.";
const SECOND = "Zaregistrujte se a poukázka na 150 Kč je vaše.";

describe("editing a text with the keyboard alone", () => {
	it("tabs to a text, saves it with Enter and with the Save button, and restores a version from the history", async () => {
		const { page, messages } = await openPage(browser);
		await recordConnectedComponents(page);
		await page.goto(staff.url("/staff/login"));
		await tabTo(page, "#frm-staffLogin-email");
		await page.keyboard.type(editor.email);
		await page.keyboard.press("Tab");
		await page.keyboard.type(editor.password);
		await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
		// The staff page links to the editing view of the home page: followed with the keyboard too.
		await tabTo(page, 'a[href$="/?edit"]');
		await Promise.all([page.waitForURL(staff.url("/?edit")), page.keyboard.press("Enter")]);
		await waitForConnected(page, `.cms-block:has(.hero__lead)`);
		const defaultText = await page.locator(EDITABLE).textContent();

		// The hero heading's text comes first, then its Save button and history, then the lead's text.
		await tabTo(page, EDITABLE);
		expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("textbox");
		await page.keyboard.press("ControlOrMeta+a");
		await page.keyboard.type(FIRST);
		// Enter saves (a one-line text has no line breaks); the text keeps focus for further typing.
		await page.keyboard.press("Enter");
		const message = page.locator(`${BLOCK} .cms-block__message`);
		await expect.poll(() => message.textContent()).toBe("Uloženo jako verze 1.");
		expect(await page.locator(EDITABLE).textContent()).toBe(FIRST);
		expect(await focusMatches(page, EDITABLE)).toBe(true);
		// Announced to screen readers through the block's status region, not only shown.
		const announcer = page.locator(".cms-block:has(.hero__lead) .cms-block__announcer");
		expect(await announcer.getAttribute("role")).toBe("status");
		await expect.poll(() => announcer.textContent()).toBe("Uloženo jako verze 1.");
		expect(await publicText(".hero__lead")).toBe(FIRST);

		// The second way to save: Tab on to the Save button and press Space.
		await page.keyboard.press("ControlOrMeta+a");
		await page.keyboard.type(SECOND);
		await page.keyboard.press("Tab");
		expect(await focused(page)).toBe("button#cms-save-home.hero.lead: Uložit text „home.hero.lead“");
		await page.keyboard.press("Space");
		await expect.poll(() => message.textContent()).toBe("Uloženo jako verze 2.");
		// The controls were replaced by the server's answer: focus stays on the (new) Save button.
		expect(await focused(page)).toBe("button#cms-save-home.hero.lead: Uložit text „home.hero.lead“");
		await expect.poll(() => announcer.textContent()).toBe("Uloženo jako verze 2.");
		expect(await publicText(".hero__lead")).toBe(SECOND);

		// The history is a disclosure: Tab to its summary, Enter opens it, Tab reaches the restore buttons.
		const history = page.locator(`${BLOCK} .cms-block__history`);
		await page.keyboard.press("Tab");
		expect(await focusMatches(page, `${BLOCK} .cms-block__history summary`)).toBe(true);
		await page.keyboard.press("Enter");
		expect(await history.getAttribute("open")).toBe("");
		expect(await history.locator(".cms-block__version").allTextContents()).toEqual([
			expect.stringMatching(/^Verze 2, .+, Eva Editorová$/),
			expect.stringMatching(/^Verze 1, .+, Eva Editorová$/),
			"Výchozí text",
		]);
		expect(await axe(page)).toEqual([]);
		// Version 2 is the current one: the first restore button is version 1's.
		await page.keyboard.press("Tab");
		expect(await focused(page)).toBe("button#cms-restore-home.hero.lead-1: Obnovit verzi 1");
		await page.keyboard.press("Enter");
		await expect.poll(() => message.textContent()).toBe("Uloženo jako verze 3.");
		// The editor is where they were: the history still open, focus on the button they pressed (version 1
		// is still an old version to restore), not thrown back to the top of the page.
		expect(await history.getAttribute("open")).toBe("");
		expect(await focused(page)).toBe("button#cms-restore-home.hero.lead-1: Obnovit verzi 1");
		expect(await page.locator(EDITABLE).textContent()).toBe(FIRST);
		await expect.poll(() => announcer.textContent()).toBe("Uloženo jako verze 3.");
		expect(await publicText(".hero__lead")).toBe(FIRST);
		// And on from there: the default text's restore button is the next stop.
		await page.keyboard.press("Tab");
		expect(await focused(page)).toBe("button#cms-restore-home.hero.lead-0: Obnovit výchozí text");
		await page.keyboard.press("Enter");
		await expect.poll(() => message.textContent()).toBe("Uloženo jako verze 4.");
		expect(await page.locator(EDITABLE).textContent()).toBe(defaultText);
		expect(await publicText(".hero__lead")).toBe(defaultText);
		expect(await axe(page)).toEqual([]);
		expect(messages).toEqual([]);
		await page.context().close();
	});
});
