import { defineForm, field } from "../forms";
import { emailField, text } from "./form";

/** "Send the e-mail again", on the check-your-inbox page. */
export const resendForm = defineForm("resend", {
	resend: field.submit({ label: text((t) => t.sent.resend) }),
});

/** A mistyped address corrected, on the check-your-inbox page. */
export const correctForm = defineForm("correct", {
	email: emailField(text((t) => t.sent.correctLabel)),
	correct: field.submit({ label: text((t) => t.sent.correctSubmit) }),
});
