import { defineForm, field } from "../../forms";
import { emailField, text } from "./register-form";

/** "Send the e-mail again", on the check-your-inbox page. */
export const resendForm = defineForm(
	{ name: "resend", bodyLimit: 1024 },
	{
		resend: field.submit({ label: text((t) => t.sent.resend) }),
	},
);

/** A mistyped address corrected, on the check-your-inbox page (its longest, percent-encoded: 3 KB). */
export const correctForm = defineForm(
	{ name: "correct", bodyLimit: 8 * 1024 },
	{
		email: emailField(text((t) => t.sent.correctLabel)),
		correct: field.submit({ label: text((t) => t.sent.correctSubmit) }),
	},
);
