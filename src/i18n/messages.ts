import type { Lang } from "./index";

/** The site's own texts (page chrome, errors). Pages add their sections here as they grow. */
const cs = {
	skipToContent: "Přeskočit na obsah",
	brandHome: "Lumen – úvodní stránka",
	mainNavigation: "Hlavní navigace",
	nav: { home: "Kampaň", register: "Registrace", stores: "Prodejny", staff: "Pro prodejny" },
	languageSwitch: { label: "Jazyk", other: "English", otherLang: "en" },
	footer: {
		copyright: "© 2026 Lumen s.r.o., Vinohradská 12, 120 00 Praha 2",
		note: "Poukázky platí 60 dní od registrace u partnerských drogerií Lumen.",
		terms: "Pravidla kampaně",
		privacy: "Ochrana osobních údajů",
	},
	errors: {
		400: {
			title: "Požadavek se nepodařilo zpracovat",
			text: "Odeslaná data nejsou v pořádku. Vraťte se prosím zpět a zkuste to znovu.",
		},
		403: { title: "Přístup odepřen", text: "K této stránce nemáte přístup." },
		404: {
			title: "Stránka nenalezena",
			text: "Tuto stránku jsme nenašli. Možná byla přesunuta, nebo je v adrese překlep.",
		},
		413: {
			title: "Odeslaná data jsou příliš velká",
			text: "Zkraťte prosím text nebo nahrajte menší soubory a zkuste to znovu.",
		},
		429: { title: "Příliš mnoho pokusů", text: "Počkejte prosím chvíli a zkuste to znovu." },
		500: {
			title: "Něco se pokazilo",
			text: "Na naší straně nastala chyba. Zkuste to prosím za chvíli znovu.",
		},
		back: "Zpět na úvod",
	},
};

export type Messages = typeof cs;

const en: Messages = {
	skipToContent: "Skip to content",
	brandHome: "Lumen – home page",
	mainNavigation: "Main navigation",
	nav: { home: "Campaign", register: "Register", stores: "Stores", staff: "For stores" },
	languageSwitch: { label: "Language", other: "Čeština", otherLang: "cs" },
	footer: {
		copyright: "© 2026 Lumen s.r.o., Vinohradská 12, 120 00 Prague 2, Czech Republic",
		note: "Vouchers are valid for 60 days from registration at Lumen partner drugstores.",
		terms: "Campaign rules",
		privacy: "Privacy",
	},
	errors: {
		400: {
			title: "The request could not be processed",
			text: "The data sent was not valid. Please go back and try again.",
		},
		403: { title: "Access denied", text: "You do not have access to this page." },
		404: {
			title: "Page not found",
			text: "We could not find this page. It may have moved, or the address has a typo.",
		},
		413: { title: "Too much data", text: "Please shorten the text or upload smaller files and try again." },
		429: { title: "Too many attempts", text: "Please wait a moment and try again." },
		500: {
			title: "Something went wrong",
			text: "An error occurred on our side. Please try again in a moment.",
		},
		back: "Back to the home page",
	},
};

export const MESSAGES: Record<Lang, Messages> = { cs, en };
