/**
 * Every text the runtime shows itself (the rules' messages come from the markup), one table per language:
 * Czech and English shipped, others added with `setMessages`. `<html lang>` picks the table ("cs-CZ"
 * Czech too); a language without one is shown in English. The forms chunk gets `message` from the core
 * (forms/shim.ts), and dist/nette-forms.js bundles this module for itself.
 */
const en = {
	failed: "The request could not be completed. What you entered is kept.",
	offline: "Could not reach the server. Please check your connection. What you entered is kept.",
	retry: "Try again",
	close: "Close",
	loading: "Loading",
	updated: "The page content was updated.",
	badInput: "Please enter a valid value.",
	summary: "Please correct the following:",
};

export type Messages = typeof en;
export type MessageKey = keyof Messages;

const tables: Record<string, Messages> = {
	en,
	cs: {
		failed: "Požadavek se nepodařilo dokončit. Vaše zadání zůstalo zachováno.",
		offline: "Nepodařilo se spojit se serverem. Zkontrolujte připojení. Vaše zadání zůstalo zachováno.",
		retry: "Zkusit znovu",
		close: "Zavřít",
		loading: "Načítání",
		updated: "Obsah stránky byl aktualizován.",
		badInput: "Zadejte platnou hodnotu.",
		summary: "Opravte prosím tyto chyby:",
	},
};

/**
 * Adds a language's table, or overrides texts of one (`setMessages("cs", { retry: "Znovu" })`); the
 * texts it leaves out are the English ones (or, for a shipped language, its own).
 */
export function setMessages(lang: string, table: Partial<Messages>): void {
	tables[lang] = { ...(tables[lang] ?? en), ...table };
}

export function message(key: MessageKey): string {
	const { lang } = document.documentElement;
	return (tables[lang] ?? tables[lang.split("-")[0]!] ?? en)[key];
}
