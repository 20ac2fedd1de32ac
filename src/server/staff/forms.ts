import { MESSAGES, type Messages } from "../../i18n/messages";
import { defineForm, field, rule, type Text } from "../forms";

/** A text in both languages, from messages.ts. */
const both = (pick: (messages: Messages) => string): Text => ({
	cs: pick(MESSAGES.cs),
	en: pick(MESSAGES.en),
});

export const loginForm = defineForm("staffLogin", {
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
});

export const redeemForm = defineForm("redeem", {
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
});
