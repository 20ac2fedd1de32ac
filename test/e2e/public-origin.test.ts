/**
 * Absolute links (canonical and alternate links, the sitemap, robots.txt) name the configured origin:
 * PUBLIC_URL, else where the server listens. Never a request's Host or X-Forwarded-Host, not even from
 * a trusted proxy (these servers trust loopback, where the requests come from): a client would choose
 * the links a page shows to others, through the render cache, or e-mails to someone else's address.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";
import { clientIp, outbox, registration, seedStores, talkTo } from "./register-support";

/** What a client sends to choose the origin of the links; the server trusts it as a proxy. */
const FORGED: Record<string, string>[] = [
	{ host: "evil.example" },
	{ "x-forwarded-host": "evil.example" },
	{ host: "evil.example", "x-forwarded-host": "evil.example:8443", "x-forwarded-proto": "https" },
];

/** A GET with exactly these headers (fetch would send its own Host, whatever it was given). */
async function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
	const { status, cache, text } = await new Promise<{ status?: number; cache: unknown; text: string }>(
		(resolve, reject) => {
			request(`${server.origin}${path}`, { headers }, (response) => {
				let text = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					text += chunk;
				});
				response.on("end", () =>
					resolve({ status: response.statusCode, cache: response.headers["x-render-cache"], text }),
				);
			})
				.on("error", reject)
				.end();
		},
	);
	expect(status, path).toBe(200);
	return { cache, text };
}

/** A registration POST with exactly these headers (as `get`); resolves to the answer's status. */
async function postRegistration(server: TestServer, body: URLSearchParams, headers: Record<string, string>) {
	return new Promise<number | undefined>((resolve, reject) => {
		const headed = { "content-type": "application/x-www-form-urlencoded", ...headers };
		request(`${server.origin}/register`, { method: "POST", headers: headed }, (response) => {
			response.resume();
			response.on("end", () => resolve(response.statusCode));
		})
			.on("error", reject)
			.end(body.toString());
	});
}

/** Opens a link with exactly these headers (as `get`), not following a redirect; resolves to the status. */
async function openWith(server: TestServer, path: string, headers: Record<string, string>) {
	return new Promise<number | undefined>((resolve, reject) => {
		request(`${server.origin}${path}`, { headers }, (response) => {
			response.resume();
			response.on("end", () => resolve(response.statusCode));
		})
			.on("error", reject)
			.end();
	});
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe("without PUBLIC_URL", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer();
	});
	afterAll(() => server.stop());

	it("names where the server listens (the port it got for PORT=0) in every absolute link", async () => {
		expect(canonical((await get(server, "/en")).text)).toBe(`${server.origin}/en`);
		expect((await get(server, "/robots.txt")).text).toContain(`Sitemap: ${server.origin}/sitemap.xml`);
		expect((await get(server, "/sitemap.xml")).text).toContain(`<loc>${server.origin}/en/register</loc>`);
	});

	it.each(FORGED)("never names the host a request claims: %o", async (headers) => {
		for (const path of ["/", "/en", "/terms", "/en/stores", "/register"]) {
			const page = await get(server, path, headers);
			expect(page.text, path).not.toContain("evil.example");
			expect(canonical(page.text), path).toMatch(new RegExp(`^${server.origin}/`));
		}
		for (const path of ["/sitemap.xml", "/robots.txt"]) {
			const text = (await get(server, path, headers)).text;
			expect(text, path).not.toContain("evil.example");
			expect(text, path).toContain(server.origin);
		}
	});

	it("answers everyone from one cached page, whoever rendered it", async () => {
		// A forged request renders the page first: the one it leaves in the cache names the real origin,
		// and a plain request gets that very page.
		const forged = await get(server, "/en/terms", FORGED[2]);
		expect(forged.cache).toBe("miss");
		const plain = await get(server, "/en/terms");
		expect(plain.cache).toBe("hit");
		expect(plain.text).not.toContain("evil.example");
		expect(canonical(plain.text)).toBe(`${server.origin}/en/terms`);
		// And a forged host is no key of its own.
		expect((await get(server, "/en/terms", { "x-forwarded-host": "other.example" })).cache).toBe("hit");
	});

	it("logs no warning outside production", () => {
		expect(server.logs.join("\n")).not.toContain("PUBLIC_URL is not set");
	});
});

describe("with PUBLIC_URL", () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({ env: { PUBLIC_URL: "https://lumen.example/" } });
		talkTo(server.origin);
		await seedStores();
	});
	afterAll(() => server.stop());

	it.each([{}, ...FORGED])("names its origin in every absolute link: %o", async (headers) => {
		const home = (await get(server, "/", headers)).text;
		expect(canonical(home)).toBe("https://lumen.example/");
		expect(home).toContain('href="https://lumen.example/en"');
		expect(home).toContain('content="https://lumen.example/"');
		expect(canonical((await get(server, "/en/register", headers)).text)).toBe(
			"https://lumen.example/en/register",
		);
		const robots = (await get(server, "/robots.txt", headers)).text;
		expect(robots).toContain("Sitemap: https://lumen.example/sitemap.xml");
		const sitemap = (await get(server, "/sitemap.xml", headers)).text;
		expect(sitemap).toContain("<loc>https://lumen.example/en/stores</loc>");
		for (const text of [home, robots, sitemap]) {
			expect(text).not.toContain("evil.example");
			expect(text).not.toContain(server.origin);
		}
	});

	it.each(FORGED)(
		"e-mails the confirmation link and then the voucher's on its origin, whatever host a request claims: %o",
		async (headers) => {
			const body = await registration();
			const email = body.get("email") ?? "";
			expect(await postRegistration(server, body, { ...headers, "x-forwarded-for": clientIp() })).toBe(303);
			const [mail = ""] = await outbox(email);
			const link = /\S*\/register\/confirm\/\S*/.exec(mail)?.[0];
			expect(link).toMatch(/^https:\/\/lumen\.example\/register\/confirm\/[\w-]{43}$/);
			expect(mail).not.toContain("evil.example");
			expect(mail).not.toContain(server.origin);

			// Opened with the same headers: the voucher's own e-mail links to it on the configured origin too.
			expect(await openWith(server, new URL(link ?? "").pathname, headers)).toBe(303);
			const [voucher = ""] = await outbox(email);
			expect(voucher).toMatch(/^https:\/\/lumen\.example\/voucher\/[\w-]{43}$/m);
			expect(voucher).not.toContain("evil.example");
			expect(voucher).not.toContain(server.origin);
		},
	);
});

describe("in production", () => {
	// Two servers' starts, which on a machine busy with the rest of the suite took over 12 s each: side
	// by side, and a minute, as a hook that starts a server has.
	it("warns at start when PUBLIC_URL is not set, and only then", { timeout: 60_000 }, async () => {
		const [unset, set] = await Promise.all([
			startServer({ env: { APP_ENV: "production" } }),
			startServer({ env: { APP_ENV: "production", PUBLIC_URL: "https://lumen.example" } }),
		]);
		try {
			// Logged once listening, so perhaps just after the line the helper waits for.
			const warning = () => unset.logs.find((line) => line.includes("PUBLIC_URL is not set"));
			await expect.poll(warning).toBeDefined();
			expect(JSON.parse(warning() ?? "")).toMatchObject({ level: 40, publicOrigin: unset.origin });
			// Both have answered a request by now: anything said at start is in the logs.
			await Promise.all([fetch(`${unset.origin}/healthz`), fetch(`${set.origin}/healthz`)]);
			expect(set.logs.join("\n")).not.toContain("PUBLIC_URL is not set");
		} finally {
			await Promise.all([unset.stop(), set.stop()]);
		}
	});
});
