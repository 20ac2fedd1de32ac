import { defineForm, field, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";

type FraudTexts = Messages["staff"]["fraud"];

const text = (pick: (texts: FraudTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.fraud),
	en: pick(MESSAGES.en.staff.fraud),
});

/** The periods the fraud watch shows, in days ending today; the first is the default. */
export const FRAUD_PERIODS = ["14", "7", "30"] as const;
export type FraudPeriod = (typeof FRAUD_PERIODS)[number];

export function isFraudPeriod(value: unknown): value is FraudPeriod {
	return (FRAUD_PERIODS as readonly unknown[]).includes(value);
}

/** A GET form: its query string is the page's address, so a view can be shared as a link. */
export const fraudFilterForm = defineForm("fraudFilter", {
	days: field.select({
		label: text((t) => t.period),
		options: FRAUD_PERIODS.map((days) => ({ value: days, label: text((t) => t.periods[days]) })),
	}),
	show: field.submit({ label: text((t) => t.show) }),
});

export const VOID_NOTE_MAX_LENGTH = 500;

/** An admin voids a voucher by its code, saying why (src/server/fraud/void.ts). */
export const voidForm = defineForm(
	{ name: "voidVoucher", bodyLimit: 8 * 1024 },
	{
		code: field.text({
			label: text((t) => t.void.code),
			description: text((t) => t.void.codeHint),
			required: text((t) => t.void.codeRequired),
			autocomplete: "off",
			rules: [
				rule.pattern(
					"[0-9]{13}",
					text((t) => t.void.codeInvalid),
				),
			],
		}),
		note: field.textarea({
			label: text((t) => t.void.note),
			required: text((t) => t.void.noteRequired),
			rules: [
				rule.maxLength(
					VOID_NOTE_MAX_LENGTH,
					text((t) => t.void.noteLong),
				),
			],
		}),
		void: field.submit({ label: text((t) => t.void.submit) }),
	},
);
