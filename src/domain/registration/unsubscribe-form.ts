import { defineForm, field } from "../../forms";
import { MESSAGES } from "../../i18n/site-texts";

/** The unsubscribe page's button; its name in the body tells it from a mail client's one-click POST. */
export const unsubscribeForm = defineForm("unsubscribe", {
	unsubscribe: field.submit({
		label: { cs: MESSAGES.cs.unsubscribe.submit, en: MESSAGES.en.unsubscribe.submit },
	}),
});
