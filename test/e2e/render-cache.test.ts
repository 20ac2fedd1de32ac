/**
 * The render cache against the built test server: anonymous pages come from it with a fresh CSP nonce
 * each; sessions, ajax and responses that must not be shared never touch it; an editor's save shows at
 * once in the process that saved and within a second in another process on the same database, and so
 * does a change of a store.
 */
import { sql } from "kysely";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";
import { startServer } from "../helpers/server";
import { seedStaff } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

const get = (path: string, headers: Record<string, string> = {}, base = origin()) =>
	fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });

async function page(path: string, headers: Record<string, string> = {}, base = origin()) {
	const response = await get(path, headers, base);
	return { cache: response.headers.get("x-render-cache"), text: await response.text(), response };
}

const styleNonce = (csp: string | null) => /style-src [^;]*'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/** Resolves at once early in a minute (its first 45 s), else at the start of the next one. */
async function startOfMinute(): Promise<void> {
	const intoMinute = Date.now() % 60_000;
	if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

describe("anonymous pages", () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await connectBrowser();
	});
	afterAll(() => browser.close());

	it("come from the cache with this response's CSP nonce, which the browser accepts", async () => {
		const { page: tab, messages } = await openPage(browser);
		const nonces: string[] = [];
		for (const expected of ["miss", "hit", "hit"]) {
			const response = await tab.goto(`${origin()}/_fixtures/render-cache/nonce`);
			expect(response?.headers()["x-render-cache"]).toBe(expected);
			const nonce = styleNonce(response?.headers()["content-security-policy"] ?? null);
			expect(await response?.text()).toContain(`<style nonce="${nonce}">`);
			// The inline style applies only when its nonce is the one in the policy.
			expect(await tab.$eval("#probe", (probe) => getComputedStyle(probe).color)).toBe("rgb(1, 2, 3)");
			nonces.push(nonce ?? "");
		}
		expect(new Set(nonces).size).toBe(3);
		expect(messages).toEqual([]);
		await tab.context().close();
	});

	it("are the site's pages that are the same for every visitor; a form with a per-visitor token is not", async () => {
		for (const path of ["/", "/en", "/stores", "/en/stores?region=CZ-10", "/terms", "/en/terms"]) {
			await page(path);
			const again = await page(path);
			expect(again.cache, path).toBe("hit");
			expect(again.response.status, path).toBe(200);
		}
		for (const path of ["/register", "/en/register", "/register/sent"]) {
			await page(path);
			expect((await page(path)).cache, path).toBe(null);
		}
	});

	it("are rendered again for a session cookie, ajax and HEAD, and not kept from them", async () => {
		const first = await page("/_fixtures/render-cache/counter");
		expect(first.cache).toBe("miss");
		expect((await page("/_fixtures/render-cache/counter")).text).toBe(first.text);

		// Any session cookie, even one that opens no session: the page may be someone's.
		const signedIn = await page("/_fixtures/render-cache/counter", { cookie: "lumen_staff=whatever" });
		expect(signedIn.cache).toBe("bypass");
		expect(signedIn.text).not.toBe(first.text);
		const ajax = await page("/_fixtures/render-cache/counter", { "x-requested-with": "XMLHttpRequest" });
		expect(ajax.cache).toBe("bypass");
		expect(ajax.response.headers.get("content-type")).toMatch(/^application\/json/);
		const head = await fetch(`${origin()}/_fixtures/render-cache/counter`, { method: "HEAD" });
		expect(head.headers.get("x-render-cache")).toBe("bypass");

		const again = await page("/_fixtures/render-cache/counter");
		expect(again).toMatchObject({ cache: "hit", text: first.text });
	});

	it("never keep a response that sets a cookie, is not 200, says no-store or has expired", async () => {
		for (const path of ["cookie", "unavailable", "private", "expired"]) {
			const first = await page(`/_fixtures/render-cache/${path}`);
			const second = await page(`/_fixtures/render-cache/${path}`);
			expect([path, first.cache, second.cache]).toEqual([path, "miss", "miss"]);
			expect(second.text).not.toBe(first.text);
		}
	});

	it("count a page's expiry from before its render, not from when it was sent", async () => {
		const first = await page("/_fixtures/render-cache/slow");
		const second = await page("/_fixtures/render-cache/slow");
		expect([first.cache, second.cache]).toEqual(["miss", "miss"]);
		expect(second.text).not.toBe(first.text);
	});

	it("never keep a page whose data changed during its render under the key of the data before", async () => {
		const set = (to: string) =>
			fetch(`${origin()}/_fixtures/render-cache/data`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ to }),
			});
		await set("a");
		// Keyed by data "a", rendered with "b".
		const changed = await page("/_fixtures/render-cache/data?change=b");
		expect([changed.cache, changed.text.includes("data b")]).toEqual(["miss", true]);
		await set("a");
		// The data is "a" again: its page is rendered, not the one showing "b".
		const again = await page("/_fixtures/render-cache/data");
		expect([again.cache, again.text.includes("data a")]).toEqual(["miss", true]);
		expect((await page("/_fixtures/render-cache/data")).cache).toBe("hit");
	});

	it("are kept by the time the response arrives, however long the check of their data takes", async () => {
		const first = await page("/_fixtures/render-cache/slow-check");
		const second = await page("/_fixtures/render-cache/slow-check");
		expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
		expect(second.text).toBe(first.text);
	});

	it("are sent compressed with brotli or gzip, which decode to the page", async () => {
		// A server of its own: a cache no other test has filled.
		const server = await startServer();
		try {
			const base = server.origin;
			const path = "/en";
			const plain = await page(path, {}, base);
			expect(plain.cache).toBe("miss");
			const br = await get(path, { "accept-encoding": "gzip, deflate, br" }, base);
			expect(br.headers.get("x-render-cache")).toBe("hit");
			expect(br.headers.get("content-encoding")).toBe("br");
			expect(br.headers.get("vary")?.toLowerCase()).toBe("x-requested-with, accept-encoding");
			// fetch decodes what Content-Encoding names.
			expect(await br.text()).toBe(plain.text);
			const gzip = await get(path, { "accept-encoding": "gzip, br;q=0" }, base);
			expect(gzip.headers.get("content-encoding")).toBe("gzip");
			expect(await gzip.text()).toBe(plain.text);
			const identity = await page(path, {}, base);
			expect(identity).toMatchObject({ cache: "hit", text: plain.text });
			expect(identity.response.headers.get("content-encoding")).toBe(null);
		} finally {
			await server.stop();
		}
	});

	it("are kept by the query as the page reads it: a query it does not read is the same page", async () => {
		const server = await startServer();
		try {
			const base = server.origin;
			expect((await page("/en", {}, base)).cache).toBe("miss");
			for (const path of ["/en?utm_source=newsletter", "/en?fbclid=1&x[]=2", "/en?"])
				expect((await page(path, {}, base)).cache, path).toBe("hit");

			const brno = await page("/stores?q=Brno&region=CZ-64", {}, base);
			expect(brno.cache).toBe("miss");
			for (const path of [
				"/stores?region=CZ-64&q=%20Brno%20",
				"/stores?q=Brno&region=CZ-64&page=1&gclid=x",
			]) {
				const same = await page(path, {}, base);
				expect(same.cache, path).toBe("hit");
				expect(same.text).toBe(brno.text);
			}
			const other = await page("/stores?q=Brno&region=CZ-64&page=2", {}, base);
			expect(other.cache).toBe("miss");
		} finally {
			await server.stop();
		}
	});
});

describe("content changes", () => {
	let staff: StaffServer;
	let editorCookie: string;
	beforeAll(async () => {
		staff = await startStaffServer();
		const editor = await seedStaff(staff.database.db, { role: "editor" });
		editorCookie = await signIn(staff, editor);
	});
	afterAll(() => staff.stop());

	const heroTitle = (html: string) => /<h1[^>]*id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

	async function save(body: string, version: number): Promise<void> {
		const response = await fetch(staff.url("/staff/content"), {
			method: "POST",
			headers: { cookie: editorCookie, "x-requested-with": "XMLHttpRequest" },
			body: new URLSearchParams({
				key: "home.hero.title",
				version: String(version),
				body,
				default: "x",
				path: "/",
			}),
		});
		expect(response.status).toBe(200);
	}

	it("an editor never gets the cached page, and their save shows to everyone at once", async () => {
		const base = staff.server.origin;
		await page("/", {}, base);
		const cached = await page("/", {}, base);
		expect(cached.cache).toBe("hit");
		const signedIn = await page("/", { cookie: editorCookie }, base);
		expect(signedIn.cache).toBe("bypass");
		const editing = await page("/?edit", { cookie: editorCookie }, base);
		expect(editing.cache).toBe("bypass");
		expect(editing.text).toContain('data-cms-mode="1"');
		expect(heroTitle(cached.text)).not.toContain("Nový titulek");

		await save("Nový titulek", 0);
		const after = await page("/", {}, base);
		expect(after.cache).toBe("miss");
		expect(heroTitle(after.text)).toContain("Nový titulek");
	});

	it("are rendered for every request while the texts cannot be read, and kept again once they can", async () => {
		const base = staff.server.origin;
		await page("/en", {}, base);
		expect((await page("/en", {}, base)).cache).toBe("hit");
		await sql`ALTER TABLE content_blocks RENAME TO content_blocks_away`.execute(staff.database.db);
		try {
			// Once the process re-reads the texts (a second at most): the page with its built-in texts, uncached.
			await expect.poll(async () => (await page("/en", {}, base)).cache, { timeout: 3000 }).toBe("bypass");
			const meanwhile = await page("/en", {}, base);
			expect(meanwhile.response.status).toBe(200);
			expect(meanwhile.cache).toBe("bypass");
			expect(heroTitle(meanwhile.text)).toContain("150 CZK");
		} finally {
			await sql`ALTER TABLE content_blocks_away RENAME TO content_blocks`.execute(staff.database.db);
		}
		await expect.poll(async () => (await page("/en", {}, base)).cache, { timeout: 3000 }).toBe("hit");
	});

	it("a change of a store shows on the store finder within a second", async () => {
		const base = staff.server.origin;
		const path = "/stores?q=Cheb";
		// The store finder's pages expire at each full minute ("open now"): start early in one, so that the
		// hits and misses below are the change's, not the clock's.
		await startOfMinute();
		await page(path, {}, base);
		expect((await page(path, {}, base)).cache).toBe("hit");
		const { id, name } = await staff.database.db
			.selectFrom("stores")
			.select(["id", "name"])
			.where("city", "=", "Cheb")
			.executeTakeFirstOrThrow();
		await staff.database.db
			.updateTable("stores")
			.set({ name: "Drogerie U Ohře" })
			.where("id", "=", id)
			.execute();
		try {
			// The process re-reads the stores at most a second after it last did; then the key is new.
			await expect
				.poll(
					async () => {
						const now = await page(path, {}, base);
						return now.text.includes("Drogerie U Ohře") && now.cache;
					},
					{ timeout: 3000 },
				)
				.toBe("miss");
			expect((await page(path, {}, base)).cache).toBe("hit");
		} finally {
			await staff.database.db.updateTable("stores").set({ name }).where("id", "=", id).execute();
		}
	});

	it("another process on the same database shows a save within a second", async () => {
		const other = await startServer({ env: { DATA_DIR: staff.dataDir } });
		try {
			await page("/", {}, other.origin);
			expect((await page("/", {}, other.origin)).cache).toBe("hit");
			await save("Titulek z druhého procesu", 1);
			// The other process re-reads the texts' versions at most a second after it last did.
			await expect
				.poll(async () => heroTitle((await page("/", {}, other.origin)).text), { timeout: 3000 })
				.toContain("Titulek z druhého procesu");
		} finally {
			await other.stop();
		}
	});
});
