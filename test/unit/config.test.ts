import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, normalizeBasePath } from "../../src/server/config";

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
		expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://lumen.example/" }).publicUrl).toBe(
			"https://lumen.example",
		);
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
