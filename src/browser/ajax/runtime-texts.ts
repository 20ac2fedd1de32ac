/** The few texts the runtime core shows itself, in the page's language (`<html lang>`), Czech by default. */
const MESSAGES = {
	cs: {
		failed: "Požadavek se nepodařilo dokončit. Vaše zadání zůstalo zachováno.",
		offline: "Nepodařilo se spojit se serverem. Zkontrolujte připojení. Vaše zadání zůstalo zachováno.",
		retry: "Zkusit znovu",
		close: "Zavřít",
		loading: "Načítání",
		updated: "Obsah stránky byl aktualizován.",
	},
	en: {
		failed: "The request could not be completed. What you entered is kept.",
		offline: "Could not reach the server. Please check your connection. What you entered is kept.",
		retry: "Try again",
		close: "Close",
		loading: "Loading",
		updated: "The page content was updated.",
	},
};

export type MessageKey = keyof (typeof MESSAGES)["cs"];

export function message(key: MessageKey): string {
	return (document.documentElement.lang.startsWith("en") ? MESSAGES.en : MESSAGES.cs)[key];
}
