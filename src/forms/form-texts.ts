import { FORM_LIMITS } from "./limits";
import type { Text } from "./localized-text";

const files = FORM_LIMITS.files;
const megabytes = FORM_LIMITS.fileSize / 1024 / 1024;

/** What the form markup and the server say besides the rules' messages. */
export const FORM_TEXTS = {
	/** As the browser's summary (src/browser/ajax/runtime-texts.ts), which replaces the server's on the next submit. */
	summary: { cs: "Opravte prosím tyto chyby:", en: "Please correct the following:" },
	/** The default label of a clearable field's button. */
	clear: { cs: "Vymazat pole", en: "Clear the field" },
	requiredNote: { cs: "Pole označená * jsou povinná.", en: "Fields marked * are required." },
	/** Read after the legend of a required checkbox list, which has no native `required`. */
	required: { cs: "(povinné)", en: "(required)" },
	tooLarge: {
		cs: `Odeslaná data jsou příliš velká: nahrajte prosím nejvýše ${files} soubory, každý do ${megabytes} MB.`,
		en: `The data sent is too large: please upload at most ${files} files of up to ${megabytes} MB each.`,
	},
	unreadable: {
		cs: "Formulář se nepodařilo přečíst. Zkuste ho prosím odeslat znovu.",
		en: "The form could not be read. Please try sending it again.",
	},
} as const satisfies Record<string, Text>;
