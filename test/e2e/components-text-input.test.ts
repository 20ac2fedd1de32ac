import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser } from "../helpers/browser";
import {
	globalListenerCount,
	insertSnippet,
	openWithComponents,
	removeAndWait,
	serverHtml,
	waitForConnected,
} from "../helpers/components";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const item = (id: string) => `.form-item:has(#${id})`;
const EMPTY = item("gallery-text-empty");
const FILLED = item("gallery-text-filled");
const COUNTER = item("gallery-text-counter");

async function openInputs(prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", prepare);
	for (const selector of [EMPTY, FILLED, COUNTER]) await waitForConnected(page, selector);
	return page;
}

const hasClass = (page: Page, selector: string, name: string) =>
	page.$eval(selector, (element, name) => element.classList.contains(name), name);

describe("text input", () => {
	it("marks the item filled while it holds text", async () => {
		// Reduced motion: the label moves without a transition, so its place can be measured at once.
		const page = await openInputs((page) => page.emulateMedia({ reducedMotion: "reduce" }));
		expect(await hasClass(page, EMPTY, "is-filled")).toBe(false);
		expect(await hasClass(page, FILLED, "is-filled")).toBe(true);
		await page.fill("#gallery-text-empty", "Jana");
		expect(await hasClass(page, EMPTY, "is-filled")).toBe(true);
		await page.fill("#gallery-text-empty", "");
		expect(await hasClass(page, EMPTY, "is-filled")).toBe(false);
		await page.evaluate(() => (document.activeElement as HTMLElement).blur());
		// The label sits inside the empty field and floats above the text once filled.
		const labelTop = (selector: string) =>
			page.$eval(`${selector} label`, (label) => label.getBoundingClientRect().top);
		const fieldTop = (selector: string) =>
			page.$eval(`${selector} .form-item__field`, (field) => field.getBoundingClientRect().top);
		expect((await labelTop(EMPTY)) - (await fieldTop(EMPTY))).toBeGreaterThan(12);
		expect((await labelTop(FILLED)) - (await fieldTop(FILLED))).toBeLessThan(10);
		await page.context().close();
	});

	it("clears with its button, by click or keyboard, and gives focus back to the input", async () => {
		const page = await openInputs();
		const clear = `${FILLED} .text-input__clear`;
		await page.evaluate(() => {
			const input = document.querySelector("#gallery-text-filled")!;
			input.addEventListener("input", () => input.setAttribute("data-heard", "input"));
		});
		expect(await page.isVisible(clear)).toBe(true);
		await page.focus("#gallery-text-filled");
		await page.keyboard.press("Tab");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
			"Vymazat pole",
		);
		await page.keyboard.press("Enter");
		expect(await page.inputValue("#gallery-text-filled")).toBe("");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("gallery-text-filled");
		expect(await page.getAttribute("#gallery-text-filled", "data-heard")).toBe("input");
		expect(await page.isVisible(clear)).toBe(false);
		expect(await hasClass(page, FILLED, "is-filled")).toBe(false);

		await page.keyboard.type("a@b.cz");
		await page.click(clear);
		expect(await page.inputValue("#gallery-text-filled")).toBe("");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("gallery-text-filled");
		await page.context().close();
	});

	it("counts characters and announces the remaining count only after a pause near the limit", async () => {
		const page = await openInputs((page) => page.clock.install());
		// Time stands still but for runFor: typing on a busy machine takes long enough for a pause.
		await page.clock.pauseAt(Date.now() + 60_000);
		const counter = `${COUNTER} .text-input__counter`;
		const announcement = `${COUNTER} .text-input__announcement`;
		expect(await page.textContent(counter)).toBe("24 / 40");
		await page.fill("#gallery-text-counter", "Krátký vzkaz");
		expect(await page.textContent(counter)).toBe("12 / 40");
		await page.clock.runFor(2_000);
		expect(await page.textContent(announcement)).toBe("");

		await page.focus("#gallery-text-counter");
		await page.keyboard.type(" a ještě něco navíc, díky");
		expect(await page.textContent(counter)).toBe("37 / 40");
		// Not while typing...
		expect(await page.textContent(announcement)).toBe("");
		await page.clock.runFor(500);
		await page.keyboard.type("!");
		await page.clock.runFor(500);
		expect(await page.textContent(announcement)).toBe("");
		// ...but once the user pauses.
		await page.clock.runFor(600);
		expect(await page.textContent(announcement)).toBe("Zbývající počet znaků: 2 z 40");
		expect(await page.getAttribute(announcement, "aria-live")).toBe("polite");
		await page.context().close();
	});

	it("has no axe violations in its states (empty, filled, counter, error, disabled, focused)", async () => {
		const page = await openInputs();
		expect(await axe(page, "#gallery-text-input")).toEqual([]);
		await page.focus("#gallery-text-error");
		expect(await axe(page, "#gallery-text-input")).toEqual([]);
		await page.context().close();
	});

	it("leaves room for validation: an error block with an id named by aria-describedby", async () => {
		const page = await openInputs();
		const describedBy = await page.getAttribute("#gallery-text-error", "aria-describedby");
		expect(describedBy).toBe("gallery-text-error-error");
		expect(await page.textContent(`#${describedBy}`)).toBe("Zadejte telefonní číslo s devíti číslicemi.");
		expect(await hasClass(page, item("gallery-text-error"), "has-error")).toBe(true);
		expect(await page.getAttribute("#gallery-text-error", "aria-invalid")).toBe("true");
		await page.context().close();
	});

	it("works when inserted later and leaves nothing behind when removed", async () => {
		const page = await openInputs();
		const html = await serverHtml(page, COUNTER);
		await removeAndWait(page, COUNTER, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.fill(`${copy} input`, "Díky");
		expect(await page.textContent(`${copy} .text-input__counter`)).toBe("4 / 40");
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		// Typing into the removed field no longer updates it.
		expect(
			await page.evaluate(() => {
				const removed = (window as unknown as { removed: Element }).removed;
				const input = removed.querySelector("input")!;
				input.value = "";
				input.dispatchEvent(new Event("input"));
				return removed.classList.contains("is-filled");
			}),
		).toBe(true);
		await page.context().close();
	});
});
