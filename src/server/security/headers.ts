import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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

const CSP = "content-security-policy";

/** Where the policy names a response's nonces, replaced by them in a response that has them. */
const NONCE_SOURCE = { script: "'nonce-script'", style: "'nonce-style'" } as const;

/** What a middleware sets on a response (helmet's: headers only, then `next`), as lower-case names. */
function recordHeaders(
	middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Map<string, string> {
	const headers = new Map<string, string>();
	const response = {
		setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
		removeHeader: (name: string) => headers.delete(name.toLowerCase()),
	};
	middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
		if (error) throw error;
	});
	return headers;
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
 * Helmet's headers are the same for every response but for the nonces: its middleware runs once, at
 * start, into a recording, and each response copies the headers, its nonces put into the recorded
 * policy. Run per response, helmet built the policy from its directives each time: a tenth of the
 * garbage of a partner API call, and about as much of its CPU (`npm run bench:api`).
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
	const withNonces = config.env !== "development";
	const recorded = recordHeaders(
		helmet({
			// The Vite dev server injects inline styles and opens a websocket: no CSP there.
			contentSecurityPolicy: withNonces && {
				useDefaults: false,
				directives: {
					defaultSrc: ["'self'"],
					scriptSrc: ["'self'", ...captcha.script, NONCE_SOURCE.script],
					styleSrc: ["'self'", ...styleHashes, NONCE_SOURCE.style],
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
		}),
	);
	const policy = recorded.get(CSP);
	recorded.delete(CSP);
	const fixed = [...recorded, ["permissions-policy", PERMISSIONS_POLICY]] as const;
	app.decorateReply("cspNonce", null);
	app.addHook("onRequest", (_request, reply, done) => {
		const { raw } = reply;
		// On the response itself, as helmet sets them: also on what is written past Fastify's reply.
		for (const [name, value] of fixed) raw.setHeader(name, value);
		if (policy) {
			// One call for both: each call to the system's generator costs as much as the 32 bytes.
			const bytes = randomBytes(32).toString("hex");
			const nonce = { script: bytes.slice(0, 32), style: bytes.slice(32) };
			reply.cspNonce = nonce;
			raw.setHeader(
				CSP,
				policy
					.replace(NONCE_SOURCE.script, `'nonce-${nonce.script}'`)
					.replace(NONCE_SOURCE.style, `'nonce-${nonce.style}'`),
			);
		}
		done();
	});
	app.addHook("onSend", (request, reply, payload, done) => {
		// Optional: a request refused before the cookie plugin's hook ran has no cookies parsed.
		if (request.cookies?.[SESSION_COOKIE] !== undefined)
			reply.header("cross-origin-opener-policy", "same-origin");
		if (request.protocol === "https") {
			reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
		}
		done(null, payload);
	});
}
