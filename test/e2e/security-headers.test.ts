import { describe, expect, it } from "vitest";
import { origin } from "../helpers/browser";

/** Every page the sitemap lists, plus pages it does not (errors, the gallery). */
async function pages(): Promise<string[]> {
	const sitemap = await (await fetch(`${origin()}/sitemap.xml`)).text();
	const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
	return [...listed, "/no-such-page", "/en/no-such-page", "/_components"];
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
			expect(csp.get("default-src"), path).toEqual(["'self'"]);
			expect(csp.get("script-src")?.[0], path).toBe("'self'");
			expect(csp.get("script-src")?.slice(1), path).toEqual([expect.stringMatching(/^'nonce-[\w+/=-]+'$/)]);
			expect(csp.get("style-src")?.slice(1), path).toEqual([expect.stringMatching(/^'nonce-[\w+/=-]+'$/)]);
			expect([...csp.values()].flat(), path).not.toContain("'unsafe-inline'");
			expect([...csp.values()].flat(), path).not.toContain("'unsafe-eval'");
			expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
			expect(csp.get("object-src"), path).toEqual(["'none'"]);
			expect(csp.get("base-uri"), path).toEqual(["'self'"]);
			expect(csp.get("form-action"), path).toEqual(["'self'"]);
			expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
			expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
			expect(response.headers.get("permissions-policy"), path).toContain("microphone=()");
			expect(response.headers.get("permissions-policy"), path).toContain("geolocation=()");
			// Plain HTTP: a browser ignores HSTS there, and sending it would be misleading.
			expect(response.headers.get("strict-transport-security"), path).toBeNull();
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
