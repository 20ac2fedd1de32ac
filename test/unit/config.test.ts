import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, completePublicOrigin, loadConfig, normalizeBasePath } from "../../src/server/config";

const dataDir = () => mkdtempSync(join(tmpdir(), "lumen-config-"));

describe("loadConfig", () => {
	it("has safe defaults for an empty environment", () => {
		const dir = dataDir();
		const config = loadConfig({ DATA_DIR: dir }, "/srv/app");
		expect(config).toMatchObject({
			env: "development",
			host: "127.0.0.1",
			port: 3000,
			basePath: "",
			dataDir: dir,
			databaseUrl: undefined,
			sentryDsn: undefined,
			clientDir: "/srv/app/dist/client",
			logLevel: "info",
			trustProxy: ["loopback"],
			publicOrigin: "http://127.0.0.1:3000",
			hasPublicUrl: false,
			// Open for registration: no period, the vouchers the campaign rules promise.
			campaign: {
				start: undefined,
				end: undefined,
				voucherLimit: 50_000,
				voucherValueCzk: 150,
				voucherValidDays: 60,
			},
		});
	});

	it("makes a session secret once and keeps it in the data folder", () => {
		const dir = dataDir();
		const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
		expect(first.length).toBeGreaterThanOrEqual(40);
		expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(first);
		expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
		expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: "given" }).sessionSecret).toBe("given");
	});

	it("is production under NODE_ENV=production unless APP_ENV says otherwise", () => {
		expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production" }).env).toBe("production");
		expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production", APP_ENV: "test" }).env).toBe("test");
	});

	it.each([
		[{ PORT: "80a" }, /PORT must be a whole number/],
		[{ PORT: "70000" }, /PORT must be a whole number/],
		[{ APP_ENV: "staging" }, /APP_ENV must be/],
		[{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must be a postgres/],
		[{ SENTRY_DSN: "not a url" }, /SENTRY_DSN must look like/],
		[{ BASE_PATH: "/a b" }, /BASE_PATH must be a URL path/],
		[{ PUBLIC_URL: "https://lumen.example/campaign" }, /PUBLIC_URL must be an origin/],
		[{ PUBLIC_URL: "ftp://lumen.example" }, /PUBLIC_URL must be an origin/],
		[{ TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY must list addresses/],
		[{ TRUST_PROXY: "proxy.example" }, /TRUST_PROXY must list addresses/],
		[{ TRUST_PROXY: "2" }, /TRUST_PROXY must list addresses/],
		[{ RENDER_CACHE_MB: "-1" }, /RENDER_CACHE_MB must be a whole number of megabytes/],
		[{ RENDER_CACHE_MB: "1.5" }, /RENDER_CACHE_MB must be a whole number of megabytes/],
		[{ HOST: "lumen.example/x" }, /HOST must be a host name or an IP address, not "lumen.example\/x"/],
		[{ HOST: "a b" }, /HOST must be a host name or an IP address/],
		[
			{ CAMPAIGN_START: "2026-02-30" },
			/CAMPAIGN_START must be a calendar day written YYYY-MM-DD, not "2026-02-30"/,
		],
		[{ CAMPAIGN_START: "1. 3. 2026" }, /CAMPAIGN_START must be a calendar day written YYYY-MM-DD/],
		[{ CAMPAIGN_END: "2026-12-31T23:59" }, /CAMPAIGN_END must be a calendar day written YYYY-MM-DD/],
		[
			{ CAMPAIGN_START: "2026-03-02", CAMPAIGN_END: "2026-03-01" },
			/CAMPAIGN_START \(2026-03-02\) must not be after CAMPAIGN_END \(2026-03-01\)/,
		],
		[{ VOUCHER_LIMIT: "0" }, /VOUCHER_LIMIT must be a whole number of vouchers, 1 or more, not "0"/],
		[{ VOUCHER_LIMIT: "-5" }, /VOUCHER_LIMIT must be a whole number of vouchers/],
		[{ VOUCHER_LIMIT: "50 000" }, /VOUCHER_LIMIT must be a whole number of vouchers/],
		[{ VOUCHER_LIMIT: "1e3" }, /VOUCHER_LIMIT must be a whole number of vouchers/],
		[{ VOUCHER_LIMIT: "99999999999999999999" }, /VOUCHER_LIMIT must be a whole number of vouchers/],
	])("rejects %o with a clear message", (env, message) => {
		expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
		expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
	});

	it("accepts a PostgreSQL URL and a Sentry DSN", () => {
		const config = loadConfig({
			DATA_DIR: dataDir(),
			DATABASE_URL: "postgresql://user@127.0.0.1/db",
			SENTRY_DSN: "https://key@errors.example.com/42",
		});
		expect(config.databaseUrl).toBe("postgresql://user@127.0.0.1/db");
		expect(config.sentryDsn).toBe("https://key@errors.example.com/42");
	});

	it("takes the public origin from PUBLIC_URL, else from HOST and PORT, never from a request", () => {
		const origin = (env: Record<string, string>) => {
			const { publicOrigin, hasPublicUrl } = loadConfig({ DATA_DIR: dataDir(), ...env });
			return { publicOrigin, hasPublicUrl };
		};
		expect(origin({ PUBLIC_URL: "https://Lumen.example/", HOST: "0.0.0.0" })).toEqual({
			publicOrigin: "https://lumen.example",
			hasPublicUrl: true,
		});
		expect(origin({ PUBLIC_URL: "https://lumen.example:8443" }).publicOrigin).toBe(
			"https://lumen.example:8443",
		);
		expect(origin({ HOST: "lumen.internal", PORT: "8080" })).toEqual({
			publicOrigin: "http://lumen.internal:8080",
			hasPublicUrl: false,
		});
		// A wildcard address is every address of this machine: localhost reaches it.
		expect(origin({ HOST: "0.0.0.0", PORT: "3000" }).publicOrigin).toBe("http://localhost:3000");
		expect(origin({ HOST: "::", PORT: "3000" }).publicOrigin).toBe("http://localhost:3000");
		expect(origin({ HOST: "::1", PORT: "3000" }).publicOrigin).toBe("http://[::1]:3000");
		expect(origin({ HOST: "2001:db8::1", PORT: "80" }).publicOrigin).toBe("http://[2001:db8::1]");
	});

	it("completes an origin of PORT=0 with the port the server got, and only that", () => {
		const chosen = loadConfig({ DATA_DIR: dataDir(), HOST: "127.0.0.1", PORT: "0" });
		completePublicOrigin(chosen, 43_210);
		expect(chosen.publicOrigin).toBe("http://127.0.0.1:43210");

		const wildcard = loadConfig({ DATA_DIR: dataDir(), HOST: "::", PORT: "0" });
		completePublicOrigin(wildcard, 43_210);
		expect(wildcard.publicOrigin).toBe("http://localhost:43210");

		const fixed = loadConfig({ DATA_DIR: dataDir(), PORT: "3000" });
		completePublicOrigin(fixed, 43_210);
		expect(fixed.publicOrigin).toBe("http://127.0.0.1:3000");

		const given = loadConfig({ DATA_DIR: dataDir(), PORT: "0", PUBLIC_URL: "https://lumen.example" });
		completePublicOrigin(given, 43_210);
		expect(given.publicOrigin).toBe("https://lumen.example");
	});

	it("reads the campaign's period and voucher limit", () => {
		const campaign = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env }).campaign;
		expect(
			campaign({ CAMPAIGN_START: "2026-03-01", CAMPAIGN_END: "2026-12-31", VOUCHER_LIMIT: "1200" }),
		).toEqual({
			start: "2026-03-01",
			end: "2026-12-31",
			voucherLimit: 1200,
			voucherValueCzk: 150,
			voucherValidDays: 60,
		});
		// One day is a period too; either end may be left open.
		expect(campaign({ CAMPAIGN_START: "2028-02-29", CAMPAIGN_END: "2028-02-29" })).toMatchObject({
			start: "2028-02-29",
			end: "2028-02-29",
		});
		expect(campaign({ CAMPAIGN_END: "2026-12-31" })).toEqual({
			start: undefined,
			end: "2026-12-31",
			voucherLimit: 50_000,
			voucherValueCzk: 150,
			voucherValidDays: 60,
		});
		// Empty values, as in a copied .env.example, are unset.
		expect(campaign({ CAMPAIGN_START: "", CAMPAIGN_END: "", VOUCHER_LIMIT: "" })).toEqual({
			start: undefined,
			end: undefined,
			voucherLimit: 50_000,
			voucherValueCzk: 150,
			voucherValidDays: 60,
		});
	});

	it("keeps rendered pages in 32 MB unless RENDER_CACHE_MB says otherwise; none in development", () => {
		const bytes = (env: Record<string, string>) =>
			loadConfig({ DATA_DIR: dataDir(), ...env }).renderCacheBytes;
		expect(bytes({ APP_ENV: "production" })).toBe(32 * 1024 * 1024);
		expect(bytes({ APP_ENV: "test" })).toBe(32 * 1024 * 1024);
		expect(bytes({ APP_ENV: "development" })).toBe(0);
		expect(bytes({ APP_ENV: "production", RENDER_CACHE_MB: "0" })).toBe(0);
		expect(bytes({ APP_ENV: "development", RENDER_CACHE_MB: "8" })).toBe(8 * 1024 * 1024);
	});

	it("believes forwarding headers from the proxies TRUST_PROXY lists, or from all or none", () => {
		const trustProxy = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
		expect(trustProxy("10.0.0.0/8, 192.168.1.1,loopback,::1,fd00::/8")).toEqual([
			"10.0.0.0/8",
			"192.168.1.1",
			"loopback",
			"::1",
			"fd00::/8",
		]);
		expect(trustProxy("false")).toBe(false);
		expect(trustProxy("true")).toBe(true);
	});
});

describe("normalizeBasePath", () => {
	it.each([
		["", ""],
		["/", ""],
		["campaign", "/campaign"],
		["/campaign/", "/campaign"],
		["/a/b-c", "/a/b-c"],
	])("%j → %j", (input, expected) => {
		expect(normalizeBasePath(input)).toBe(expected);
	});
});
