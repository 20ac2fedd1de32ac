import { BAD_INPUT_MESSAGE } from "../../validation";

/** The texts form validation shows itself (the rules' messages come from the markup), by `<html lang>`. */
const MESSAGES = {
	cs: { badInput: "Zadejte platnou hodnotu.", summary: "Opravte prosím tyto chyby:" },
	en: { badInput: BAD_INPUT_MESSAGE, summary: "Please correct the following:" },
};

export type FormMessageKey = keyof (typeof MESSAGES)["en"];

/** Czech on Czech pages, English everywhere else (this also runs on foreign sites as nette-forms.js). */
export function formMessage(key: FormMessageKey): string {
	return (document.documentElement.lang.startsWith("cs") ? MESSAGES.cs : MESSAGES.en)[key];
}
