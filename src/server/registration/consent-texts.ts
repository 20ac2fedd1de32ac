import { createHash } from "node:crypto";
import { LANGS, type Lang } from "../../i18n";
import { MESSAGES } from "../../i18n/site-texts";

/** What a registrant agrees to: the campaign rules (required), and news by e-mail (optional). */
export type ConsentPurpose = "terms" | "marketing";

/**
 * How a consent was given or withdrawn: the registration form with scripts (the proof of work) or
 * without (its no-script path), the unsubscribe page's button, a mail client's one-click unsubscribe
 * (RFC 8058), or unknown (given before consents were recorded one by one).
 */
export type ConsentMethod =
	| "form"
	| "form-no-script"
	| "unsubscribe-page"
	| "unsubscribe-one-click"
	| "unrecorded";

/** The version of consents given before texts had versions (migration 0006). */
export const UNRECORDED_VERSION = "unrecorded";

/**
 * The exact words agreed to: for the rules, the checkbox's label and the rules as the terms page shows
 * them (the campaign's period and voucher limit, from the deployment's configuration, are not part of
 * it); for news, the checkbox's sentence.
 */
export function consentText(purpose: ConsentPurpose, lang: Lang): string {
	const t = MESSAGES[lang];
	if (purpose === "marketing") return t.register.marketing;
	const sections = t.terms.sections.map((section) => `${section.heading}\n${section.text}`);
	return [t.register.terms, t.terms.heading, ...sections].join("\n\n");
}

/**
 * Each text's version id, `terms.cs.<12 hex>`: the purpose, the language and the start of the text's
 * SHA-256. Any change of the words is a new version by itself, so a consent record always names the
 * words that were shown; the text of an old version is found in the history of src/i18n/site-texts.ts.
 */
export const CONSENT_VERSIONS: Readonly<Record<ConsentPurpose, Readonly<Record<Lang, string>>>> = {
	terms: versions("terms"),
	marketing: versions("marketing"),
};

function versions(purpose: ConsentPurpose): Record<Lang, string> {
	const entries = LANGS.map((lang) => {
		const hash = createHash("sha256").update(consentText(purpose, lang)).digest("hex");
		return [lang, `${purpose}.${lang}.${hash.slice(0, 12)}`] as const;
	});
	return Object.fromEntries(entries) as Record<Lang, string>;
}

/** The words of a version this code shows, or undefined for an older version (or an unrecorded one). */
export function textOfVersion(version: string): string | undefined {
	for (const purpose of ["terms", "marketing"] as const) {
		for (const lang of LANGS) {
			if (CONSENT_VERSIONS[purpose][lang] === version) return consentText(purpose, lang);
		}
	}
	return undefined;
}
