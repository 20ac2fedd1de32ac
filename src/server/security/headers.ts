import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { SESSION_COOKIE } from "../auth/cookie";
import type { Config } from "../config";
import { CAPTCHA_SOURCES, captchaFromEnv } from "../registration/antispam/captcha";

declare module "fastify" {
	interface FastifyReply {
		/** The nonces of this response's Content-Security-Policy; null where it has none (development). */
		cspNonce: CspNonce | null;
	}
}

export interface CspNonce {
	readonly script: string;
	readonly style: string;
}

/** Camera for the staff's barcode scanner on our own pages; nothing else. */
const PERMISSIONS_POLICY =
	"camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/**
 * Security headers of every response. The Content-Security-Policy allows no inline script or style:
 * what must be inline carries the response's nonce (`reply.cspNonce`, passed to pages as
 * `site.nonce`), or is the site's own stylesheet, allowed by its hash (`styleHashes`). HSTS only
 * behind TLS, where a browser can honour it.
 *
 * Cross-Origin-Opener-Policy goes only on what is personal: responses to a browser that carries a staff
 * session, and the staff area (`staffPlugin`). A public page is the same for every visitor, so there it
 * would guard nothing, and it costs a first visit a new renderer process: Chromium cannot reuse the one
 * it navigated from, and the cold process builds the page's JavaScript context later, all of it before
 * the first paint (`DocumentLoader::CommitNavigation` in the traces of `npm run bench:lighthouse`).
 *
 * Helmet's middleware is built once, with the nonces read per response, rather than per request as
 * @fastify/helmet does whenever nonces are on: that rebuilt and re-validated the whole policy for each
 * request, a twentieth of the CPU of a partner API call (`npm run bench:api`).
 */
export async function registerSecurityHeaders(
	app: FastifyInstance,
	config: Config,
	env: Readonly<Record<string, string | undefined>> = process.env,
	styleHashes: readonly string[] = [],
): Promise<void> {
	// The registration's bot challenge, when a vendor's replaces ALTCHA, loads their script and frame.
	const vendor = captchaFromEnv(env)?.vendor;
	const captcha = vendor ? CAPTCHA_SOURCES[vendor] : { script: [], frame: [] };
	const nonces = new WeakMap<ServerResponse, CspNonce>();
	const nonce = (kind: keyof CspNonce) => (_request: unknown, response: ServerResponse) =>
		`'nonce-${nonces.get(response)?.[kind]}'`;
	const withNonces = config.env !== "development";
	const headers = helmet({
		// The Vite dev server injects inline styles and opens a websocket: no CSP there.
		contentSecurityPolicy: withNonces && {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				scriptSrc: ["'self'", ...captcha.script, nonce("script")],
				styleSrc: ["'self'", ...styleHashes, nonce("style")],
				imgSrc: ["'self'", "data:", "blob:"],
				fontSrc: ["'self'"],
				// blob: for workers a challenge solver may start.
				workerSrc: ["'self'", "blob:"],
				connectSrc: ["'self'", ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : [])],
				...(vendor ? { frameSrc: captcha.frame } : {}),
				objectSrc: ["'none'"],
				baseUri: ["'self'"],
				formAction: ["'self'"],
				frameAncestors: ["'none'"],
			},
		},
		strictTransportSecurity: false,
		referrerPolicy: { policy: "strict-origin-when-cross-origin" },
		crossOriginEmbedderPolicy: false,
		crossOriginOpenerPolicy: false,
	});
	app.decorateReply("cspNonce", null);
	app.addHook("onRequest", (request, reply, done) => {
		if (withNonces) {
			// One call for both: each call to the system's generator costs as much as the 32 bytes.
			const bytes = randomBytes(32).toString("hex");
			reply.cspNonce = { script: bytes.slice(0, 32), style: bytes.slice(32) };
			nonces.set(reply.raw, reply.cspNonce);
		}
		// Helmet 8 throws what goes wrong rather than passing it to `next`.
		headers(request.raw, reply.raw, () => done());
	});
	app.addHook("onSend", async (request, reply) => {
		reply.header("permissions-policy", PERMISSIONS_POLICY);
		// Optional: a request refused before the cookie plugin's hook ran has no cookies parsed.
		if (request.cookies?.[SESSION_COOKIE] !== undefined)
			reply.header("cross-origin-opener-policy", "same-origin");
		if (request.protocol === "https") {
			reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
		}
	});
}
