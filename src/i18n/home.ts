import type { CarouselTexts } from "../components/advantages-carousel/AdvantagesCarousel";
import { REGISTRATION_RULES } from "../domain/registration/rules";
import type { Lang } from "./index";

/**
 * The home page's texts. Each has a stable key (the `Editable` id, e.g. `home.hero.title`) so editors
 * can change it in place; these are the defaults until they do.
 */
const cs = {
	meta: {
		title: "Lumen – poukázka 150 Kč na vaši péči o pleť",
		description:
			"Zaregistrujte se a získejte poukázku Lumen v hodnotě 150 Kč na jakýkoli produkt v partnerských drogeriích po celé České republice.",
	},
	hero: {
		eyebrow: "Kampaň Lumen 2026",
		title: "Poukázka 150 Kč na péči Lumen",
		lead: "Zaregistrujte se, získejte osobní poukázku s čárovým kódem a uplatněte ji na jakýkoli produkt Lumen v jedné z téměř tří set partnerských drogerií po celé České republice.",
		cta: "Získat poukázku",
		how: "Jak to funguje",
		illustration: "Poukázka Lumen v hodnotě 150 Kč s čárovým kódem na displeji telefonu",
	},
	advantages: {
		title: "Proč se zapojit",
		items: [
			{
				title: "150 Kč na cokoli z řady Lumen",
				text: "Krém, sérum, čisticí gel nebo tělové mléko – vyberte si, co vaší pleti udělá radost.",
			},
			{
				title: "Téměř 300 drogerií",
				text: "Partnerské prodejny najdete ve všech čtrnácti krajích, ve velkých městech i menších obcích.",
			},
			{
				title: "60 dní na rozmyšlenou",
				text: "Poukázka platí šedesát dní od registrace. Nemusíte nikam spěchat.",
			},
			{
				title: "Bez tisku, stačí telefon",
				text: "Čárový kód ukážete u pokladny přímo na displeji. Odkaz na poukázku máte i v e-mailu.",
			},
			{
				title: "Registrace za minutu",
				text: "Jméno, e-mail a datum narození. Žádné heslo, žádná aplikace.",
			},
		],
	},
	carousel: {
		label: "Výhody kampaně",
		previous: "Předchozí výhoda",
		next: "Další výhoda",
		goTo: "Přejít na výhodu {index}",
		status: "Výhoda {current} z {total}",
		pause: "Zastavit automatické přehrávání",
		play: "Spustit automatické přehrávání",
	} satisfies CarouselTexts,
	steps: {
		title: "Jak to funguje",
		items: [
			{
				title: "Zaregistrujte se",
				text: `Vyplňte krátký formulář. Zapojit se může každý, komu je alespoň ${REGISTRATION_RULES.minAge} let.`,
			},
			{
				title: "Potvrďte e-mail",
				text: "Pošleme vám e-mail s odkazem. Otevřete ho a uvidíte svou osobní poukázku s čárovým kódem.",
			},
			{
				title: "Ukažte ji u pokladny",
				text: "Do 60 dnů ji ukažte v partnerské drogerii. Pokladní načte kód a odečte 150 Kč z ceny produktu Lumen.",
			},
		],
	},
	faq: {
		title: "Časté otázky",
		items: [
			{
				id: "faq-who",
				question: "Kdo se může zapojit?",
				answer: `Každý, komu je v den registrace alespoň ${REGISTRATION_RULES.minAge} let. Stačí platný e-mail; poukázka je osobní a nepřenosná.`,
			},
			{
				id: "faq-how-many",
				question: "Kolik poukázek mohu získat?",
				answer:
					"Jednu na osobu a e-mailovou schránku. Pokud se zaregistrujete znovu se stejnou schránkou, pošleme vám do ní odkaz na vaši původní poukázku.",
			},
			{
				id: "faq-where",
				question: "Kde poukázku uplatním?",
				answer:
					"V kterékoli partnerské drogerii označené v seznamu prodejen. Vyhledat je můžete podle kraje nebo města.",
			},
			{
				id: "faq-what",
				question: "Na jaké zboží poukázka platí?",
				answer:
					"Na jakýkoli produkt značky Lumen v hodnotě alespoň 150 Kč. Poukázku nelze vyměnit za hotovost a z její nevyužité části se peníze nevracejí.",
			},
			{
				id: "faq-lost",
				question: "Ztratil(a) jsem odkaz na poukázku. Co teď?",
				answer:
					"Zaregistrujte se znovu se stejným e-mailem – druhou poukázku nevytvoříme, ale odkaz na tu vaši vám pošleme znovu.",
			},
			{
				id: "faq-expiry",
				question: "Jak dlouho poukázka platí?",
				answer: "Šedesát dní od registrace. Přesné datum konce platnosti vidíte přímo na poukázce.",
			},
			{
				id: "faq-data",
				question: "Co se stane s mými údaji?",
				answer:
					"Použijeme je jen k vydání a uplatnění poukázky. Marketingová sdělení posíláme pouze s vaším výslovným souhlasem, který můžete kdykoli odvolat.",
			},
		],
	},
	cta: {
		title: "Vaše pleť si zaslouží péči",
		text: "Registrace zabere minutu a poukázka vám přijde e-mailem.",
		button: "Zaregistrovat se",
		stores: "Najít prodejnu",
	},
};

export type HomeTexts = typeof cs;

const en: HomeTexts = {
	meta: {
		title: "Lumen – a 150 CZK voucher for your skincare",
		description:
			"Register and get a Lumen voucher worth 150 CZK for any product at partner drugstores across the Czech Republic.",
	},
	hero: {
		eyebrow: "Lumen campaign 2026",
		title: "A 150 CZK voucher for Lumen skincare",
		lead: "Register, get your personal voucher with a barcode and use it for any Lumen product at one of almost three hundred partner drugstores across the Czech Republic.",
		cta: "Get my voucher",
		how: "How it works",
		illustration: "A Lumen voucher worth 150 CZK with a barcode on a phone screen",
	},
	advantages: {
		title: "Why join",
		items: [
			{
				title: "150 CZK off anything Lumen",
				text: "Cream, serum, cleansing gel or body lotion – choose what your skin will love.",
			},
			{
				title: "Almost 300 drugstores",
				text: "Partner stores in all fourteen regions, in big cities and small towns alike.",
			},
			{
				title: "60 days to decide",
				text: "Your voucher is valid for sixty days from registration. No need to hurry.",
			},
			{
				title: "No printing, just your phone",
				text: "Show the barcode at the till right on your screen. The link is in your e-mail too.",
			},
			{
				title: "Register in a minute",
				text: "Your name, e-mail and date of birth. No password, no app.",
			},
		],
	},
	carousel: {
		label: "Campaign benefits",
		previous: "Previous benefit",
		next: "Next benefit",
		goTo: "Go to benefit {index}",
		status: "Benefit {current} of {total}",
		pause: "Pause autoplay",
		play: "Start autoplay",
	},
	steps: {
		title: "How it works",
		items: [
			{
				title: "Register",
				text: `Fill in a short form. Anyone aged ${REGISTRATION_RULES.minAge} or over can take part.`,
			},
			{
				title: "Confirm your e-mail",
				text: "We e-mail you a link. Open it and you see your personal voucher with its barcode.",
			},
			{
				title: "Show it at the till",
				text: "Within 60 days, show it at a partner drugstore. The cashier scans the code and takes 150 CZK off a Lumen product.",
			},
		],
	},
	faq: {
		title: "Frequently asked questions",
		items: [
			{
				id: "faq-who",
				question: "Who can take part?",
				answer: `Anyone aged ${REGISTRATION_RULES.minAge} or over on the day they register. A valid e-mail is all you need; the voucher is personal.`,
			},
			{
				id: "faq-how-many",
				question: "How many vouchers can I get?",
				answer:
					"One per person and mailbox. If you register again with the same mailbox, we send the link to your original voucher to it.",
			},
			{
				id: "faq-where",
				question: "Where can I use the voucher?",
				answer: "At any partner drugstore in the store list. You can search by region or town.",
			},
			{
				id: "faq-what",
				question: "What can I buy with it?",
				answer:
					"Any Lumen product worth at least 150 CZK. The voucher cannot be exchanged for cash and gives no change.",
			},
			{
				id: "faq-lost",
				question: "I lost the link to my voucher. What now?",
				answer:
					"Register again with the same e-mail – we will not create a second voucher, but we will send you the link to yours again.",
			},
			{
				id: "faq-expiry",
				question: "How long is the voucher valid?",
				answer: "Sixty days from registration. The exact end date is shown on the voucher.",
			},
			{
				id: "faq-data",
				question: "What happens to my data?",
				answer:
					"We use it only to issue and redeem your voucher. We send marketing only with your explicit consent, which you can withdraw at any time.",
			},
		],
	},
	cta: {
		title: "Your skin deserves care",
		text: "Registering takes a minute and your voucher comes by e-mail.",
		button: "Register",
		stores: "Find a store",
	},
};

export const HOME_TEXTS: Record<Lang, HomeTexts> = { cs, en };
