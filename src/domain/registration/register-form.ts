import { defineForm, type FormOptions, field, type Option, rule, type Text } from "../../forms";
import type { Lang } from "../../i18n";
import { MESSAGES, type Messages } from "../../i18n/site-texts";
import { parseIsoDate } from "../../prague-time";
import { isAdult, latestAdultBirthDate, notLaterThanPattern } from "./birth-date";
import { normalisePhone, PHONE_PATTERN } from "./phone";
import { REGISTRATION_RULES } from "./rules";

type RegisterTexts = Messages["register"];

export const text = (pick: (texts: RegisterTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.register),
	en: pick(MESSAGES.en.register),
});

/** The e-mail field, of the form and of the correction on the check-your-inbox page. */
export const emailField = (label: Text, description?: Text) =>
	field.email({
		label,
		description,
		required: text((t) => t.emailRequired),
		autocomplete: "email",
		rules: [
			rule.maxLength(
				REGISTRATION_RULES.emailMaxLength,
				text((t) => t.emailInvalid),
			),
		],
	});

/** A date as yyyy-mm-dd (sent by the form) or as the date input shows it (24. 12. 1990, 24/12/1990). */
const DATE_FORMAT = "(?:19|20)\\d\\d\\D+\\d{1,2}\\D+\\d{1,2}|\\d{1,2}\\D+\\d{1,2}\\D+(?:19|20)\\d\\d";

/**
 * The register form's name, and the largest body its route reads (formRoute): the fields at their longest,
 * percent-encoded (up to 12 bytes a character), and the bot protection's tokens (a captcha's runs to
 * 2 KB), about 9 KB in all.
 */
export const REGISTER_FORM = { name: "register", bodyLimit: 16 * 1024 } as const satisfies FormOptions;

/**
 * The registration form for a day and a store list: the age rule's bound moves with the date and the
 * stores come from the database, so a definition is made for each day and store list. Its limits are the
 * registration's rules (rules.ts).
 */
export function registerForm(today: string, stores: readonly Option[]) {
	return defineForm(REGISTER_FORM, {
		name: field.text({
			label: text((t) => t.name),
			required: text((t) => t.nameRequired),
			autocomplete: "name",
			rules: [
				rule.maxLength(
					REGISTRATION_RULES.nameMaxLength,
					text((t) => t.nameTooLong),
				),
			],
		}),
		email: emailField(
			text((t) => t.email),
			text((t) => t.emailDescription),
		),
		birthDate: field.date({
			label: text((t) => t.birthDate),
			required: text((t) => t.birthDateRequired),
			autocomplete: "bday",
			rules: [
				rule.pattern(
					DATE_FORMAT,
					text((t) => t.birthDateInvalid),
				),
				rule.pattern(
					notLaterThanPattern(latestAdultBirthDate(today)),
					text((t) => t.tooYoung),
				),
			],
		}),
		phone: field.tel({
			label: text((t) => t.phone),
			description: text((t) => t.phoneDescription),
			autocomplete: "tel",
			rules: [
				rule.pattern(
					PHONE_PATTERN,
					text((t) => t.phoneInvalid),
				),
			],
		}),
		store: field.select({
			label: text((t) => t.store),
			description: text((t) => t.storeDescription),
			required: text((t) => t.storeRequired),
			prompt: text((t) => t.storePrompt),
			options: stores,
		}),
		terms: field.checkbox({ label: text((t) => t.terms), required: text((t) => t.termsRequired) }),
		marketing: field.checkbox({ label: text((t) => t.marketing) }),
		send: field.submit({ label: text((t) => t.submit) }),
	});
}

export type RegisterForm = ReturnType<typeof registerForm>;

/** A registration's values once the form's rules passed, as the server keeps them; or what is wrong. */
export type CheckedRegistration =
	| { readonly ok: true; readonly birthDate: string; readonly phone: string | null; readonly store: string }
	| { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

/**
 * What the form's rules cannot judge, checked on the server after them: a real calendar day from the
 * rules' earliest to `today`, the exact age on `today` (the browser's pattern can only bound the
 * spelling), the number in E.164 and a store chosen. Messages in `lang`, the form's own.
 */
export function checkRegistration(
	values: { readonly birthDate: string; readonly phone: string; readonly store: string | null },
	today: string,
	lang: Lang,
): CheckedRegistration {
	const texts = MESSAGES[lang].register;
	const birthDate = parseIsoDate(values.birthDate);
	const phone = values.phone ? normalisePhone(values.phone) : null;
	const errors: Record<string, string> = {};
	if (!birthDate || birthDate < REGISTRATION_RULES.earliestBirthDate || birthDate > today)
		errors.birthDate = texts.birthDateInvalid;
	else if (!isAdult(birthDate, today)) errors.birthDate = texts.tooYoung;
	if (phone === undefined) errors.phone = texts.phoneInvalid;
	if (!values.store) errors.store = texts.storeRequired;
	if (Object.keys(errors).length || !birthDate || phone === undefined || !values.store)
		return { ok: false, errors };
	return { ok: true, birthDate, phone, store: values.store };
}
