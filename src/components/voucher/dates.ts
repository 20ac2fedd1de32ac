import type { Lang } from "../../i18n";
import { perLang, TIME_ZONE } from "../../prague-time";

// The bare languages: "Jan 21, 2027" in English, where staff pages use en-GB.
const LANGUAGES: Record<Lang, string> = { cs: "cs", en: "en" };
const DATE = perLang({ dateStyle: "medium", timeZone: TIME_ZONE }, LANGUAGES);
const TIME = perLang({ timeStyle: "short", timeZone: TIME_ZONE }, LANGUAGES);

/** "21. 1. 2027" in Czech, "Jan 21, 2027" in English; vouchers live by Czech time. */
export function formatDate(date: Date, lang: Lang): string {
	return DATE[lang].format(date);
}

/** "14:05" in Czech, "2:05 PM" in English. */
export function formatTime(date: Date, lang: Lang): string {
	return TIME[lang].format(date);
}
