/**
 * The voucher at a till without signal (src/components/voucher/offline-worker.ts): a voucher page opened
 * once is shown again offline, with its code, a barcode a scanner reads, its scripts working, and a
 * note saying it is shown offline and from when; online it is fresh, and a redeemed or cancelled
 * voucher's page replaces the kept copy. No other page gets a worker or a manifest.
 */
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { erasePerson } from "../../src/server/privacy/erase";
import { redeemVoucher } from "../../src/server/staff/redemption";
import { axe } from "../helpers/axe";
import { scanVoucherBarcode } from "../helpers/barcode-scan";
import { connectBrowser } from "../helpers/browser";
import { seedVoucher } from "../helpers/staff-fixtures";
import {
	confirmationLink,
	openLink,
	postRegistration,
	registerAndConfirm,
	registration,
	startRegistrationSite,
	uniqueEmail,
} from "./register-support";
import { type StaffServer, startStaffServer } from "./staff-support";

let site: StaffServer;
let browser: Browser;
beforeAll(async () => {
	site = await startRegistrationSite();
	browser = await connectBrowser();
});
afterAll(async () => {
	await browser?.close();
	await site?.stop();
});

const NOTE = "[data-offline-note]";

/** Opens a voucher page and waits until its worker controls it and keeps it with every asset it loaded. */
async function openKept(context: BrowserContext, path: string): Promise<Page> {
	const page = await context.newPage();
	const response = await page.goto(site.url(path));
	// Private as before: no HTTP cache keeps it; only its holder's browser does, through the worker.
	expect(response?.headers()["cache-control"]).toBe("no-store");
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
	await expect
		.poll(
			() =>
				page.evaluate(async () => {
					if (!(await caches.match(`${location.origin}${location.pathname}`))) return "page not kept";
					const assets = performance
						.getEntriesByType("resource")
						.map((entry) => entry.name)
						.filter((url) => url.includes("/assets/frontend/"));
					for (const url of assets) if (!(await caches.match(url))) return `${url} not kept`;
					return assets.length > 0 ? "kept" : "no assets";
				}),
			{ timeout: 15_000 },
		)
		.toBe("kept");
	return page;
}

/** The kept copy of the page, as the worker stored it. */
const keptCopy = (page: Page) =>
	page.evaluate(async () => (await caches.match(`${location.origin}${location.pathname}`))?.text());

it("shows a voucher offline as last seen: issued, then redeemed, then cancelled", {
	timeout: 90_000,
}, async () => {
	const email = uniqueEmail("offline");
	const path = await registerAndConfirm({ email });
	const context = await browser.newContext();
	try {
		const page = await openKept(context, path);
		const code = (await page.locator(".voucher__code").textContent()) ?? "";
		expect(code).toMatch(/^\d{13}$/);
		await expect.poll(() => page.locator(NOTE).isHidden()).toBe(true);

		await context.setOffline(true);
		await page.reload();
		expect(await page.locator(".voucher__code").textContent()).toBe(code);
		expect(await scanVoucherBarcode(page)).toBe(code);
		const note = page.locator(`${NOTE}[role=status]`);
		expect(await note.isVisible()).toBe(true);
		expect(await note.textContent()).toMatch(
			/^Zobrazeno bez připojení, stav k \d+\. \d+\. \d{4} \d+:\d{2}\.$/,
		);
		// Its scripts came from the kept copies: the voucher component runs.
		await page.waitForSelector(".voucher.is-ready");
		expect(await axe(page)).toEqual([]);

		// Online again after the till redeemed it: fresh, and the redeemed page is what is kept now.
		await context.setOffline(false);
		const redeemed = await redeemVoucher(site.database.db, { code, staffId: null, storeId: null });
		expect(redeemed.kind).toBe("redeemed");
		await page.reload();
		expect(await page.locator(".voucher--redeemed").count()).toBe(1);
		expect(await page.locator(NOTE).isHidden()).toBe(true);
		await expect.poll(() => keptCopy(page), { timeout: 10_000 }).toContain("voucher--redeemed");
		await context.setOffline(true);
		await page.reload();
		expect(await page.locator(".voucher--redeemed").count()).toBe(1);
		expect(await page.locator(NOTE).isVisible()).toBe(true);

		// Erased at the holder's request: the next online visit replaces the copy with the cancelled page.
		await context.setOffline(false);
		await erasePerson(site.database.db, email);
		await page.reload();
		expect(await page.locator(".voucher__code").count()).toBe(0);
		await expect.poll(() => keptCopy(page), { timeout: 10_000 }).not.toContain(code);
		await context.setOffline(true);
		await page.reload();
		expect(await page.locator("h1").textContent()).toBe("Tato poukázka byla zrušena");
		expect(await page.content()).not.toContain(code);
		expect(await page.locator(NOTE).isVisible()).toBe(true);
	} finally {
		await context.close();
	}
});

it("registers the worker and links a manifest on voucher pages only, each language in its own scope", async () => {
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		for (const path of ["/", "/register", "/stores", "/terms", "/en/", "/en/register"]) {
			await page.goto(site.url(path), { waitUntil: "networkidle" });
			expect(await page.locator("link[rel=manifest]").count(), path).toBe(0);
		}
		const registered = () =>
			page.evaluate(async () =>
				(await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
			);
		expect(await registered()).toEqual([]);

		const body = await registration();
		expect((await postRegistration(body, "/en/register")).status).toBe(303);
		const confirmed = await openLink(await confirmationLink(body.get("email") ?? ""));
		const path = confirmed.headers.get("location") ?? "";
		expect(path).toMatch(/^\/en\/voucher\/[\w-]{43}$/);
		await page.goto(site.url(path));
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
		expect(await registered()).toEqual([site.url("/en/voucher/")]);

		const href = (await page.locator("link[rel=manifest]").getAttribute("href")) ?? "";
		const response = await fetch(site.url(href));
		expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
		expect(response.headers.get("cache-control")).toBe("no-store");
		const manifest = (await response.json()) as {
			name: string;
			start_url: string;
			scope: string;
			icons: { src: string; sizes: string }[];
		};
		expect(manifest).toMatchObject({
			name: "Lumen voucher for 150 CZK",
			start_url: path,
			scope: "/en/voucher/",
		});
		expect(manifest.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
		for (const icon of manifest.icons) {
			const image = await fetch(site.url(icon.src));
			expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
		}
		expect(
			(await fetch(site.url("/en/voucher/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/manifest.webmanifest")))
				.status,
		).toBe(404);
	} finally {
		await context.close();
	}
});

it("keeps to the voucher folder under BASE_PATH", async () => {
	const campaign = await startStaffServer({ BASE_PATH: "/campaign" });
	const context = await browser.newContext();
	try {
		const { db } = campaign.database;
		const code = await seedVoucher(db);
		const token = randomBytes(32).toString("base64url");
		await db.updateTable("vouchers").set({ token }).where("code", "=", code).execute();
		const page = await context.newPage();
		await page.goto(campaign.url(`/campaign/voucher/${token}`));
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
		const scopes = await page.evaluate(async () =>
			(await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
		);
		expect(scopes).toEqual([campaign.url("/campaign/voucher/")]);
		await expect
			.poll(() =>
				page.evaluate(async () => (await caches.keys()).length > 0 && !!(await caches.match(location.href))),
			)
			.toBe(true);
		await context.setOffline(true);
		await page.reload();
		expect(await page.locator(".voucher__code").textContent()).toBe(code);
		expect(await page.locator(NOTE).isVisible()).toBe(true);
	} finally {
		await context.close();
		await campaign.stop();
	}
});
