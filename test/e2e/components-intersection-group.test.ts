import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, origin } from "../helpers/browser";
import {
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

const GROUP = "#gallery-intersection-group .intersection-group";

async function openGroup(reducedMotion = false): Promise<Page> {
	const { page } = await openWithComponents(browser, "/_components", async (page) => {
		await page.setViewportSize({ width: 1280, height: 600 });
		if (reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
	});
	await waitForConnected(page, GROUP);
	return page;
}

const opacities = (page: Page, group: string) =>
	page.$$eval(`${group} > *`, (children) => children.map((child) => getComputedStyle(child).opacity));
const classes = (page: Page, group: string) =>
	page.$$eval(`${group} > *`, (children) => children.map((child) => child.className));

describe("intersection group", () => {
	it("hides its children below the fold and reveals them, staggered, as they scroll into view", async () => {
		const page = await openGroup();
		expect(await page.$eval(GROUP, (group) => group.classList.contains("is-ready"))).toBe(true);
		expect(await opacities(page, GROUP)).toEqual(["0", "0", "0", "0"]);
		await page.locator(GROUP).scrollIntoViewIfNeeded();
		await page.waitForFunction(
			(group) =>
				[...document.querySelectorAll(`${group} > *`)].every((child) =>
					child.classList.contains("is-revealed"),
				),
			GROUP,
		);
		const delays = await page.$$eval(`${GROUP} > *`, (children) =>
			children.map((child) => (child as HTMLElement).style.getPropertyValue("--reveal-delay")),
		);
		expect(delays).toEqual(["0ms", "90ms", "180ms", "270ms"]);
		await page.waitForFunction(
			(group) =>
				[...document.querySelectorAll(`${group} > *`)].every(
					(child) => getComputedStyle(child).opacity === "1",
				),
			GROUP,
		);
		await page.context().close();
	});

	it("hides nothing that is already on screen when it starts", async () => {
		const { page } = await openWithComponents(browser, "/_components#gallery-intersection-group", (page) =>
			page.setViewportSize({ width: 1280, height: 1400 }),
		);
		await waitForConnected(page, GROUP);
		expect(await classes(page, GROUP)).toEqual(["", "", "", ""]);
		expect(await opacities(page, GROUP)).toEqual(["1", "1", "1", "1"]);
		await page.context().close();
	});

	it("hides nothing under reduced motion or without JavaScript", async () => {
		const page = await openGroup(true);
		expect(await opacities(page, GROUP)).toEqual(["1", "1", "1", "1"]);
		await page.context().close();

		const context = await browser.newContext({
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 600 },
		});
		const noJs = await context.newPage();
		await noJs.goto(`${origin()}/_components`);
		expect(await opacities(noJs, GROUP)).toEqual(["1", "1", "1", "1"]);
		await context.close();
	});

	it("has no axe violations, before and after the reveal", async () => {
		const page = await openGroup();
		expect(await axe(page, "#gallery-intersection-group")).toEqual([]);
		await page.locator(GROUP).scrollIntoViewIfNeeded();
		await page.waitForFunction(
			(group) =>
				[...document.querySelectorAll(`${group} > *`)].every(
					(child) => getComputedStyle(child).opacity === "1",
				),
			GROUP,
		);
		expect(await axe(page, "#gallery-intersection-group")).toEqual([]);
		await page.context().close();
	});

	it("works when inserted later and, removed, stops observing and shows its children again", async () => {
		const page = await openGroup();
		const html = await serverHtml(page, GROUP);
		await removeAndWait(page, GROUP, "original");
		const copy = await insertSnippet(page, html);
		expect(await classes(page, copy)).toEqual([
			"is-concealed",
			"is-concealed",
			"is-concealed",
			"is-concealed",
		]);
		await removeAndWait(page, copy);
		expect(
			await page.evaluate(() => {
				const removed = (window as unknown as { removed: Element }).removed;
				return [removed.className, ...[...removed.children].map((child) => child.className)];
			}),
		).toEqual(["intersection-group", "", "", "", ""]);
		await page.context().close();
	});
});
