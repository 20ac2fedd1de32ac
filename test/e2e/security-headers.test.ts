import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { origin } from "../helpers/browser";
import { postRegistration, registerAndConfirm, registration, seedStores } from "./register-support";

/** Every page the sitemap lists, plus pages it does not (private, errors, the gallery). */
async function pages(): Promise<string[]> {
	const sitemap = await (await fetch(`${origin()}/sitemap.xml`)).text();
	const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
	await seedStores();
	const voucher = await registerAndConfirm();
	expect(voucher).toMatch(/^\/voucher\//);
	const private_ = [
		voucher,
		`/en${voucher}`,
		"/register/sent",
		"/en/register/sent",
		`/register/confirm/${"x".repeat(43)}`,
		"/staff/login",
		"/en/staff/login",
	];
	return [...listed, ...private_, "/no-such-page", "/en/no-such-page", "/_components"];
}

function directives(csp: string): Map<string, string[]> {
	return new Map(
		csp.split(";").map((directive) => {
			const [name = "", ...values] = directive.trim().split(/\s+/);
			return [name, values];
		}),
	);
}

describe("security headers", () => {
	it("every page has the policy: CSP without unsafe-inline, nosniff, referrer and permissions policies", async () => {
		for (const path of await pages()) {
			const response = await fetch(`${origin()}${path}`);
			const csp = directives(response.headers.get("content-security-policy") ?? "");
			// The whole policy, directive by directive: a source added anywhere fails here.
			expect(Object.fromEntries(csp), path).toEqual({
				"default-src": ["'self'"],
				"script-src": ["'self'", expect.stringMatching(/^'nonce-[\w+/=-]+'$/)],
				// The site's stylesheet, inlined into every page, by its hash; anything else inline by the nonce.
				"style-src": [
					"'self'",
					expect.stringMatching(/^'sha256-[\w+/]+=*'$/),
					expect.stringMatching(/^'nonce-[\w+/=-]+'$/),
				],
				"img-src": ["'self'", "data:", "blob:"],
				"font-src": ["'self'"],
				"worker-src": ["'self'", "blob:"],
				"connect-src": ["'self'"],
				"object-src": ["'none'"],
				"base-uri": ["'self'"],
				"form-action": ["'self'"],
				"frame-ancestors": ["'none'"],
			});
			expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
			// A voucher page's address is its secret: it is never sent on.
			expect(response.headers.get("referrer-policy"), path).toBe(
				/\/voucher\/|\/register\/(sent|confirm)/.test(path)
					? "no-referrer"
					: "strict-origin-when-cross-origin",
			);
			// The camera for the till's scanner on our own pages, nothing else for anyone.
			expect(response.headers.get("permissions-policy"), path).toBe(
				"camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
			);
			// Plain HTTP: a browser ignores HSTS there, and sending it would be misleading.
			expect(response.headers.get("strict-transport-security"), path).toBeNull();
		}
	});

	it("sets the signup cookie with exactly its flags: HttpOnly, SameSite=Lax, for 48 hours, for the whole site", async () => {
		await seedStores();
		const response = await postRegistration(await registration());
		const [cookie, ...others] = response.headers.getSetCookie();
		expect(others).toEqual([]);
		const [pair = "", ...attributes] = (cookie ?? "").split("; ");
		expect(pair).toMatch(/^lumen_signup=[\w.-]+$/);
		// No Domain (the host only), no Secure over plain HTTP (a browser would drop the cookie).
		expect(attributes.sort()).toEqual(["HttpOnly", "Max-Age=172800", "Path=/", "SameSite=Lax"]);
	});

	it("isolates from other origins' windows what is personal: the staff area and any response to a staff session", async () => {
		const opener = async (path: string, headers: Record<string, string> = {}) =>
			(await fetch(`${origin()}${path}`, { headers, redirect: "manual" })).headers.get(
				"cross-origin-opener-policy",
			);
		for (const path of ["/", "/en/register", "/stores", "/no-such-page"])
			expect(await opener(path), path).toBeNull();
		for (const path of ["/staff/login", "/en/staff/login", "/staff"])
			expect(await opener(path), path).toBe("same-origin");
		// Even an expired or forged session: the page it gets may be personal once the session is real.
		expect(await opener("/", { cookie: "lumen_staff=x" })).toBe("same-origin");
		expect(await opener("/stores?edit", { cookie: "lumen_staff=x" })).toBe("same-origin");
	});

	it("allows the stylesheet every page inlines, by its hash", async () => {
		const response = await fetch(`${origin()}/en/stores`);
		const styles = [...(await response.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
			(match) => match[1],
		);
		expect(styles).toHaveLength(1);
		const hash = `'sha256-${createHash("sha256")
			.update(styles[0] ?? "")
			.digest("base64")}'`;
		expect(directives(response.headers.get("content-security-policy") ?? "").get("style-src")?.[1]).toBe(
			hash,
		);
	});

	it("refusals carry the policy too: cross-site (403), too large (413), too many (429)", async () => {
		const post = (path: string, body: string, headers: Record<string, string>) =>
			fetch(`${origin()}${path}`, {
				method: "POST",
				body,
				headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
			});
		const refusals = [await post("/register", "name=x", { origin: "https://evil.example" })];
		refusals.push(await post("/register", `name=${"x".repeat(2 * 1024 * 1024)}`, {}));
		for (let i = 0; i < 11; i++)
			refusals.push(await post("/en/register", "name=x", { "x-forwarded-for": "192.0.2.201" }));
		expect(refusals.map((response) => response.status)).toEqual(expect.arrayContaining([403, 413, 429]));
		for (const response of refusals) {
			const csp = directives(response.headers.get("content-security-policy") ?? "");
			expect(csp.get("script-src")?.slice(1)).toEqual([expect.stringMatching(/^'nonce-[\w+/=-]+'$/)]);
			expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
			expect(response.headers.get("x-content-type-options")).toBe("nosniff");
		}
	});

	it("keeps voucher and staff pages out of search engines", async () => {
		await seedStores();
		const voucher = await registerAndConfirm();
		for (const path of [voucher, "/register/sent", `/register/confirm/${"x".repeat(43)}`, "/staff/login"]) {
			const response = await fetch(`${origin()}${path}`);
			expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
			expect(await response.text(), path).toContain('<meta name="robots" content="noindex, nofollow"/>');
		}
	});

	it("sends HSTS behind TLS and a new nonce with every response", async () => {
		const tls = await fetch(`${origin()}/`, { headers: { "X-Forwarded-Proto": "https" } });
		expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
		const nonce = async () =>
			/'nonce-([^']+)'/.exec((await fetch(`${origin()}/`)).headers.get("content-security-policy") ?? "")?.[1];
		const [first, second] = [await nonce(), await nonce()];
		expect(first).toBeDefined();
		expect(first).not.toBe(second);
	});
});
