/**
 * Turnstile or reCAPTCHA instead of ALTCHA when their keys are configured: the widget in the page gets
 * a token from the vendor, and the server asks the vendor's siteverify endpoint whether it is good.
 * The endpoint and `fetch` are injectable so that tests answer for the vendor.
 */

export type CaptchaVendor = "turnstile" | "recaptcha";

export interface CaptchaConfig {
	readonly vendor: CaptchaVendor;
	readonly siteKey: string;
	readonly secretKey: string;
	readonly verifyUrl: string;
	readonly fetch: typeof fetch;
}

/** The form field each vendor's widget fills with its token. */
export const CAPTCHA_FIELD: Record<CaptchaVendor, string> = {
	turnstile: "cf-turnstile-response",
	recaptcha: "g-recaptcha-response",
};

export const CAPTCHA_SCRIPT: Record<CaptchaVendor, string> = {
	turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js",
	recaptcha: "https://www.google.com/recaptcha/api.js",
};

/**
 * What each vendor's widget needs the page's Content-Security-Policy to allow: its script, and the
 * frame it renders the challenge in (the vendors' documented CSP requirements).
 */
export const CAPTCHA_SOURCES: Record<CaptchaVendor, { readonly script: string[]; readonly frame: string[] }> =
	{
		turnstile: {
			script: ["https://challenges.cloudflare.com"],
			frame: ["https://challenges.cloudflare.com"],
		},
		recaptcha: {
			script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
			frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
		},
	};

const VERIFY_URL: Record<CaptchaVendor, string> = {
	turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
	recaptcha: "https://www.google.com/recaptcha/api/siteverify",
};

type Env = Readonly<Record<string, string | undefined>>;

/** The configured vendor (Turnstile first), or undefined for ALTCHA. */
export function captchaFromEnv(env: Env, fetchImpl: typeof fetch = fetch): CaptchaConfig | undefined {
	for (const vendor of ["turnstile", "recaptcha"] as const) {
		const prefix = vendor.toUpperCase();
		const siteKey = env[`${prefix}_SITE_KEY`];
		const secretKey = env[`${prefix}_SECRET_KEY`];
		if (siteKey && secretKey) {
			const verifyUrl = env[`${prefix}_VERIFY_URL`] || VERIFY_URL[vendor];
			return { vendor, siteKey, secretKey, verifyUrl, fetch: fetchImpl };
		}
	}
	return undefined;
}

const VERIFY_TIMEOUT_MS = 5_000;

/** Whether the vendor vouches for the token. A vendor that cannot be reached vouches for nothing. */
export async function verifyCaptcha(config: CaptchaConfig, token: string, ip: string): Promise<boolean> {
	if (!token || token.length > 4096) return false;
	try {
		const response = await config.fetch(config.verifyUrl, {
			method: "POST",
			body: new URLSearchParams({ secret: config.secretKey, response: token, remoteip: ip }),
			signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
		});
		if (!response.ok) return false;
		const result: unknown = await response.json();
		return (
			typeof result === "object" && result !== null && (result as { success?: unknown }).success === true
		);
	} catch {
		return false;
	}
}
