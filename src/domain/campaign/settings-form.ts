import { defineForm, field, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";

type SettingsTexts = Messages["staff"]["settings"];

const text = (pick: (texts: SettingsTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.settings),
	en: pick(MESSAGES.en.staff.settings),
});

/** The largest values the page accepts (config.ts takes the same from the environment). */
export const SETTINGS_MAX = {
	voucherLimit: 100_000_000,
	voucherValueCzk: 10_000,
	voucherValidDays: 3650,
} as const;

const day = (label: Text) =>
	field.date({
		label,
		description: text((t) => t.dayHint),
		rules: [
			rule.pattern(
				"\\d{4}-\\d{2}-\\d{2}",
				text((t) => t.dayInvalid),
			),
		],
	});

const whole = (label: Text, max: number, description?: Text) =>
	field.integer({
		label,
		description,
		required: text((t) => t.required),
		rules: [
			rule.range(
				1,
				max,
				text((t) => t.whole.replace("{max}", String(max))),
			),
		],
	});

/** The admins' campaign settings (src/server/staff/settings-routes.tsx). */
export const settingsForm = defineForm("campaignSettings", {
	start: day(text((t) => t.start)),
	end: day(text((t) => t.end)),
	voucherLimit: whole(
		text((t) => t.voucherLimit),
		SETTINGS_MAX.voucherLimit,
		text((t) => t.voucherLimitHint),
	),
	voucherValueCzk: whole(
		text((t) => t.voucherValue),
		SETTINGS_MAX.voucherValueCzk,
	),
	voucherValidDays: whole(
		text((t) => t.voucherValidDays),
		SETTINGS_MAX.voucherValidDays,
		text((t) => t.validDaysHint),
	),
	save: field.submit({ label: text((t) => t.save) }),
});
