import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, origin } from "../helpers/browser";
import {
	globalListenerCount,
	insertSnippet,
	openWithComponents,
	removeAndWait,
	serverHtml,
	waitForConnected,
	waitForSettled,
} from "../helpers/components";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const item = (id: string) => `.form-item:has(#${id})`;
const BIRTH = item("gallery-date-birth");
const FILLED = item("gallery-date-filled");
const REACT_OR_PICKER = /\/(react|picker)-[\w-]+\.js$/;

async function openDates(path = "/_components") {
	const observed = await openWithComponents(browser, path);
	await waitForConnected(observed.page, path === "/_components" ? FILLED : item("visit"));
	return observed;
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
const popoverOpen = (page: Page, selector: string) => page.isVisible(`${selector} .date-input__popover`);

describe("date input", () => {
	it("downloads the calendar (and React) only once the field is focused", async () => {
		const { page, requests } = await openDates();
		// Not a quiet network: the gallery's ALTCHA widget may keep it busy for long on a loaded machine.
		await waitForSettled(page);
		expect(requests.filter((url) => REACT_OR_PICKER.test(url))).toEqual([]);
		await page.focus("#gallery-date-birth");
		for (const chunk of [/\/picker-[\w-]+\.js$/, /\/react-[\w-]+\.js$/]) {
			await expect.poll(() => requests.some((url) => chunk.test(url))).toBe(true);
		}
		// Prefetched, not opened.
		expect(await popoverOpen(page, BIRTH)).toBe(false);
		await page.context().close();
	});

	it("takes a typed date, shows it in the page's language and submits yyyy-mm-dd", async () => {
		const { page } = await openDates();
		expect(await page.getAttribute("#gallery-date-filled", "type")).toBe("text");
		expect(await page.inputValue("#gallery-date-filled")).toBe("24. 12. 2026");
		await page.fill("#gallery-date-birth", "3.4.1990");
		await page.press("#gallery-date-birth", "Tab");
		expect(await page.inputValue("#gallery-date-birth")).toBe("3. 4. 1990");
		const submitted = await page.evaluate(() => {
			const form = document.createElement("form");
			const field = document.querySelector("#gallery-date-birth")!.closest(".form-item")!;
			field.before(form);
			form.append(field);
			return Object.fromEntries(new FormData(form));
		});
		expect(submitted).toEqual({ birthDate: "1990-04-03" });
		await page.context().close();
	});

	it("picks a date with the keyboard and closes, focus back in the field", async () => {
		const { page } = await openDates();
		const open = `${FILLED} .date-input__open`;
		await page.focus(open);
		await page.keyboard.press("Enter");
		await page.waitForSelector(`${FILLED} .rdp-root`);
		expect(await page.getAttribute(open, "aria-expanded")).toBe("true");
		await page.waitForFunction(() => document.activeElement?.classList.contains("rdp-day_button"));
		expect(await focusedLabel(page)).toMatch(/^čtvrtek, 24\. prosince 2026/);
		await page.keyboard.press("ArrowRight");
		await page.keyboard.press("ArrowDown");
		expect(await focusedLabel(page)).toMatch(/^pátek, 1\. ledna 2027/);
		await page.keyboard.press("Enter");
		expect(await page.inputValue("#gallery-date-filled")).toBe("1. 1. 2027");
		expect(await popoverOpen(page, FILLED)).toBe(false);
		expect(await page.getAttribute(open, "aria-expanded")).toBe("false");
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("gallery-date-filled");
		await page.context().close();
	});

	it("opens with Alt+ArrowDown, closes with Escape (focus on its button) and on a click outside", async () => {
		const { page } = await openDates();
		await page.focus("#gallery-date-filled");
		await page.keyboard.press("Alt+ArrowDown");
		await page.waitForSelector(`${FILLED} .rdp-root`);
		await page.waitForFunction(() => document.activeElement?.classList.contains("rdp-day_button"));
		await page.keyboard.press("Escape");
		expect(await popoverOpen(page, FILLED)).toBe(false);
		expect(await focusedLabel(page)).toBe("Vybrat datum v kalendáři");
		expect(await page.$eval(`${FILLED} .date-input__popover`, (popover) => popover.childElementCount)).toBe(
			0,
		);

		await page.click(`${FILLED} .date-input__open`);
		await page.waitForSelector(`${FILLED} .rdp-root`);
		await page.click("h1");
		expect(await popoverOpen(page, FILLED)).toBe(false);
		await page.context().close();
	});

	it("offers only days between min and max", async () => {
		const { page } = await openDates();
		await page.click(`${BIRTH} .date-input__open`);
		await page.waitForSelector(`${BIRTH} .rdp-root`);
		// No date yet: the calendar opens at the month of max, today being later.
		const day = (n: number) => `${BIRTH} .rdp-day_button >> text="${n}"`;
		expect(await page.isDisabled(day(22))).toBe(false);
		expect(await page.isDisabled(day(23))).toBe(true);
		const years = await page.$$eval(`${BIRTH} select >> nth=1`, (selects) =>
			[...(selects[0] as HTMLSelectElement).options].map((option) => option.value),
		);
		expect(years[0]).toBe("1920");
		expect(years.at(-1)).toBe("2008");
		await page.context().close();
	});

	it("speaks the language of its markup (English)", async () => {
		const { page } = await openDates("/_fixtures/components/date-en");
		expect(await page.inputValue("#visit")).toBe("14/02/2026");
		await page.click(".date-input__open");
		await page.waitForSelector(".rdp-root");
		await page.waitForFunction(() => document.activeElement?.classList.contains("rdp-day_button"));
		expect(await focusedLabel(page)).toMatch(/^Saturday, 14 February 2026/);
		await page.keyboard.press("End");
		await page.keyboard.press("Enter");
		expect(await page.inputValue("#visit")).toBe("15/02/2026");
		expect(await page.evaluate(() => Object.fromEntries(new FormData(document.forms[0]!)))).toEqual({
			visit: "2026-02-15",
		});
		await page.context().close();
	});

	it("is a native date input without JavaScript", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/_components`);
		expect(await page.getAttribute("#gallery-date-filled", "type")).toBe("date");
		expect(await page.inputValue("#gallery-date-filled")).toBe("2026-12-24");
		expect(await page.isVisible(`${FILLED} .date-input__open`)).toBe(false);
		await context.close();
	});

	it("shows its popup at once, and loads and renders the calendar after that paint", async () => {
		const { page } = await openDates();
		await page.evaluate(
			({ item, calendar }) => {
				const popover = document.querySelector<HTMLElement>(`${item} .date-input__popover`)!;
				const seen: string[] = [];
				(window as unknown as { seen: string[] }).seen = seen;
				// The calendar's import adds its module preloads (and React's) to the head.
				const requested: string[] = [];
				new MutationObserver((records) => {
					for (const record of records)
						for (const node of record.addedNodes)
							if (node instanceof HTMLLinkElement && new RegExp(calendar).test(node.href))
								requested.push(node.href);
				}).observe(document.head, { childList: true });
				// The frame that answers the press: its animation frame callbacks run just before it paints.
				addEventListener(
					"click",
					() =>
						requestAnimationFrame(() =>
							seen.push(
								`shown ${!popover.hidden}, empty ${popover.childElementCount === 0}, requested ${requested.length}`,
							),
						),
					{ capture: true, once: true },
				);
			},
			{ item: FILLED, calendar: REACT_OR_PICKER.source },
		);
		await page.click(`${FILLED} .date-input__open`);
		await page.waitForSelector(`${FILLED} .rdp-root`);
		expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
			"shown true, empty true, requested 0",
		]);
		await page.context().close();
	});

	it("has no axe violations, closed and with the calendar open", async () => {
		const { page } = await openDates();
		expect(await axe(page, "#gallery-date-input")).toEqual([]);
		await page.click(`${BIRTH} .date-input__open`);
		await page.waitForSelector(`${BIRTH} .rdp-root`);
		expect(await axe(page, "#gallery-date-input")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later; removed with the calendar open, it unmounts it and leaves nothing behind", async () => {
		const { page } = await openDates();
		// React adds one listener to the document with its first root (selectionchange), for good:
		// open a calendar once before counting, so that what is counted is this component's own.
		await page.click(`${BIRTH} .date-input__open`);
		await page.waitForSelector(`${BIRTH} .rdp-root`);
		await page.keyboard.press("Escape");
		const html = await serverHtml(page, FILLED);
		await removeAndWait(page, FILLED, "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		expect(await page.inputValue(`${copy} input`)).toBe("24. 12. 2026");
		await page.click(`${copy} .date-input__open`);
		await page.waitForSelector(`${copy} .rdp-root`);
		await removeAndWait(page, copy);
		expect(await globalListenerCount(page)).toBe(before);
		expect(
			await page.evaluate(() => {
				const removed = (window as unknown as { removed: Element }).removed;
				const input = removed.querySelector("input")!;
				return [removed.querySelector(".date-input__popover")!.childElementCount, input.type, input.value];
			}),
		).toEqual([0, "date", "2026-12-24"]);
		await page.context().close();
	});
});
