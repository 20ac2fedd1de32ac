import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

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
	/** The site's public origin (https://lumen.example), for absolute links: canonical URLs, e-mails. */
	readonly publicUrl: string | undefined;
	readonly sessionSecret: string;
	/** The client build served under <basePath>/assets/. */
	readonly clientDir: string;
	readonly logLevel: string;
}

export class ConfigError extends Error {
	override readonly name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the configuration from environment variables (see .env.example), with safe defaults. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
	// Empty values count as unset, as in a copied .env.example.
	const appEnv = parseAppEnv(env.APP_ENV || (env.NODE_ENV === "production" ? "production" : "development"));
	const dataDir = resolve(cwd, env.DATA_DIR || "data");
	return {
		env: appEnv,
		host: env.HOST || "127.0.0.1",
		port: parsePort(env.PORT || "3000"),
		basePath: normalizeBasePath(env.BASE_PATH ?? ""),
		dataDir,
		databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
		sentryDsn: parseSentryDsn(env.SENTRY_DSN),
		publicUrl: parsePublicUrl(env.PUBLIC_URL),
		sessionSecret: env.SESSION_SECRET || persistedSecret(dataDir),
		clientDir: resolvePath(cwd, env.CLIENT_DIR || "dist/client"),
		logLevel: env.LOG_LEVEL || (appEnv === "test" ? "warn" : "info"),
	};
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
