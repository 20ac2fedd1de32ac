import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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
	});
	app.addHook("onSend", async (request, reply) => {
		reply.header("permissions-policy", PERMISSIONS_POLICY);
		if (request.protocol === "https") {
			reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
		}
	});
}
