/**
 * Bot protection of the registration form, three layers that each cost a bot something and a person
 * nothing: a honeypot field people never see, the signed time trap, and a challenge (ALTCHA proof of
 * work, or Turnstile/reCAPTCHA when configured) that the page solves in the background.
 *
 * Without JavaScript no challenge can be solved. Such a submission is accepted only when the form has
 * been open for NO_CHALLENGE_MIN_AGE_MS (no one without a script fills it in faster); the per-IP rate
 * limit of the route bounds how many a bot can send that way. The trade-off: a bot that waits and
 * skips the challenge gets as far as one that solves it, at the rate limit's pace; a person without
 * JavaScript is never locked out.
 */

import { ANTISPAM_FIELDS } from "../../../components/antispam/fields";
import { type AltchaKeys, verifyAltcha } from "./altcha";
import { CAPTCHA_FIELD, type CaptchaConfig, verifyCaptcha } from "./captcha";
import { deriveKey } from "./keys";
import { checkTimeTrap } from "./time-trap";

export const NO_CHALLENGE_MIN_AGE_MS = 10_000;

export interface AntispamConfig {
	readonly timeTrapKey: string;
	readonly altchaKeys: AltchaKeys;
	/** Set when Turnstile or reCAPTCHA replaces ALTCHA. */
	readonly captcha: CaptchaConfig | undefined;
}

export function antispamConfig(secret: string, captcha: CaptchaConfig | undefined): AntispamConfig {
	return {
		timeTrapKey: deriveKey(secret, "time trap"),
		altchaKeys: { signature: deriveKey(secret, "altcha"), keySignature: deriveKey(secret, "altcha key") },
		captcha,
	};
}

/** Why a submission was refused; the page says only what a person could have caused. */
export type AntispamFailure = "too-fast" | "expired" | "unverified";

export type AntispamVerdict =
	| {
			readonly ok: true;
			/** A solved ALTCHA challenge: record it as used in the same transaction as the registration. */
			readonly challenge: { readonly id: string; readonly expiresAt: Date } | undefined;
	  }
	| { readonly ok: false; readonly failure: AntispamFailure };

const refuse = (failure: AntispamFailure): AntispamVerdict => ({ ok: false, failure });

export async function checkAntispam(
	field: (name: string) => string | undefined,
	config: AntispamConfig,
	context: { readonly now: Date; readonly ip: string },
): Promise<AntispamVerdict> {
	if (field(ANTISPAM_FIELDS.honeypot)) return refuse("unverified");
	const timeTrap = checkTimeTrap(field(ANTISPAM_FIELDS.timeTrap), config.timeTrapKey, context.now);
	if (!timeTrap.ok) {
		if (timeTrap.reason === "too-fast" || timeTrap.reason === "expired") return refuse(timeTrap.reason);
		return refuse("unverified");
	}
	const solution = field(config.captcha ? CAPTCHA_FIELD[config.captcha.vendor] : ANTISPAM_FIELDS.altcha);
	if (!solution) {
		return timeTrap.ageMs >= NO_CHALLENGE_MIN_AGE_MS
			? { ok: true, challenge: undefined }
			: refuse("too-fast");
	}
	if (config.captcha) {
		const passed = await verifyCaptcha(config.captcha, solution, context.ip);
		return passed ? { ok: true, challenge: undefined } : refuse("unverified");
	}
	const altcha = verifyAltcha(solution, config.altchaKeys, context.now);
	if (!altcha.ok) return refuse("unverified");
	return { ok: true, challenge: { id: altcha.challengeId, expiresAt: altcha.expiresAt } };
}

/** The time-trap token to render: the submitted one while it is valid, so the clock keeps running from the first render. */
export function timeTrapToRender(
	submitted: string | undefined,
	config: AntispamConfig,
	now: Date,
	issue: () => string,
): string {
	const result = checkTimeTrap(submitted, config.timeTrapKey, now);
	const reusable = result.ok || result.reason === "too-fast";
	return reusable && submitted ? submitted : issue();
}
