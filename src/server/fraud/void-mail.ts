import { fill } from "../../components/shared/text";
import type { Lang } from "../../i18n";
import { MESSAGES } from "../../i18n/site-texts";
import { letter } from "../registration/mail";
import { czechVocative } from "../registration/vocative";

/** Tells a voucher's holder it was voided, with a link to the terms it broke. */
export function voidedMail(
	holder: { lang: Lang; recipient: string; name: string; code: string },
	termsUrl: string,
) {
	const { lang, recipient, name, code } = holder;
	const t = MESSAGES[lang].staff.fraud.mail;
	const greeting = MESSAGES[lang].register.mail.greeting;
	return letter(lang, recipient, t.subject, {
		greeting: fill(greeting, { name: lang === "cs" ? czechVocative(name) : name }),
		body: fill(t.body, { code }),
		link: { url: termsUrl, label: t.link },
		after: [t.mistake],
		unsubscribeUrl: undefined,
	});
}
