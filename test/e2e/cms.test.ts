/**
 * Content editing in Chromium: an editor changes the home page's heading in place and anonymous visitors
 * see it at once; a stale save is refused; the history restores; nobody else gets the editing view.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage } from "../helpers/browser";
import { recordConnectedComponents, waitForConnected, waitForSettled } from "../helpers/components";
import { type SeededStaff, seedStaff, seedStore } from "../helpers/staff-fixtures";
import { type StaffServer, startStaffServer } from "./staff-support";

let browser: Browser;
let staff: StaffServer;
let editor: SeededStaff;
let cashier: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	editor = await seedStaff(staff.database.db, { role: "editor" });
	cashier = await seedStaff(staff.database.db, {
		role: "staff",
		storeId: await seedStore(staff.database.db),
	});
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

async function signedIn(
	account: SeededStaff,
): Promise<{ page: Page; context: BrowserContext; messages: string[] }> {
	const { page, messages } = await openPage(browser);
	await recordConnectedComponents(page);
	await page.goto(staff.url("/staff/login"));
	await page.fill("#frm-staffLogin-email", account.email);
	await page.fill("#frm-staffLogin-password", account.password);
	await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
	return { page, context: page.context(), messages };
}

const HEADING = "#hero-title";

async function publicHeading(path = "/"): Promise<string | null> {
	const { page } = await openPage(browser);
	await page.goto(staff.url(path));
	const text = await page.locator(HEADING).textContent();
	await page.context().close();
	return text;
}

/**
 * Replaces the text of the editable heading by typing, then saves with Enter, once its editor is
 * connected (the runtime starts after the first paint).
 */
async function typeHeading(page: Page, text: string): Promise<void> {
	await waitForConnected(page, `.cms-block:has(> ${HEADING})`);
	await page.locator(`${HEADING} .cms-block__text`).focus();
	await page.keyboard.press("ControlOrMeta+a");
	await page.keyboard.type(text);
	await page.keyboard.press("Enter");
}

const message = (page: Page) => page.locator("#snippet--cms-home\\.hero\\.title .cms-block__message");

describe("the editing view", () => {
	let editorPage: Page;
	let messages: string[];
	beforeAll(async () => {
		({ page: editorPage, messages } = await signedIn(editor));
	});
	afterAll(() => editorPage.context().close());

	it("an editor changes the hero heading in place and the public page shows it at once", async () => {
		const english = await publicHeading("/en");
		expect(await publicHeading()).not.toBe("Poukázka 150 Kč – <b>jen</b> do konce května");
		const response = await editorPage.goto(staff.url("/?edit"));
		expect(response?.headers()["cache-control"]).toBe("no-store");
		expect(await editorPage.getAttribute("html", "data-cms-mode")).toBe("1");
		expect(await editorPage.getAttribute(`${HEADING} .cms-block__text`, "contenteditable")).toBe(
			"plaintext-only",
		);
		expect(await axe(editorPage)).toEqual([]);

		await typeHeading(editorPage, "Poukázka 150 Kč – <b>jen</b> do konce května");
		await expect.poll(() => message(editorPage).textContent()).toBe("Uloženo jako verze 1.");
		// Saved as text: the markup the editor typed is shown as characters, never as markup.
		expect(await publicHeading()).toBe("Poukázka 150 Kč – <b>jen</b> do konce května");
		// A block is per language: the English page keeps its own heading.
		expect(await publicHeading("/en")).toBe(english);
		expect(await axe(editorPage)).toEqual([]);
		expect(messages).toEqual([]);
	});

	it("refuses a save based on an old version, keeping the editor's text", async () => {
		await editorPage.goto(staff.url("/?edit"));
		// Another editor saves meanwhile (version 2), straight over HTTP with the same session.
		const cookies = await editorPage.context().cookies();
		const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
		const other = await fetch(staff.url("/staff/content"), {
			method: "POST",
			headers: { cookie, "x-requested-with": "XMLHttpRequest" },
			body: new URLSearchParams({
				key: "home.hero.title",
				version: "1",
				body: "Cizí verze",
				default: "x",
				path: "/",
			}),
		});
		expect(other.status).toBe(200);

		await typeHeading(editorPage, "Moje verze");
		await expect
			.poll(() => message(editorPage).textContent())
			.toBe(
				"Tento text mezitím uložil někdo jiný (verze 2): „Cizí verze“. Váš text zůstal v poli – uložením jej nahradíte.",
			);
		expect(await editorPage.locator(`${HEADING} .cms-block__text`).textContent()).toBe("Moje verze");
		expect(await publicHeading()).toBe("Cizí verze");
		// The refusal is a state of the page like any other: shown and announced without an axe violation.
		await expect
			.poll(() => editorPage.locator(`.cms-block:has(> ${HEADING}) .cms-block__announcer`).textContent())
			.toMatch(/^Tento text mezitím uložil někdo jiný \(verze 2\)/);
		expect(await axe(editorPage)).toEqual([]);
		// Saving again, knowingly, replaces it.
		await editorPage.locator(`${HEADING} .cms-block__text`).focus();
		await editorPage.keyboard.press("Enter");
		await expect.poll(() => message(editorPage).textContent()).toBe("Uloženo jako verze 3.");
		expect(await publicHeading()).toBe("Moje verze");
	});

	it("lists the versions and restores an old one", async () => {
		await editorPage.goto(staff.url("/?edit"));
		const history = editorPage.locator("#snippet--cms-home\\.hero\\.title .cms-block__history");
		await history.locator("summary").click();
		const versions = await history.locator(".cms-block__version").allTextContents();
		expect(versions).toHaveLength(4);
		expect(versions[0]).toMatch(/^Verze 3, .+, Eva Editorová$/);
		expect(versions[3]).toBe("Výchozí text");
		// The open history (quoted versions, restore buttons) is checked too, not only the closed page.
		expect(await axe(editorPage)).toEqual([]);
		await editorPage.click('button[aria-label="Obnovit verzi 1"]');
		await expect.poll(() => message(editorPage).textContent()).toBe("Uloženo jako verze 4.");
		expect(await editorPage.locator(`${HEADING} .cms-block__text`).textContent()).toBe(
			"Poukázka 150 Kč – <b>jen</b> do konce května",
		);
		expect(await publicHeading()).toBe("Poukázka 150 Kč – <b>jen</b> do konce května");
		await editorPage.goto(staff.url("/?edit"));
		expect(await axe(editorPage)).toEqual([]);
		await editorPage.goto(staff.url("/en?edit"));
		expect(await editorPage.getAttribute("html", "data-cms-mode")).toBe("1");
		expect(await axe(editorPage)).toEqual([]);
	});
});

describe("the editing view of pages without editable texts", () => {
	it("marks the page as being edited and passes axe, in Czech and English", async () => {
		// These pages have no editable block yet, but an editor may open them with ?edit (the staff stylesheet,
		// native scrolling): that view must be as accessible as the public one.
		const { page, context } = await signedIn(editor);
		for (const path of ["/stores", "/register", "/terms", "/en/stores", "/en/register", "/en/terms"]) {
			const response = await page.goto(staff.url(`${path}?edit`));
			expect(response?.status(), path).toBe(200);
			expect(await page.getAttribute("html", "data-cms-mode"), path).toBe("1");
			expect(await page.getAttribute("html", "lang"), path).toBe(path.startsWith("/en") ? "en" : "cs");
			// Checked once the components are in place (they change the markup: ARIA states, widgets).
			await waitForSettled(page);
			expect({ path, violations: await axe(page) }).toEqual({ path, violations: [] });
		}
		await context.close();
	});
});

describe("a session that ends while editing", () => {
	it("leads through the sign-in page back to the page being edited, in its language", async () => {
		const { page, context } = await signedIn(editor);
		await page.goto(staff.url("/en?edit"));
		// The 12 hours are over.
		await staff.database.db
			.updateTable("sessions")
			.set({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.where("user_id", "=", editor.id)
			.execute();
		await Promise.all([page.waitForURL(/\/en\/staff\/login\?/), typeHeading(page, "Too late")]);
		expect(new URL(page.url()).searchParams.get("back")).toBe("/?edit");
		expect(await axe(page)).toEqual([]);
		await page.fill("#frm-staffLogin-email", editor.email);
		await page.fill("#frm-staffLogin-password", editor.password);
		await Promise.all([page.waitForURL(staff.url("/en?edit")), page.keyboard.press("Enter")]);
		expect(await page.getAttribute("html", "lang")).toBe("en");
		expect(await page.getAttribute("html", "data-cms-mode")).toBe("1");
		await context.close();
	});
});

describe("anyone but an editor", () => {
	it("gets the normal page for ?edit, without a hint of the editor", async () => {
		const { page, context } = await signedIn(cashier);
		const anonymous = await openPage(browser);
		for (const visitor of [page, anonymous.page]) {
			await visitor.goto(staff.url("/?edit"));
			expect(await visitor.getAttribute("html", "data-cms-mode")).toBe("0");
			expect(await visitor.content()).not.toMatch(/cms-block|contenteditable|staff\/content/);
		}
		const save = await context.request.post(staff.url("/staff/content"), {
			form: { key: "home.hero.title", version: "0", body: "hack", default: "x", path: "/" },
			headers: { "x-requested-with": "XMLHttpRequest" },
		});
		expect(save.status()).toBe(403);
		const anonymousSave = await anonymous.page.context().request.post(staff.url("/staff/content"), {
			form: { key: "home.hero.title", version: "0", body: "hack", default: "x", path: "/" },
			headers: { "x-requested-with": "XMLHttpRequest" },
		});
		expect(anonymousSave.status()).toBe(401);
		await context.close();
		await anonymous.page.context().close();
	});
});
