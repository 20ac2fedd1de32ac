import type { Browser, Page, Request } from "playwright-core";
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
} from "../helpers/components";
import { exposeServices } from "../helpers/page-runtime";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

const FIXTURE = "/_fixtures/components-2/modal";

async function openFixture(hash = ""): Promise<Page> {
	const { page } = await openWithComponents(browser, `${FIXTURE}${hash}`);
	for (const selector of [
		"#fixture-modal",
		"#fixture-loaded",
		"#button-opener",
		"a[aria-controls=fixture-modal]",
	])
		await waitForConnected(page, selector);
	return page;
}

const isOpen = (page: Page, selector: string) =>
	page.$eval(selector, (dialog) => (dialog as HTMLDialogElement).open);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const scrollLocked = (page: Page) =>
	page.evaluate(() => document.documentElement.classList.contains("is-scroll-locked"));
/** Resolves once the dialog's opening transition has ended (axe reads colours as they are drawn). */
const settled = (page: Page, selector: string) =>
	page.waitForFunction(
		(selector) => document.querySelector(selector)!.getAnimations().length === 0,
		selector,
	);

describe("modal", () => {
	it("opens from a button by Space and a link by Enter, moves focus in and back, closes on Escape", async () => {
		const page = await openFixture();
		await page.evaluate(() => {
			// Registered after the runtime's own listener: sees what the modal did to the key press.
			document.addEventListener("keydown", (event) => {
				if (event.key === "Escape")
					(window as unknown as { escapeTaken: boolean }).escapeTaken = event.defaultPrevented;
			});
		});
		await page.focus("#button-opener");
		await page.keyboard.press(" ");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		expect(await focusedId(page)).toBe("fixture-modal-title");
		await page.keyboard.press("Escape");
		expect(await isOpen(page, "#fixture-modal")).toBe(false);
		expect(await page.evaluate(() => (window as unknown as { escapeTaken: boolean }).escapeTaken)).toBe(true);
		expect(await focusedId(page)).toBe("button-opener");

		await page.focus("a[aria-controls=fixture-modal]");
		await page.keyboard.press("Enter");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		// The link is not followed: no fragment in the address.
		expect(new URL(page.url()).hash).toBe("");
		// Tab goes from the title to the close button, which Enter presses.
		await page.keyboard.press("Tab");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Zavřít");
		await page.keyboard.press("Enter");
		expect(await isOpen(page, "#fixture-modal")).toBe(false);
		expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Open by link");
		await page.context().close();
	});

	it("leaves focus where it was moved before its close event came", async () => {
		const page = await openFixture();
		await page.focus("#button-opener");
		await page.keyboard.press(" ");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		// The close event is dispatched a task after close(): focus moved in between is not taken back.
		await page.evaluate(() => {
			document.querySelector<HTMLDialogElement>("#fixture-modal")!.close();
			document.querySelector<HTMLElement>("a[aria-controls=fixture-modal]")!.focus();
		});
		await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
		expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Open by link");
		await page.context().close();
	});

	it("closes on a click on the backdrop, not on one inside, nor on Escape that its content took", async () => {
		const page = await openFixture();
		await page.click("#button-opener");
		await page.click("#fixture-modal .modal__body p");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		await page.$eval("#takes-escape", (input) =>
			input.addEventListener("keydown", (event) => {
				if ((event as KeyboardEvent).key === "Escape") event.preventDefault();
			}),
		);
		await page.focus("#takes-escape");
		await page.keyboard.press("Escape");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		await page.mouse.click(5, 5);
		expect(await isOpen(page, "#fixture-modal")).toBe(false);
		expect(await focusedId(page)).toBe("button-opener");
		await page.context().close();
	});

	it("locks the page's scroll while open and gives it back where it was", async () => {
		const page = await openFixture();
		await exposeServices(page);
		await page.$eval("#button-opener", (button) => button.scrollIntoView({ block: "center" }));
		const before = await page.evaluate(() => scrollY);
		expect(before).toBeGreaterThan(200);
		await page.click("#button-opener");
		expect(await scrollLocked(page)).toBe(true);
		expect(await page.evaluate(() => window.services!.scroll.locked)).toBe(true);
		await page.mouse.move(5, 5);
		await page.mouse.wheel(0, 600);
		await page.waitForTimeout(200);
		expect(await page.evaluate(() => scrollY)).toBe(before);
		await page.keyboard.press("Escape");
		// The dialog's close event, which unlocks, comes a task after the key press.
		await page.waitForFunction(() => !document.documentElement.classList.contains("is-scroll-locked"));
		expect(await page.evaluate(() => window.services!.scroll.locked)).toBe(false);
		expect(await page.evaluate(() => scrollY)).toBe(before);
		await page.context().close();
	});

	it("loads its content by ajax first, with a loading state, and only once", async () => {
		const page = await openFixture();
		const title = await page.title();
		const headers: Record<string, string>[] = [];
		page.on("request", (request) => {
			if (request.url().includes("/content")) headers.push(request.headers());
		});
		// The content waits until the test lets it go: the loading state is checked while it loads,
		// however slow the machine.
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		await page.route(
			(url) => url.href.includes("/content"),
			async (route) => {
				await released;
				await route.continue();
			},
		);
		const opener = "a[aria-controls=fixture-loaded]";
		await page.click(opener);
		expect(await page.$eval(opener, (link) => [link.className, link.getAttribute("aria-busy")])).toEqual([
			"modal-opener button is-loading",
			"true",
		]);
		expect(await isOpen(page, "#fixture-loaded")).toBe(false);
		release();
		await page.waitForFunction(() => (document.querySelector("#fixture-loaded") as HTMLDialogElement).open);
		expect(await page.textContent("#fixture-loaded .modal__body")).toBe("Loaded by ajax.");
		expect(await page.$eval(opener, (link) => [link.className, link.getAttribute("aria-busy")])).toEqual([
			"modal-opener button",
			null,
		]);
		expect(headers[0]?.["x-requested-with"]).toBe("XMLHttpRequest");
		// Only the modal's snippet is used: the page's title stays.
		expect(await page.title()).toBe(title);
		await page.keyboard.press("Escape");
		await page.click(opener);
		expect(await isOpen(page, "#fixture-loaded")).toBe(true);
		expect(headers).toHaveLength(1);
		await page.keyboard.press("Escape");
		// Another snippet of the answer, named by the opener.
		await page.click("#named-snippet-opener");
		await page.waitForFunction(() => (document.querySelector("#fixture-loaded") as HTMLDialogElement).open);
		expect(await page.textContent("#fixture-loaded .modal__body")).toBe("The other snippet.");
		await page.context().close();
	});

	it("lets the keyboard reach a body that scrolls, also when longer content is loaded while it is open", async () => {
		const page = await openFixture();
		await page.click("#named-snippet-opener");
		await page.waitForFunction(() => (document.querySelector("#fixture-loaded") as HTMLDialogElement).open);
		const body = "#fixture-loaded .modal__body";
		const reachable = () =>
			page.$eval(body, (element) => [element.getAttribute("tabindex"), element.getAttribute("role")]);
		expect(await reachable()).toEqual([null, null]);
		// An opener inside the open dialog loads other content into it.
		await page.evaluate(() =>
			document.querySelector("#fixture-loaded")!.dispatchEvent(
				new CustomEvent("modal:open", {
					cancelable: true,
					detail: { opener: null, url: "/_fixtures/components-2/content", snippet: "snippet--long" },
				}),
			),
		);
		await page.waitForFunction(
			(body) => document.querySelector(body)!.textContent!.includes("Long content"),
			body,
		);
		expect(await reachable()).toEqual(["0", "region"]);
		expect(await page.$eval(body, (element) => element.getAttribute("aria-labelledby"))).toBe(
			await page.$eval("#fixture-loaded .modal__title", (title) => title.id),
		);
		await page.context().close();
	});

	it("gives up loading on Escape", async () => {
		const page = await openFixture();
		const opener = "a[aria-controls=fixture-loaded]";
		// The content's request ends either way, aborted or answered late: the dialog must stay closed after.
		const ended = new Promise<void>((resolve) => {
			const end = (request: Request) => {
				if (request.url().includes("/_fixtures/components-2/content")) resolve();
			};
			page.on("requestfailed", end);
			page.on("requestfinished", end);
		});
		await page.click(opener);
		await page.keyboard.press("Escape");
		expect(await page.$eval(opener, (link) => link.classList.contains("is-loading"))).toBe(false);
		await ended;
		await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
		expect(await isOpen(page, "#fixture-loaded")).toBe(false);
		await page.context().close();
	});

	it("shows an error and a link to the content's page when loading fails", async () => {
		const { page } = await openWithComponents(browser, "/_components");
		await waitForConnected(page, "#gallery-modal-loaded");
		const failing = "#gallery-modal a[href$='/_components/nenalezeno']";
		await waitForConnected(page, failing);
		await page.click(failing);
		await page.waitForFunction(
			() => (document.querySelector("#gallery-modal-loaded") as HTMLDialogElement).open,
		);
		expect(
			await page.$eval("#gallery-modal-loaded .modal__error", (error) => error.getAttribute("role")),
		).toBe("alert");
		expect(await page.getAttribute("#gallery-modal-loaded .modal__body a", "href")).toBe(
			"/_components/nenalezeno",
		);
		await page.context().close();
	});

	it("opens at load when the address names it", async () => {
		const page = await openFixture("#fixture-modal");
		expect(await isOpen(page, "#fixture-modal")).toBe(true);
		expect(await scrollLocked(page)).toBe(true);
		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.documentElement.classList.contains("is-scroll-locked"));
		await page.context().close();
	});

	it("has no axe violations, closed and in each open state", async () => {
		const { page } = await openWithComponents(browser, "/_components", (page) =>
			page.emulateMedia({ reducedMotion: "reduce" }),
		);
		for (const selector of ["#gallery-modal-rules", "#gallery-modal-loaded"])
			await waitForConnected(page, selector);
		expect(await axe(page, "#gallery-modal")).toEqual([]);
		const states = [
			["a[aria-controls=gallery-modal-rules]", "#gallery-modal-rules"],
			["a[aria-controls=gallery-modal-loaded][href*=hours]", "#gallery-modal-loaded"],
			["a[aria-controls=gallery-modal-loaded][href$=nenalezeno]", "#gallery-modal-loaded"],
		] as const;
		for (const [opener, dialog] of states) {
			await waitForConnected(page, opener);
			await page.click(opener);
			await page.waitForFunction(
				(dialog) => (document.querySelector(dialog) as HTMLDialogElement).open,
				dialog,
			);
			await settled(page, dialog);
			expect(await axe(page, dialog)).toEqual([]);
			await page.keyboard.press("Escape");
		}
		await page.context().close();
	});

	it("shows its content in place without JavaScript, and openers of loaded content are links to it", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(`${origin()}/_components`);
		expect(await page.isVisible("#gallery-modal-rules")).toBe(false);
		await page.click("a[aria-controls=gallery-modal-rules]");
		expect(await page.isVisible("#gallery-modal-rules .modal__body")).toBe(true);
		expect(await page.isVisible("#gallery-modal-rules .modal__close")).toBe(false);
		expect(await page.getAttribute("a[aria-controls=gallery-modal-loaded][href*=hours]", "href")).toBe(
			"/_components#snippet--gallery-modal-hours",
		);
		expect(await page.isVisible("#snippet--gallery-modal-hours")).toBe(true);
		await context.close();
	});

	it("works when inserted later and leaves nothing behind when removed, even while open", async () => {
		const page = await openFixture();
		const html = await serverHtml(page, "#fixture-modal");
		await removeAndWait(page, "#fixture-modal", "original");
		const before = await globalListenerCount(page);
		const copy = await insertSnippet(page, html);
		await page.click("#button-opener");
		expect(await isOpen(page, copy)).toBe(true);
		expect(await scrollLocked(page)).toBe(true);
		await removeAndWait(page, copy);
		expect(await scrollLocked(page)).toBe(false);
		expect(await focusedId(page)).toBe("button-opener");
		expect(await globalListenerCount(page)).toBe(before);
		await page.context().close();
	});
});
