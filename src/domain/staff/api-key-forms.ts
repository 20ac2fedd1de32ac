import { defineForm, type FormOptions, field, type Option, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";

type ApiKeyTexts = Messages["staff"]["apiKeys"];

const text = (pick: (texts: ApiKeyTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.apiKeys),
	en: pick(MESSAGES.en.staff.apiKeys),
});

/** Requests a minute a key may be given (src/server/api/keys.ts refuses others too). */
export const API_KEY_RATE_MAX = 1_000_000;
const NAME_MAX_LENGTH = 200;

/** A name, a rate, and a store id per ticked store (each up to ~60 bytes encoded, a few hundred stores). */
export const API_KEY_FORM = { name: "apiKey", bodyLimit: 64 * 1024 } as const satisfies FormOptions;

const forms = new WeakMap<readonly Option[], ReturnType<typeof makeForm>>();

function makeForm(stores: readonly Option[]) {
	return defineForm(API_KEY_FORM, {
		name: field.text({
			label: text((t) => t.nameLabel),
			required: text((t) => t.nameRequired),
			autocomplete: "off",
			rules: [
				rule.maxLength(
					NAME_MAX_LENGTH,
					text((t) => t.nameLong),
				),
			],
		}),
		// Hundreds of stores: one list box (a single Tab stop, type-ahead, grouped by city), not checkboxes.
		stores: field.multiSelect({
			label: text((t) => t.storesLabel),
			description: text((t) => t.storesHint),
			required: text((t) => t.storesRequired),
			options: stores,
		}),
		rate: field.integer({
			label: text((t) => t.rateLabel),
			description: text((t) => t.rateHint),
			required: text((t) => t.rateRequired),
			rules: [
				rule.range(
					1,
					API_KEY_RATE_MAX,
					text((t) => t.rateRange),
				),
			],
		}),
		create: field.submit({ label: text((t) => t.create) }),
	});
}

/** The form that issues a key, made once per list of stores (the list changes only with the stores). */
export function apiKeyForm(stores: readonly Option[]) {
	let made = forms.get(stores);
	if (!made) {
		made = makeForm(stores);
		forms.set(stores, made);
	}
	return made;
}

/** Revoking a key: one button per key (no fields), so a plain form each rather than a defined one. */
export const REVOKE_API_KEY_FORM = { name: "apiKeyRevoke", bodyLimit: 1024 } as const satisfies FormOptions;
