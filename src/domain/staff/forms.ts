import { defineForm, field, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";

/** A text in both languages, from src/i18n/site-texts.ts. */
const both = (pick: (messages: Messages) => string): Text => ({
	cs: pick(MESSAGES.cs),
	en: pick(MESSAGES.en),
});

/** A password of up to 1,000 characters, each up to 9 bytes percent-encoded, and the address. */
export const loginForm = defineForm(
	{ name: "staffLogin", bodyLimit: 16 * 1024 },
	{
		email: field.email({
			label: both((m) => m.staff.login.email),
			required: both((m) => m.staff.login.emailRequired),
			autocomplete: "username",
		}),
		password: field.password({
			label: both((m) => m.staff.login.password),
			required: both((m) => m.staff.login.passwordRequired),
			autocomplete: "current-password",
			rules: [rule.maxLength(1000)],
		}),
		signIn: field.submit({ label: both((m) => m.staff.login.submit) }),
	},
);

export const redeemForm = defineForm(
	{ name: "redeem", bodyLimit: 1024 },
	{
		code: field.text({
			label: both((m) => m.staff.redeem.code),
			description: both((m) => m.staff.redeem.codeHint),
			required: both((m) => m.staff.redeem.codeRequired),
			autocomplete: "off",
			rules: [
				rule.pattern(
					"[0-9]{13}",
					both((m) => m.staff.redeem.codeDigits),
				),
				rule.ean13(both((m) => m.staff.redeem.codeCheckDigit)),
			],
		}),
		redeem: field.submit({ label: both((m) => m.staff.redeem.submit) }),
	},
);
