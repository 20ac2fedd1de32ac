import { defineForm, type FormOptions, field, type Option, rule, type Text } from "../../forms";
import { MESSAGES, type Messages } from "../../i18n/site-texts";
import { STAFF_ROLES } from "./user";

type AccountTexts = Messages["staff"]["accounts"];

const text = (pick: (texts: AccountTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.accounts),
	en: pick(MESSAGES.en.staff.accounts),
});

/** The least a password set by an admin (or npm run user:add) may have. */
export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 1000;
const NAME_MAX_LENGTH = 200;
const EMAIL_MAX_LENGTH = 254;

/**
 * The account forms' largest body: a name, an e-mail, a password at their longest, percent-encoded (up to
 * 12 bytes a character), and a store id; the store select's options change, this limit does not.
 */
const ACCOUNT_BODY_LIMIT = 24 * 1024;
export const ACCOUNT_FORM = { name: "account", bodyLimit: ACCOUNT_BODY_LIMIT } as const satisfies FormOptions;
export const ROLE_FORM = {
	name: "accountRole",
	bodyLimit: ACCOUNT_BODY_LIMIT,
} as const satisfies FormOptions;

const roleOptions: Option[] = STAFF_ROLES.map((role) => ({ value: role, label: text((t) => t.roles[role]) }));

const roleField = () =>
	field.select({
		label: text((t) => t.role),
		required: text((t) => t.roleRequired),
		prompt: text((t) => t.rolePrompt),
		options: roleOptions,
	});

/** A till account records its redemptions at its store: the store is required for the staff role. */
const storeField = (stores: readonly Option[]) =>
	field.select({
		label: text((t) => t.store),
		description: text((t) => t.storeHint),
		prompt: text((t) => t.storePrompt),
		options: stores,
		rules: [
			rule.whenOn("role", rule.equal("staff"), {
				rules: [rule.filled(text((t) => t.storeRequired))],
			}),
		],
	});

const passwordField = (label: Text) =>
	field.password({
		label,
		description: text((t) => t.passwordHint),
		required: text((t) => t.passwordRequired),
		autocomplete: "new-password",
		rules: [
			rule.minLength(
				MIN_PASSWORD_LENGTH,
				text((t) => t.passwordShort),
			),
			rule.maxLength(
				MAX_PASSWORD_LENGTH,
				text((t) => t.passwordLong),
			),
		],
	});

const forms = new WeakMap<readonly Option[], ReturnType<typeof makeAccountForms>>();

function makeAccountForms(stores: readonly Option[]) {
	return {
		create: defineForm(ACCOUNT_FORM, {
			name: field.text({
				label: text((t) => t.name),
				required: text((t) => t.nameRequired),
				autocomplete: "off",
				rules: [
					rule.maxLength(
						NAME_MAX_LENGTH,
						text((t) => t.nameLong),
					),
				],
			}),
			email: field.email({
				label: text((t) => t.email),
				required: text((t) => t.emailRequired),
				autocomplete: "off",
				rules: [
					rule.email(text((t) => t.emailInvalid)),
					rule.maxLength(
						EMAIL_MAX_LENGTH,
						text((t) => t.emailInvalid),
					),
				],
			}),
			role: roleField(),
			store: storeField(stores),
			password: passwordField(text((t) => t.password)),
			create: field.submit({ label: text((t) => t.create) }),
		}),
		role: defineForm(ROLE_FORM, {
			role: roleField(),
			store: storeField(stores),
			save: field.submit({ label: text((t) => t.saveRole) }),
		}),
	};
}

/** The forms that choose a store, made once per list of stores (the list changes only with the stores). */
export function accountForms(stores: readonly Option[]) {
	let made = forms.get(stores);
	if (!made) {
		made = makeAccountForms(stores);
		forms.set(stores, made);
	}
	return made;
}

export const passwordForm = defineForm("accountPassword", {
	password: passwordField(text((t) => t.newPassword)),
	reset: field.submit({ label: text((t) => t.resetPassword) }),
});

export const disableForm = defineForm("accountDisable", {
	disable: field.submit({ label: text((t) => t.disable) }),
});

export const enableForm = defineForm("accountEnable", {
	enable: field.submit({ label: text((t) => t.enable) }),
});
