import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "../auth/cookie";
import type { Config } from "../config";
import { CAPTCHA_SOURCES, captchaFromEnv } from "../registration/antispam/captcha";

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
	await app.register(helmet, {
		// The Vite dev server injects inline styles and opens a websocket: no CSP there.
		contentSecurityPolicy:
			config.env === "development"
				? false
				: {
						useDefaults: false,
						directives: {
							defaultSrc: ["'self'"],
							scriptSrc: ["'self'", ...captcha.script],
							styleSrc: ["'self'", ...styleHashes],
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
		enableCSPNonces: config.env !== "development",
		strictTransportSecurity: false,
		referrerPolicy: { policy: "strict-origin-when-cross-origin" },
		crossOriginEmbedderPolicy: false,
		crossOriginOpenerPolicy: false,
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
