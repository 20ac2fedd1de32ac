import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { isAbsolute, join, resolve } from "node:path";
import type { CampaignSettings } from "../domain/campaign/settings";
import { parseIsoDate } from "../prague-time";

export type AppEnv = "production" | "development" | "test";

export interface Config {
	/** production serves the built client; development serves sources through Vite; test adds fixtures. */
	readonly env: AppEnv;
	readonly host: string;
	readonly port: number;
	/** '' or a path like '/campaign' (leading slash, no trailing slash). */
	readonly basePath: string;
	/** Holds the SQLite file and uploads. */
	readonly dataDir: string;
	/** A postgres:// URL selects PostgreSQL; unset means embedded SQLite under dataDir. */
	readonly databaseUrl: string | undefined;
	readonly sentryDsn: string | undefined;
	/**
	 * The site's public origin (https://lumen.example) for absolute links: canonical URLs, the sitemap,
	 * robots.txt, e-mails. PUBLIC_URL's origin; without it, where the server listens (HOST and PORT, a
	 * wildcard address as localhost), which suits one machine. Never a request's Host or
	 * X-Forwarded-Host: a client would choose the links that pages and other people's e-mails carry.
	 * With PORT=0 the system chooses the port as the server starts: `completePublicOrigin` names it then.
	 */
	readonly publicOrigin: string;
	/** PUBLIC_URL was set (production warns at start when it was not). */
	readonly hasPublicUrl: boolean;
	readonly sessionSecret: string;
	/** The client build served under <basePath>/assets/. */
	readonly clientDir: string;
	readonly logLevel: string;
	/**
	 * Which peers' X-Forwarded-For/-Proto/-Host are believed (Fastify's trustProxy): the client address
	 * of the rate limits, https for HSTS and Secure cookies. A list of addresses, CIDR ranges and
	 * proxy-addr's names (loopback, linklocal, uniquelocal), or true/false.
	 */
	readonly trustProxy: boolean | string[];
	/** Memory for rendered anonymous pages (src/server/render-cache); 0 renders every request. */
	readonly renderCacheBytes: number;
	readonly campaign: CampaignSettings;
	/** How long personal data is kept (src/server/privacy/retention.ts). */
	readonly privacy: PrivacySettings;
}

export interface PrivacySettings {
	/**
	 * Registrations' personal data is erased this many months after the campaign's last day
	 * (CAMPAIGN_END); the rules promise 6. Without CAMPAIGN_END it is kept until erased by hand.
	 */
	readonly retentionMonths: number;
}

/** The number of vouchers the campaign rules promise. */
const DEFAULT_VOUCHER_LIMIT = 50_000;
/** The voucher's value and validity the campaign rules promise. */
const DEFAULT_VOUCHER_VALUE_CZK = 150;
const DEFAULT_VOUCHER_VALID_DAYS = 60;
/** The rules promise deletion within 6 months of the campaign's end. */
const DEFAULT_RETENTION_MONTHS = 6;

export class ConfigError extends Error {
	override readonly name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the configuration from environment variables (see .env.example), with safe defaults. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
	// Empty values count as unset, as in a copied .env.example.
	const appEnv = parseAppEnv(env.APP_ENV || (env.NODE_ENV === "production" ? "production" : "development"));
	const dataDir = resolve(cwd, env.DATA_DIR || "data");
	const host = env.HOST || "127.0.0.1";
	const port = parsePort(env.PORT || "3000");
	const publicUrl = parsePublicUrl(env.PUBLIC_URL);
	return {
		env: appEnv,
		host,
		port,
		basePath: normalizeBasePath(env.BASE_PATH ?? ""),
		dataDir,
		databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
		sentryDsn: parseSentryDsn(env.SENTRY_DSN),
		publicOrigin: publicUrl ?? listeningOrigin(host, port),
		hasPublicUrl: publicUrl !== undefined,
		sessionSecret: env.SESSION_SECRET || persistedSecret(dataDir),
		clientDir: resolvePath(cwd, env.CLIENT_DIR || "dist/client"),
		logLevel: env.LOG_LEVEL || (appEnv === "test" ? "warn" : "info"),
		trustProxy: parseTrustProxy(env.TRUST_PROXY || "loopback"),
		// Development renders every request: a page should show the code just saved.
		renderCacheBytes: parseMegabytes(
			"RENDER_CACHE_MB",
			env.RENDER_CACHE_MB || (appEnv === "development" ? "0" : "32"),
		),
		campaign: parseCampaign(env),
		privacy: { retentionMonths: parseRetentionMonths(env.PERSONAL_DATA_RETENTION_MONTHS) },
	};
}

/**
 * PORT=0 (tests) lets the system choose the port as the server starts listening, so an origin made of
 * HOST and PORT is completed with the port it got; start.ts calls this as the server binds, before
 * any request is read. PUBLIC_URL and a configured port are left as they are.
 */
export function completePublicOrigin(config: Config, listeningPort: number): void {
	if (config.hasPublicUrl || config.port !== 0) return;
	(config as { publicOrigin: string }).publicOrigin = listeningOrigin(config.host, listeningPort);
}

/** http://HOST:PORT as a browser on this machine reaches it: a wildcard address is localhost. */
function listeningOrigin(host: string, port: number): string {
	const wildcard = host === "0.0.0.0" || (isIP(host) === 6 && /^[0:]+$/.test(host));
	const name = wildcard ? "localhost" : isIP(host) === 6 ? `[${host}]` : host;
	if (isIP(host) || /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i.test(host)) {
		try {
			// Through URL: the form a browser sends back (lower case, no :80).
			return new URL(`http://${name}:${port}`).origin;
		} catch {}
	}
	throw new ConfigError(`HOST must be a host name or an IP address, not "${host}"`);
}

function parseAppEnv(value: string): AppEnv {
	if (value === "production" || value === "development" || value === "test") return value;
	throw new ConfigError(`APP_ENV must be production, development or test, not "${value}"`);
}

function parsePort(value: string): number {
	const port = Number(value);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${value}"`);
	}
	return port;
}

export function normalizeBasePath(value: string): string {
	const trimmed = value.trim().replace(/\/+$/, "");
	if (trimmed === "") return "";
	const path = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
	if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) {
		throw new ConfigError(`BASE_PATH must be a URL path like /campaign, not "${value}"`);
	}
	return path;
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Loopback by default: a proxy on the same machine is believed, anyone else sending X-Forwarded-For
 * is not (it would choose its own address and escape every per-IP limit).
 */
function parseTrustProxy(value: string): boolean | string[] {
	if (value === "true" || value === "false") return value === "true";
	const entries = value.split(",").map((entry) => entry.trim());
	for (const entry of entries) {
		const [address = "", prefix, ...rest] = entry.split("/");
		const bits = isIP(address) === 6 ? 128 : 32;
		const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
		if (PROXY_NAMES.has(entry) || (isIP(address) && validPrefix && rest.length === 0)) continue;
		throw new ConfigError(
			`TRUST_PROXY must list addresses, CIDR ranges or loopback/linklocal/uniquelocal, or be true or false, not "${value}"`,
		);
	}
	return entries;
}

function parseMegabytes(name: string, value: string): number {
	const megabytes = Number(value);
	if (!/^\d{1,5}$/.test(value) || !Number.isSafeInteger(megabytes)) {
		throw new ConfigError(`${name} must be a whole number of megabytes (0 turns it off), not "${value}"`);
	}
	return megabytes * 1024 * 1024;
}

function parseDatabaseUrl(value: string | undefined): string | undefined {
	if (!value) return undefined;
	if (!/^postgres(ql)?:\/\//.test(value)) {
		throw new ConfigError("DATABASE_URL must be a postgres:// URL (leave it unset for embedded SQLite)");
	}
	return value;
}

function parsePublicUrl(value: string | undefined): string | undefined {
	if (!value) return undefined;
	try {
		const url = new URL(value);
		if ((url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search) {
			return url.origin;
		}
	} catch {}
	throw new ConfigError(
		"PUBLIC_URL must be an origin like https://lumen.example (the base path is BASE_PATH)",
	);
}

function parseCampaign(env: Env): CampaignSettings {
	const start = parseCampaignDay("CAMPAIGN_START", env.CAMPAIGN_START);
	const end = parseCampaignDay("CAMPAIGN_END", env.CAMPAIGN_END);
	if (start && end && start > end) {
		throw new ConfigError(`CAMPAIGN_START (${start}) must not be after CAMPAIGN_END (${end})`);
	}
	const limit = env.VOUCHER_LIMIT || String(DEFAULT_VOUCHER_LIMIT);
	const voucherLimit = Number(limit);
	if (!/^\d+$/.test(limit) || voucherLimit < 1 || !Number.isSafeInteger(voucherLimit)) {
		throw new ConfigError(`VOUCHER_LIMIT must be a whole number of vouchers, 1 or more, not "${limit}"`);
	}
	return {
		start,
		end,
		voucherLimit,
		voucherValueCzk: parseWhole(
			"VOUCHER_VALUE_CZK",
			env.VOUCHER_VALUE_CZK,
			DEFAULT_VOUCHER_VALUE_CZK,
			10_000,
		),
		voucherValidDays: parseWhole(
			"VOUCHER_VALID_DAYS",
			env.VOUCHER_VALID_DAYS,
			DEFAULT_VOUCHER_VALID_DAYS,
			3650,
		),
	};
}

function parseWhole(name: string, value: string | undefined, fallback: number, max: number): number {
	const text = value || String(fallback);
	if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) {
		throw new ConfigError(`${name} must be a whole number from 1 to ${max}, not "${text}"`);
	}
	return Number(text);
}

function parseRetentionMonths(value: string | undefined): number {
	const text = value || String(DEFAULT_RETENTION_MONTHS);
	if (!/^\d{1,3}$/.test(text) || Number(text) > 120) {
		throw new ConfigError(
			`PERSONAL_DATA_RETENTION_MONTHS must be a whole number of months from 0 to 120, not "${text}"`,
		);
	}
	return Number(text);
}

function parseCampaignDay(name: string, value: string | undefined): string | undefined {
	if (!value) return undefined;
	const day = parseIsoDate(value);
	if (!day) throw new ConfigError(`${name} must be a calendar day written YYYY-MM-DD, not "${value}"`);
	return day;
}

function parseSentryDsn(value: string | undefined): string | undefined {
	if (!value) return undefined;
	try {
		const url = new URL(value);
		if ((url.protocol === "http:" || url.protocol === "https:") && url.username) return value;
	} catch {}
	throw new ConfigError("SENTRY_DSN must look like https://<key>@<host>/<project>");
}

/** Without SESSION_SECRET a random secret is made once and kept in the data folder. */
function persistedSecret(dataDir: string): string {
	const file = join(dataDir, "session-secret");
	if (existsSync(file)) return readFileSync(file, "utf8").trim();
	mkdirSync(dataDir, { recursive: true });
	const secret = randomBytes(32).toString("base64url");
	writeFileSync(file, secret, { mode: 0o600 });
	return secret;
}

function resolvePath(cwd: string, path: string): string {
	return isAbsolute(path) ? path : resolve(cwd, path);
}
