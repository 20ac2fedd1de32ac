import { defineForm, field, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";

const text = (pick: (texts: Messages["staff"]["settlement"]) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.settlement),
	en: pick(MESSAGES.en.staff.settlement),
});

/** An admin closes a month (src/server/settlement/routes.tsx); the month is a hidden field. */
export const closeMonthForm = defineForm("settlementClose", {
	month: field.hidden(),
	close: field.submit({ label: text((t) => t.close) }),
});

export const reopenMonthForm = defineForm("settlementReopen", {
	month: field.hidden(),
	reopen: field.submit({ label: text((t) => t.reopen) }),
});
