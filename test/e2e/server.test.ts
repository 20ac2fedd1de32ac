import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFile } from "../../src/server/db";
import { connectBrowser, openPage, origin } from "../helpers/browser";
import { recordConnectedComponents, waitForConnected } from "../helpers/components";
import { startServer, type TestServer } from "../helpers/server";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

function attribute(html: string, name: string): string | undefined {
	return new RegExp(`<html[^>]* ${name}="([^"]*)"`).exec(html)?.[1];
}

/** A component's chunk file, from the runtime's map of chunk hashes (build/components-plugin.ts). */
function chunkOf(runtime: string, name: string): string {
	const hash = new RegExp(`"${name}":"([\\w-]+)"`).exec(runtime)?.[1];
	expect(hash).toBeDefined();
	return `${name}-${hash}.js`;
}

describe("pages and assets", () => {
	it("serves the home page with the page-root contract and revalidated HTML", async () => {
		const response = await fetch(`${origin()}/`);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
		expect(response.headers.get("cache-control")).toBe("no-cache");
		expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
		const html = await response.text();
		expect(html.startsWith("<!doctype html>")).toBe(true);
		expect(attribute(html, "lang")).toBe("cs");
		expect(attribute(html, "data-base-path")).toBe("");
		expect(attribute(html, "data-cms-mode")).toBe("0");
		expect(attribute(html, "data-build-id")).toMatch(/^[0-9a-f]{12}$/);
		expect(attribute(html, "data-sentry-dsn")).toBeUndefined();
		expect(html).toContain('<script type="module" src="/assets/frontend/js/runtime.js" fetchPriority="low">');
	});

	it("serves runtime.js revalidated and hashed assets as immutable", async () => {
		const runtime = await fetch(`${origin()}/assets/frontend/js/runtime.js`);
		expect(runtime.status).toBe(200);
		expect(runtime.headers.get("cache-control")).toBe("no-cache");
		const chunk = chunkOf(await runtime.text(), "class-toggle");
		const hashed = await fetch(`${origin()}/assets/frontend/js/${chunk}`);
		expect(hashed.status).toBe(200);
		expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
		expect(hashed.headers.get("content-type")).toMatch(/javascript/);
		// The page's icons are PNGs: an SVG one is drawn on the page's main thread (scripts/favicons.ts).
		const page = await (await fetch(`${origin()}/en`)).text();
		const icons = [...page.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map(
			(match) => match[1],
		);
		expect(icons).toEqual(["/assets/favicon.png", "/assets/apple-touch-icon.png"]);
		for (const icon of icons) {
			const response = await fetch(`${origin()}${icon}`);
			expect([icon, response.status, response.headers.get("content-type")]).toEqual([icon, 200, "image/png"]);
			expect(response.headers.get("cache-control")).toBe("no-cache");
		}
	});

	it("serves every file the build writes under assets/ immutable, but runtime.js and the public ones", async () => {
		const client = `${process.env.TEST_DIST || "dist/test"}/client`;
		const files = readdirSync(`${client}/assets`, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => relative(client, join(entry.parentPath, entry.name)));
		// Fonts, stylesheets, chunks, the ALTCHA widget's worker, and their precompressed copies.
		expect(files.some((file) => /^assets\/[\w-]+\.js$/.test(file))).toBe(true);
		const unhashed = new Set([
			"assets/frontend/js/runtime.js",
			...readdirSync("public/assets").map((file) => `assets/${file}`),
		]);
		expect(unhashed).toContain("assets/favicon.png");
		for (const file of files) {
			if (unhashed.has(file.replace(/\.(br|gz)$/, ""))) continue;
			const response = await fetch(`${origin()}/${file}`, { method: "HEAD" });
			expect([file, response.headers.get("cache-control")]).toEqual([
				file,
				"public, max-age=31536000, immutable",
			]);
		}
	});

	it("preloads the self-hosted font, serves it immutable, and the page is set in it", async () => {
		const { page, requests } = await openPage(browser);
		await page.goto(`${origin()}/`);
		const preloads = await page.$$eval("link[rel=preload][as=font]", (links) =>
			links.map((link) => ({
				href: (link as HTMLLinkElement).href,
				type: link.getAttribute("type"),
				crossOrigin: link.getAttribute("crossorigin"),
			})),
		);
		// Latin and Latin Extended: Czech needs both.
		expect(preloads.map(({ href }) => new URL(href).pathname).sort()).toEqual([
			expect.stringMatching(/^\/assets\/frontend\/woff2\/figtree-latin-ext-wght-normal-[\w-]{6}\.woff2$/),
			expect.stringMatching(/^\/assets\/frontend\/woff2\/figtree-latin-wght-normal-[\w-]{6}\.woff2$/),
		]);
		expect(preloads.every(({ type, crossOrigin }) => type === "font/woff2" && crossOrigin === "")).toBe(true);
		for (const { href } of preloads) {
			const font = await fetch(href);
			expect(font.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
			// Fetched once: the preload and the stylesheet's @font-face share one request.
			expect(requests.filter((url) => url === href)).toHaveLength(1);
		}
		await page.evaluate(() => document.fonts.ready);
		expect(await page.evaluate(() => document.fonts.check("700 16px Figtree", "Poukázka čřžů"))).toBe(true);
		expect(await page.$eval("h1", (h1) => getComputedStyle(h1).fontFamily)).toMatch(/^Figtree,/);
		await page.context().close();
	});

	it("compresses: precompressed brotli for assets, and pages per response", async () => {
		const head = (path: string, encoding: string) =>
			new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
				const request = httpRequest(
					`${origin()}${path}`,
					{ headers: { "Accept-Encoding": encoding } },
					(response) => {
						response.resume();
						resolve(response.headers);
					},
				);
				request.on("error", reject);
				request.end();
			});
		const runtime = await head("/assets/frontend/js/runtime.js", "br, gzip");
		expect(runtime["content-encoding"]).toBe("br");
		expect(runtime["cache-control"]).toBe("no-cache");
		const chunk = chunkOf(
			await (await fetch(`${origin()}/assets/frontend/js/runtime.js`)).text(),
			"class-toggle",
		);
		const hashed = await head(`/assets/frontend/js/${chunk}`, "gzip");
		expect(hashed["content-encoding"]).toBe("gzip");
		expect(hashed["cache-control"]).toBe("public, max-age=31536000, immutable");
		const page = await head("/", "br");
		expect(page["content-encoding"]).toBe("br");
		expect((await head("/", "identity"))["content-encoding"]).toBeUndefined();
	});

	it("answers health and readiness checks", async () => {
		const health = await fetch(`${origin()}/healthz`);
		expect(await health.json()).toEqual({ status: "ok" });
		const ready = await fetch(`${origin()}/readyz`);
		expect(ready.status).toBe(200);
		expect(await ready.json()).toEqual({ status: "ready", database: "sqlite" });
	});

	it("gives a 404 page to browsers and a JSON 404 to ajax requests", async () => {
		const page = await fetch(`${origin()}/no-such-page`);
		expect(page.status).toBe(404);
		expect(await page.text()).toContain("Stránka nenalezena");
		const ajax = await fetch(`${origin()}/no-such-page`, {
			headers: { "X-Requested-With": "XMLHttpRequest" },
		});
		expect(ajax.status).toBe(404);
		expect(await ajax.json()).toEqual({
			error: "Stránka nenalezena. Tuto stránku jsme nenašli. Možná byla přesunuta, nebo je v adrese překlep.",
		});
	});

	it("does not serve files outside the client build", async () => {
		for (const path of [
			"/assets/../package.json",
			"/assets/%2e%2e/%2e%2e/package.json",
			"/assets/.vite/manifest.json",
		]) {
			const response = await fetch(`${origin()}${path}`);
			expect(response.status, path).toBe(404);
		}
	});
});

describe("languages", () => {
	it("serves Czech at the root and English under /en, each linking to the other", async () => {
		const czech = await (await fetch(`${origin()}/`)).text();
		expect(attribute(czech, "lang")).toBe("cs");
		expect(czech).toContain('href="/en" hrefLang="en" lang="en">English</a>');
		const english = await (await fetch(`${origin()}/en`)).text();
		expect(attribute(english, "lang")).toBe("en");
		expect(english).toContain('href="/en/register"');
		expect(english).toContain('href="/" hrefLang="cs" lang="cs">Čeština</a>');
		expect(english).toContain("Skip to content");
	});

	it("answers a missing English page in English", async () => {
		const response = await fetch(`${origin()}/en/no-such-page`);
		expect(response.status).toBe(404);
		expect(await response.text()).toContain("Page not found");
	});
});

describe("search engines", () => {
	it("gives each page its canonical URL, its languages and Open Graph tags", async () => {
		const html = await (await fetch(`${origin()}/en`)).text();
		expect(html).toContain(`<link rel="canonical" href="${origin()}/en"/>`);
		expect(html).toContain(`<link rel="alternate" hrefLang="cs" href="${origin()}/"/>`);
		expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${origin()}/en"/>`);
		expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin()}/"/>`);
		expect(html).toContain('<meta property="og:locale" content="en_GB"/>');
		expect(html).toContain(`<meta property="og:image" content="${origin()}/assets/og-image.png"/>`);
		expect((await fetch(`${origin()}/assets/og-image.png`)).headers.get("content-type")).toBe("image/png");
	});

	it("serves robots.txt that keeps private pages out and points at the sitemap", async () => {
		const robots = await (await fetch(`${origin()}/robots.txt`)).text();
		expect(robots).toContain("Disallow: /voucher/");
		expect(robots).toContain("Disallow: /en/staff");
		expect(robots).toContain(`Sitemap: ${origin()}/sitemap.xml`);
	});

	it("serves a sitemap of the public pages in both languages", async () => {
		const response = await fetch(`${origin()}/sitemap.xml`);
		expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
		const xml = await response.text();
		const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
		expect(locations).toContain(`${origin()}/`);
		expect(locations).toContain(`${origin()}/en`);
		expect(locations).toContain(`${origin()}/en/stores`);
		expect(locations.some((location) => location?.includes("voucher"))).toBe(false);
		expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin()}/en/register"/>`);
	});
});

describe("cross-site requests", () => {
	const post = (headers: Record<string, string>) =>
		fetch(`${origin()}/_fixtures/ajax/echo`, {
			method: "POST",
			body: new URLSearchParams({ a: "1" }),
			headers: { "X-Requested-With": "XMLHttpRequest", ...headers },
		});

	it("refuses a POST another site made, by Origin or by Sec-Fetch-Site", async () => {
		const byOrigin = await post({ Origin: "https://evil.example" });
		expect(byOrigin.status).toBe(403);
		expect(await byOrigin.json()).toEqual({ error: "Přístup odepřen. K této stránce nemáte přístup." });
		expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
		expect((await post({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
	});

	it("accepts a same-origin POST and one from a client that is not a browser", async () => {
		expect((await post({ Origin: origin() })).status).toBe(200);
		expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
		expect((await post({})).status).toBe(200);
	});
});

describe("under a base path", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { BASE_PATH: "/campaign/", PUBLIC_URL: "https://lumen.example" } });
	});
	afterAll(() => server?.stop());

	it("puts every link, asset and the page root under the base path", async () => {
		const html = await (await fetch(`${server.origin}/campaign`)).text();
		expect(attribute(html, "data-base-path")).toBe("/campaign");
		const urls = [...html.matchAll(/(?:href|src)="([^"#]+)"/g)].map((match) => match[1]);
		expect(urls.length).toBeGreaterThan(4);
		for (const url of urls.filter((url) => !url?.startsWith("https://lumen.example/"))) {
			expect(url).toMatch(/^\/campaign(\/|$)/);
		}
		// The inlined stylesheet's fonts, which Vite wrote relative to the stylesheet's own folder.
		const fonts = [...html.matchAll(/url\(([^)]+\.woff2)\)/g)].map((match) => match[1]);
		expect(fonts.length).toBeGreaterThan(0);
		for (const font of fonts) {
			expect(font).toMatch(/^\/campaign\/assets\/frontend\/woff2\//);
			expect((await fetch(`${server.origin}${font}`)).status).toBe(200);
		}
		expect((await fetch(`${server.origin}/`)).status).toBe(404);
		expect((await fetch(`${server.origin}/campaign/readyz`)).status).toBe(200);
		// Absolute URLs come from PUBLIC_URL, never from the Host header a client sent.
		expect(html).toContain('<link rel="canonical" href="https://lumen.example/campaign/"/>');
		const sitemap = await (
			await fetch(`${server.origin}/campaign/sitemap.xml`, { headers: { Host: "evil.example" } })
		).text();
		expect(sitemap).toContain("<loc>https://lumen.example/campaign/en/register</loc>");
	});

	it("loads component chunks from the base path", async () => {
		const { page, messages } = await openPage(browser);
		await recordConnectedComponents(page);
		await page.goto(`${server.origin}/campaign/_components`);
		const toggle = page.getByRole("button", { name: "Zobrazit podrobnosti" });
		// Its chunk came from under /campaign once the component is connected.
		await waitForConnected(page, "[aria-controls='gallery-toggle-panel']");
		await toggle.click();
		await page.waitForFunction(() =>
			document.querySelector("#gallery-toggle-panel")?.classList.contains("is-active"),
		);
		expect(await toggle.getAttribute("aria-expanded")).toBe("true");
		expect(messages.filter((message) => !message.startsWith("log:"))).toEqual([]);
		await page.context().close();
	});
});

describe("production build", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({
			env: { CLIENT_DIR: "dist/client", SENTRY_DSN: "https://public@127.0.0.1:9/1" },
		});
	});
	afterAll(() => server?.stop());

	it("prints no developer warnings for unknown components", async () => {
		const { page, messages } = await openPage(browser);
		await page.goto(`${server.origin}/_fixtures/probes`);
		await page.waitForLoadState("networkidle");
		expect(messages.filter((message) => message.startsWith("warning:"))).toEqual([]);
		await page.context().close();
	});

	it("carries the Sentry DSN on the page root and allows its origin in the CSP", async () => {
		const response = await fetch(`${server.origin}/`);
		expect(attribute(await response.text(), "data-sentry-dsn")).toBe("https://public@127.0.0.1:9/1");
		expect(response.headers.get("content-security-policy")).toContain(
			"connect-src 'self' https://127.0.0.1:9",
		);
	});
});

describe("production mode", () => {
	it("does not serve the components gallery", async () => {
		const server = await startServer({
			entry: "dist/server/main.js",
			env: { APP_ENV: "production", CLIENT_DIR: "dist/client" },
		});
		try {
			expect((await fetch(`${server.origin}/_components`)).status).toBe(404);
			expect((await fetch(`${server.origin}/`)).status).toBe(200);
		} finally {
			await server.stop();
		}
	});
});

describe("shutdown", () => {
	it("finishes on SIGTERM with exit code 0 after closing the database", async () => {
		const dataDir = mkdtempSync(join(tmpdir(), "lumen-shutdown-"));
		try {
			const server = await startServer({ env: { DATA_DIR: dataDir } });
			expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
			expect(existsSync(`${sqliteFile(dataDir)}-wal`)).toBe(true);
			expect(await server.stop()).toBe(0);
			expect(server.logs.some((line) => line.includes("shutting down"))).toBe(true);
			// Closed: the last connection checkpointed the WAL into the file and removed it.
			expect(existsSync(sqliteFile(dataDir))).toBe(true);
			expect(existsSync(`${sqliteFile(dataDir)}-wal`)).toBe(false);
		} finally {
			rmSync(dataDir, { recursive: true, force: true });
		}
	});
});
