/**
 * Every page's two regions on the real pages: the header with its `page` component and the scroll
 * container, smooth on a desktop with a mouse and native where that is forced (touch, the
 * content-editing view). Then what smooth scrolling must leave working there: the scroll to a form's
 * first error, the terms modal, the date picker, the store finder's "load more", keys and find-in-page.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin, waitForRuntime } from "../helpers/browser";
import { recordConnectedComponents, waitForConnected } from "../helpers/components";
import { topOf, waitForScrollEnd } from "../helpers/page-runtime";
import { seedStaff, seedStore } from "../helpers/staff-fixtures";
import { postRegistration, registerAndConfirm, registration, seedStores } from "./register-support";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

let browser: Browser;
let staff: StaffServer;
/** Session cookies of a cashier and an editor on the staff server. */
let cashierCookie: string;
let editorCookie: string;
let voucherPath: string;
let signupCookie: string;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer(), seedStores()]);
	const storeId = await seedStore(staff.database.db);
	const [cashier, editor] = await Promise.all([
		seedStaff(staff.database.db, { role: "staff", storeId }),
		seedStaff(staff.database.db, { role: "editor" }),
	]);
	[cashierCookie, editorCookie] = await Promise.all([signIn(staff, cashier), signIn(staff, editor)]);
	voucherPath = await registerAndConfirm();
	const sent = await postRegistration(await registration());
	const cookie = sent.headers.getSetCookie().find((header) => header.startsWith("lumen_signup="));
	if (!cookie) throw new Error("the registration set no signup cookie");
	signupCookie = cookie.split(";")[0] ?? "";
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

/** A laptop's window: short enough that even the shortest page (an error page) scrolls. */
const DESKTOP = { width: 1200, height: 400 };

interface Visit {
	/** Shown in the test's name. */
	name: string;
	/** Absolute URL, resolved once the servers run. */
	url(): string;
	/** A session or signup cookie (name=value) the page needs. */
	cookie?(): string;
}

const shared = (path: string): Visit => ({ name: path, url: () => `${origin()}${path}` });
const PUBLIC_PAGES: Visit[] = [
	shared("/"),
	shared("/en"),
	shared("/register"),
	shared("/en/register"),
	shared("/stores"),
	shared("/terms"),
	{ name: "/voucher/:token", url: () => `${origin()}${voucherPath}` },
	{ name: "/register/sent", url: () => `${origin()}/register/sent`, cookie: () => signupCookie },
	shared("/no-such-page"),
];
const STAFF_PAGES: Visit[] = [
	{ name: "/staff/login", url: () => staff.url("/staff/login") },
	{ name: "/staff", url: () => staff.url("/staff"), cookie: () => cashierCookie },
];

async function withCookie(context: BrowserContext, visit: Visit): Promise<void> {
	const cookie = visit.cookie?.();
	if (!cookie) return;
	const equals = cookie.indexOf("=");
	await context.addCookies([
		{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: visit.url() },
	]);
}

/** Waits until the header's and the scroll container's components have connected (10 s, then fails). */
async function waitForRegions(page: Page): Promise<void> {
	await waitForRuntime(page);
	const connected = () =>
		[".site-header", ".scroll-container"].every((selector) => {
			const element = document.querySelector(selector);
			return element !== null && window.connectedComponents?.has(element) === true;
		});
	await page.waitForFunction(connected, null, { timeout: 10_000 }).catch(() => {
		throw new Error(`the header and the scroll container of ${page.url()} have no connected components`);
	});
}

/** Opens a page in a desktop window with a mouse (no touch points), once its regions are connected. */
async function openDesktop(visit: Visit, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
	const { page } = await openPage(browser);
	await recordConnectedComponents(page);
	await page.setViewportSize(DESKTOP);
	await withCookie(page.context(), visit);
	await prepare?.(page);
	await page.goto(visit.url());
	await waitForRegions(page);
	return page;
}

const smoothScrolling = (page: Page) =>
	page.evaluate(() => document.documentElement.classList.contains("has-smooth-scroll"));
const headerScrolled = (page: Page) =>
	page.$eval(".site-header", (header) => header.classList.contains("is-scrolled"));
const scrollRange = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
const instantScroll = (page: Page, top: number) =>
	page.evaluate((top) => scrollTo({ top, behavior: "instant" }), top);

/** Whether the next wheel event was taken by a script (the smooth scroller) instead of the browser. */
function nextWheelPrevented(page: Page): Promise<boolean> {
	return page.evaluate(
		() =>
			new Promise<boolean>((resolve) =>
				addEventListener("wheel", (event) => setTimeout(() => resolve(event.defaultPrevented)), {
					once: true,
				}),
			),
	);
}

/** Records every scroll position from now on (`scrolledThrough`). */
const recordPositions = (page: Page) =>
	page.evaluate(() => {
		const positions: number[] = [];
		Object.assign(window, { positions });
		addEventListener("scroll", () => positions.push(scrollY), { passive: true });
	});
const scrolledThrough = (page: Page) =>
	page.evaluate(() => new Set((window as unknown as { positions: number[] }).positions).size);

/** A wheel turn over the page's left margin, where nothing but the page scrolls. */
async function wheel(page: Page, deltaY: number): Promise<boolean> {
	await page.mouse.move(5, DESKTOP.height / 2);
	const prevented = nextWheelPrevented(page);
	await page.mouse.wheel(0, deltaY);
	return prevented;
}

// The tests of this file run together (describe.concurrent): each has a browser context of its own, and
// most of its time is an eased motion and the frames that show it has come to rest, waits rather than
// work. Under load a motion still leaves some 25 positions, where its assertion asks for more than 5.
describe.concurrent("on a desktop with a mouse, every page scrolls smoothly under its header", () => {
	for (const visit of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
		it(visit.name, async () => {
			const page = await openDesktop(visit);
			expect(await smoothScrolling(page)).toBe(true);
			expect(await page.getAttribute(".scrollbar", "aria-hidden")).toBe("true");
			expect(await headerScrolled(page)).toBe(false);
			const range = await scrollRange(page);
			expect(range).toBeGreaterThan(0);
			// The wheel is eased by the smooth scroller: many positions on the way, one place to rest.
			await recordPositions(page);
			expect(await wheel(page, 150)).toBe(true);
			expect(await waitForScrollEnd(page)).toBeCloseTo(Math.min(150, range), 0);
			expect(await scrolledThrough(page)).toBeGreaterThan(5);
			// The header's own behaviour: marked once the page scrolled under it, unmarked back at the top.
			expect(await headerScrolled(page)).toBe(true);
			await wheel(page, -1000);
			expect(await waitForScrollEnd(page)).toBe(0);
			await page.waitForFunction(() => !document.querySelector(".site-header.is-scrolled"));
			await page.context().close();
		});
	}
});

describe.concurrent("native scrolling stays forced", () => {
	async function expectNative(page: Page): Promise<void> {
		expect(await smoothScrolling(page)).toBe(false);
		expect(await page.locator(".scrollbar").count()).toBe(0);
		expect(await wheel(page, 200)).toBe(false);
		// The header's behaviour does not depend on how the page scrolls.
		await instantScroll(page, 100);
		await page.waitForFunction(() => document.querySelector(".site-header.is-scrolled"));
	}

	for (const visit of [...PUBLIC_PAGES, ...STAFF_PAGES]) {
		it(`on a touch device: ${visit.name}`, async () => {
			const context = await browser.newContext({ hasTouch: true, viewport: DESKTOP });
			const page = await context.newPage();
			await page.addInitScript(() =>
				document.addEventListener("runtime:start", () => {
					window.runtimeStarted = true;
				}),
			);
			await recordConnectedComponents(page);
			await withCookie(context, visit);
			await page.goto(visit.url());
			await waitForRegions(page);
			await expectNative(page);
			await context.close();
		});
	}

	for (const path of ["/?edit", "/register?edit", "/en/stores?edit"]) {
		it(`in the content-editing view: ${path}`, async () => {
			const page = await openDesktop({ name: path, url: () => staff.url(path), cookie: () => editorCookie });
			expect(await page.getAttribute("html", "data-cms-mode")).toBe("1");
			await expectNative(page);
			await page.context().close();
		});
	}
});

describe.concurrent("what smooth scrolling leaves working on the real pages", () => {
	// The test's own expect: expect.poll must know which of the tests running together it belongs to.
	it("an invalid registration scrolls, eased, to its first error 120 px below the top, focused", async ({
		expect,
	}) => {
		const page = await openDesktop(shared("/register"));
		expect(await smoothScrolling(page)).toBe(true);
		await page.locator("button[name=send]").scrollIntoViewIfNeeded();
		await recordPositions(page);
		await page.click("button[name=send]");
		await page.waitForSelector("#frm-register > .form-summary");
		await waitForScrollEnd(page);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("frm-register-name");
		const item = ".form-item:has(#frm-register-name)";
		await expect.poll(async () => Math.abs((await topOf(page, item)) - 120)).toBeLessThanOrEqual(1);
		expect(await scrolledThrough(page)).toBeGreaterThan(5);
		await page.context().close();
	});

	it("the terms modal locks the page and scrolls its own text; closed, the page is where it was and smooth again", async () => {
		const page = await openDesktop(shared("/register"));
		const openerSelector = ".register-form__terms-link .modal-opener";
		await waitForConnected(page, openerSelector);
		await waitForConnected(page, "dialog.modal");
		const opener = page.locator(openerSelector);
		await opener.scrollIntoViewIfNeeded();
		const before = await page.evaluate(() => scrollY);
		await opener.click();
		await page.waitForSelector("dialog[open] .modal__body .terms__section");
		const body = (await page.locator("dialog[open] .modal__body").boundingBox())!;
		await page.mouse.move(body.x + body.width / 2, body.y + body.height / 2);
		await page.mouse.wheel(0, 300);
		await page.waitForFunction(() => document.querySelector("dialog[open] .modal__body")!.scrollTop > 0);
		// Over the backdrop too, the page stays put.
		await wheel(page, 300);
		await waitForScrollEnd(page);
		expect(await page.evaluate(() => scrollY)).toBe(before);

		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.documentElement.classList.contains("is-scroll-locked"));
		expect(await page.evaluate(() => scrollY)).toBe(before);
		expect(await wheel(page, -100)).toBe(true);
		expect(await waitForScrollEnd(page)).toBeCloseTo(Math.max(0, before - 100), 0);
		await page.context().close();
	});

	it("the date picker stays open and with its field while the page is wheeled, and picks a date", async () => {
		const page = await openDesktop(shared("/register"));
		const field = "#frm-register-birthDate";
		await waitForConnected(page, ".date-input");
		await page.click(".date-input__open");
		await page.waitForSelector(".date-input .rdp-root");
		const gap = async () =>
			page.$eval(field, (input) => {
				const popover = input.closest(".date-input")!.querySelector(".date-input__popover")!;
				return popover.getBoundingClientRect().top - input.getBoundingClientRect().top;
			});
		const attached = await gap();
		const start = await page.evaluate(() => scrollY);
		expect(await wheel(page, 120)).toBe(true);
		expect(await waitForScrollEnd(page)).toBeGreaterThan(start);
		expect(await page.isVisible(".date-input .rdp-root")).toBe(true);
		expect(await gap()).toBeCloseTo(attached, 0);
		await page.locator(".date-input .rdp-day_button").first().click();
		expect(await page.inputValue(field)).toMatch(/^\d{1,2}\. \d{1,2}\. \d{4}$/);
		expect(await page.isVisible(".date-input .rdp-root")).toBe(false);
		await page.context().close();
	});

	it("a motion carries on when the page changes length under it: past the end it follows the end", async () => {
		const page = await openDesktop(shared("/"));
		const range = await scrollRange(page);
		await instantScroll(page, range - 300);
		await waitForScrollEnd(page);
		// Content drawn late at the end of the page, once the motion is under way.
		await page.evaluate(() =>
			addEventListener(
				"scroll",
				() =>
					document
						.querySelector("main")!
						.append(Object.assign(document.createElement("div"), { style: "height: 800px" })),
				{ once: true },
			),
		);
		expect(await wheel(page, 2000)).toBe(true);
		expect(await waitForScrollEnd(page)).toBeCloseTo(range + 800, 0);
		await page.context().close();
	});

	it("a motion carries on when content above the view takes its size: scroll anchoring does not stop it", async () => {
		const page = await openDesktop(shared("/"));
		expect(await scrollRange(page)).toBeGreaterThan(1500);
		// Content above the view grows once the motion has carried it out of sight, as content drawn
		// lazily does: in the frame's rendering, after the motion's step has scrolled (a later callback).
		await page.evaluate(() => {
			const grow = () => {
				if (scrollY < 300) return;
				removeEventListener("scroll", grow);
				requestAnimationFrame(() =>
					document
						.querySelector("main")!
						.prepend(Object.assign(document.createElement("div"), { style: "height: 400px" })),
				);
			};
			addEventListener("scroll", grow);
		});
		expect(await wheel(page, 900)).toBe(true);
		expect(await waitForScrollEnd(page)).toBeCloseTo(900, 0);
		await page.context().close();
	});

	it("the store finder's 'load more' lengthens the page the wheel and the drawn scrollbar reach", async () => {
		const page = await openDesktop(shared("/stores?region=CZ-10"));
		const before = await scrollRange(page);
		await page.click("a#stores-more");
		await page.waitForFunction(() => document.querySelectorAll(".store-card").length === 40);
		const after = await scrollRange(page);
		expect(after).toBeGreaterThan(before + 1000);
		expect(await page.evaluate(() => document.activeElement?.id)).toBe("stores-more");
		await wheel(page, after + 1000);
		// At the very end, which is nearer than it was: cards shrink to their size as they are first drawn.
		const end = await waitForScrollEnd(page);
		expect(end).toBeGreaterThan(before + 1000);
		expect(end).toBeCloseTo(await scrollRange(page), 0);
		await page.waitForFunction(() => {
			const thumb = document.querySelector(".scrollbar__thumb")!.getBoundingClientRect();
			return Math.abs(thumb.bottom - innerHeight) < 1;
		});
		await page.context().close();
	});

	it("keys and find-in-page scroll the terms natively, and the wheel carries on from there", async () => {
		const page = await openDesktop(shared("/terms"));
		await page.click("h1");
		await page.keyboard.press("PageDown");
		expect(await waitForScrollEnd(page)).toBeGreaterThan(200);
		await page.keyboard.press("End");
		expect(await waitForScrollEnd(page)).toBeCloseTo(await scrollRange(page), 0);
		await page.keyboard.press("Home");
		expect(await waitForScrollEnd(page)).toBe(0);

		const last = page.locator(".terms__section h2").last();
		const heading = (await last.textContent()) ?? "";
		await page.evaluate(
			(text) => (window as unknown as { find: (text: string) => boolean }).find(text),
			heading,
		);
		await waitForScrollEnd(page);
		const found = (await last.boundingBox())!;
		expect(found.y).toBeGreaterThanOrEqual(0);
		expect(found.y).toBeLessThan(DESKTOP.height);
		// Followed, not pulled back to where the smooth scroller last was.
		const position = await page.evaluate(() => scrollY);
		expect(await wheel(page, -50)).toBe(true);
		expect(await waitForScrollEnd(page)).toBeCloseTo(position - 50, 0);
		await page.context().close();
	});
});
