import { defineForm, type FormOptions, field, type Option, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";
import { latestAdultBirthDate, notLaterThanPattern } from "./birth-date";
import { PHONE_PATTERN } from "./phone";

type RegisterTexts = Messages["register"];

export const text = (pick: (texts: RegisterTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.register),
	en: pick(MESSAGES.en.register),
});

export const NAME_MAX_LENGTH = 100;
/** The longest address SMTP delivers to. */
const EMAIL_MAX_LENGTH = 254;

/** The e-mail field, of the form and of the correction on the check-your-inbox page. */
export const emailField = (label: Text, description?: Text) =>
	field.email({
		label,
		description,
		required: text((t) => t.emailRequired),
		autocomplete: "email",
		rules: [
			rule.maxLength(
				EMAIL_MAX_LENGTH,
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
 * stores come from the database, so a definition is made for each day and store list.
 */
export function registerForm(today: string, stores: readonly Option[]) {
	return defineForm(REGISTER_FORM, {
		name: field.text({
			label: text((t) => t.name),
			required: text((t) => t.nameRequired),
			autocomplete: "name",
			rules: [
				rule.maxLength(
					NAME_MAX_LENGTH,
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
