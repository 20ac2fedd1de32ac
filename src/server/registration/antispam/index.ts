/**
 * Bot protection of the registration form, layers that each cost a bot something and a person
 * nothing: a honeypot field people never see, the signed time trap, and a challenge (ALTCHA proof of
 * work, or Turnstile/reCAPTCHA when configured) that the page solves in the background.
 *
 * Every signup spends what it was made with: the verdict lists the time-trap token and the ALTCHA
 * challenge (`used`), which the registration records in its own transaction, so one rendered form and
 * one solved challenge make one signup. The ALTCHA work rises with the signups of the sender's
 * network (difficulty.ts, network.ts): a quiet network solves the base challenge, a busy one up to
 * 256× that, and a challenge fetched while the network was quiet is refused once it is hot.
 *
 * Without JavaScript no challenge can be solved. Such a browser sends the no-script field (it is in a
 * <noscript>, and the component adds it when the challenge failed), and its submission is accepted
 * when the form has been open for NO_CHALLENGE_MIN_AGE_MS (no one without a script fills it in
 * faster); the verdict names that path, which the route gives a per-network budget stricter than the
 * challenge's. The trade-off: a bot that claims to have no script and waits skips the work, but only
 * as often as that budget allows and with one fresh form per signup; a person without JavaScript is
 * never locked out. A submission with neither a solution nor that field comes from a script that
 * skipped the challenge, and is refused.
 */

import { ANTISPAM_FIELDS } from "../../../components/antispam/fields";
import { type AltchaKeys, minimumCounter, verifyAltcha } from "./altcha";
import { CAPTCHA_FIELD, type CaptchaConfig, verifyCaptcha } from "./captcha";
import { deriveKey } from "./keys";
import { checkTimeTrap, TIME_TRAP } from "./time-trap";

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

/** A token or challenge a signup spends: recorded as used until it would have expired anyway. */
export interface UsedToken {
	readonly id: string;
	readonly expiresAt: Date;
}

export type AntispamVerdict =
	| {
			readonly ok: true;
			/** "no-script": no proof of work, only the time trap; budget it more strictly. */
			readonly path: "challenge" | "no-script";
			/** Record each as used in the same transaction as the signup; one already used is a replay. */
			readonly used: readonly UsedToken[];
			/** The solved ALTCHA challenge's counter (its work), for enoughWork. */
			readonly altchaCounter?: number;
	  }
	| { readonly ok: false; readonly failure: AntispamFailure };

const refuse = (failure: AntispamFailure): AntispamVerdict => ({ ok: false, failure });

export async function checkAntispam(
	field: (name: string) => string | undefined,
	config: AntispamConfig,
	context: {
		readonly now: Date;
		readonly ip: string;
		/** The ALTCHA difficulty level the sender's network is at now (difficultyLevel). */
		readonly minLevel: number;
	},
): Promise<AntispamVerdict> {
	if (field(ANTISPAM_FIELDS.honeypot)) return refuse("unverified");
	const timeTrap = checkTimeTrap(field(ANTISPAM_FIELDS.timeTrap), config.timeTrapKey, context.now);
	if (!timeTrap.ok) {
		if (timeTrap.reason === "too-fast" || timeTrap.reason === "expired") return refuse(timeTrap.reason);
		return refuse("unverified");
	}
	const form: UsedToken = { id: timeTrap.id, expiresAt: new Date(timeTrap.issuedAt + TIME_TRAP.maxAgeMs) };
	const solution = field(config.captcha ? CAPTCHA_FIELD[config.captcha.vendor] : ANTISPAM_FIELDS.altcha);
	if (!solution) {
		if (field(ANTISPAM_FIELDS.noScript) !== "1") return refuse("unverified");
		return timeTrap.ageMs >= NO_CHALLENGE_MIN_AGE_MS
			? { ok: true, path: "no-script", used: [form] }
			: refuse("too-fast");
	}
	if (config.captcha) {
		const passed = await verifyCaptcha(config.captcha, solution, context.ip);
		return passed ? { ok: true, path: "challenge", used: [form] } : refuse("unverified");
	}
	const altcha = verifyAltcha(solution, config.altchaKeys, context.now, context.minLevel);
	if (!altcha.ok) return refuse("unverified");
	return {
		ok: true,
		path: "challenge",
		used: [form, { id: altcha.challengeId, expiresAt: altcha.expiresAt }],
		altchaCounter: altcha.counter,
	};
}

/**
 * Whether a passed submission's ALTCHA work reaches a difficulty level (as checkAntispam's `minLevel`
 * does), for a level learnt only after the check: from the network's count in the signup's transaction.
 */
export function enoughWork(verdict: { readonly altchaCounter?: number }, level: number): boolean {
	return verdict.altchaCounter === undefined || verdict.altchaCounter >= minimumCounter(level);
}

/**
 * The time-trap token to render: the submitted one while it is valid, so the clock keeps running from
 * the first render. Not after a signup spent it (a replay refusal): that form needs a new token.
 */
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
