import { MESSAGES, type Messages } from "../../i18n/messages";
import { defineForm, field, rule, type Text } from "../forms";
import { EMAIL_MAX_LENGTH } from "./form";

const text = (pick: (texts: Messages["register"]) => string): Text => ({
	cs: pick(MESSAGES.cs.register),
	en: pick(MESSAGES.en.register),
});

/** "Send the e-mail again", on the check-your-inbox page. */
export const resendForm = defineForm("resend", {
	resend: field.submit({ label: text((t) => t.sent.resend) }),
});

/** A mistyped address corrected, on the check-your-inbox page. */
export const correctForm = defineForm("correct", {
	email: field.email({
		label: text((t) => t.sent.correctLabel),
		required: text((t) => t.emailRequired),
		autocomplete: "email",
		rules: [
			rule.maxLength(
				EMAIL_MAX_LENGTH,
				text((t) => t.emailInvalid),
			),
		],
	}),
	correct: field.submit({ label: text((t) => t.sent.correctSubmit) }),
});
