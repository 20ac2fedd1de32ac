/**
 * Messages of form rules: Nette's default messages (Validator::$messages, in Czech and English, `image`
 * worded for the formats this site allows) and the part of message formatting the server owns.
 */

import { asList, EAN13 } from "../validation";
import type { Text } from "./localized-text";
import { isFieldRef } from "./rules";

export const DEFAULT_MESSAGES: Readonly<Record<string, Text>> = {
	[EAN13]: { cs: "Zadejte prosím platný kód EAN-13.", en: "Please enter a valid EAN-13 code." },
	filled: { cs: "Toto pole je povinné.", en: "This field is required." },
	blank: { cs: "Toto pole má zůstat prázdné.", en: "This field should be blank." },
	equal: { cs: "Zadejte prosím %s.", en: "Please enter %s." },
	notEqual: { cs: "Tato hodnota nemá být %s.", en: "This value should not be %s." },
	minLength: { cs: "Zadejte prosím alespoň %d znaků.", en: "Please enter at least %d characters." },
	maxLength: { cs: "Zadejte prosím nejvýše %d znaků.", en: "Please enter no more than %d characters." },
	length: {
		cs: "Zadejte prosím hodnotu o délce %d až %d znaků.",
		en: "Please enter a value between %d and %d characters long.",
	},
	email: { cs: "Zadejte prosím platnou e-mailovou adresu.", en: "Please enter a valid email address." },
	url: { cs: "Zadejte prosím platnou adresu URL.", en: "Please enter a valid URL." },
	pattern: {
		cs: "Zadejte prosím hodnotu ve správném tvaru.",
		en: "Please enter a value in the required format.",
	},
	patternCaseInsensitive: {
		cs: "Zadejte prosím hodnotu ve správném tvaru.",
		en: "Please enter a value in the required format.",
	},
	numeric: { cs: "Zadejte prosím jen číslice.", en: "Please enter digits only." },
	integer: { cs: "Zadejte prosím celé číslo.", en: "Please enter a valid integer." },
	float: { cs: "Zadejte prosím číslo.", en: "Please enter a valid number." },
	min: { cs: "Zadejte prosím hodnotu alespoň %d.", en: "Please enter a value greater than or equal to %d." },
	max: { cs: "Zadejte prosím hodnotu nejvýše %d.", en: "Please enter a value less than or equal to %d." },
	range: { cs: "Zadejte prosím hodnotu od %d do %d.", en: "Please enter a value between %d and %d." },
	fileSize: {
		cs: "Nahraný soubor může mít nejvýše %d bajtů.",
		en: "The size of the uploaded file can be up to %d bytes.",
	},
	mimeType: {
		cs: "Nahraný soubor není v očekávaném formátu.",
		en: "The uploaded file is not in the expected format.",
	},
	image: {
		cs: "Nahraný soubor musí být obrázek ve formátu JPEG, GIF nebo PNG.",
		en: "The uploaded file must be image in format JPEG, GIF or PNG.",
	},
};

/** For a value no browser sends from our markup (a list for a single value, text for a file), and for rules without a default message. */
export const INVALID_VALUE: Text = { cs: "Tato hodnota není platná.", en: "This value is not valid." };

/** A submitted choice that is not among the options (Nette's SelectBox::Valid). */
export const INVALID_CHOICE: Text = {
	cs: "Vyberte prosím platnou možnost.",
	en: "Please select a valid option.",
};

/**
 * Fills the placeholders the server owns, as Nette's Validator::formatMessage($rule, withValue: false):
 * `%label` (the caption without a trailing colon), `%name` (the field's key), `%d`/`%s` (the next
 * argument; `%2$d` the second). An argument that is another field becomes `%<index>` for the browser,
 * which also fills `%value`. Unlike PHP, a list prints its items, not "Array".
 */
export function formatServerMessage(message: string, arg: unknown, label: string, name: string): string {
	const args = asList(arg);
	let next = -1;
	return message.replace(/%(name|label|value|\d+\$[ds]|[ds])/g, (placeholder, key: string) => {
		if (key === "name") return name;
		if (key === "label") return label.replace(/:+$/, "");
		if (key === "value") return placeholder;
		const position = Number.parseInt(key, 10);
		next = position ? position - 1 : next + 1;
		const value = args[next];
		if (isFieldRef(value)) return `%${next}`;
		return print(value);
	});
}

function print(value: unknown): string {
	if (value === null || value === undefined || value === false) return "";
	if (value === true) return "1";
	if (Array.isArray(value)) return value.map(print).join(", ");
	return String(value);
}
