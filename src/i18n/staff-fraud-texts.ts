import type { RefusalReason } from "../domain/fraud/refusals";

/**
 * The admins' fraud watch (/staff/fraud) and the void of a voucher: the page, the e-mail to the holder,
 * and what the voucher page and the till say of a voucher voided for breaking the terms. In
 * src/i18n/site-texts.ts under `staff.fraud`.
 */
const cs = {
	title: "Podezřelé registrace",
	intro:
		"Kolik registrací přišlo z kterých e-mailových domén a sítí a proč formulář nebo odkaz v e-mailu poukázku nevydal. Sítě jsou zkrácené adresy (IPv4 /24, IPv6 /56) a uchovávají se 30 dní.",
	period: "Období",
	periods: { "7": "Posledních 7 dní", "14": "Posledních 14 dní", "30": "Posledních 30 dní" },
	show: "Zobrazit",
	total: "Celkem",
	none: "V tomto období nic.",
	domains: {
		heading: "Registrace podle e-mailové domény",
		caption: "Odeslané registrace podle domény e-mailu, {top} nejčastějších, po dnech",
		key: "Doména",
	},
	networks: {
		heading: "Registrace podle sítě",
		caption: "Odeslané registrace podle sítě klienta, {top} nejčastějších, po dnech",
		key: "Síť",
	},
	refusals: {
		heading: "Odmítnutí podle důvodu",
		caption: "Registrace, které poukázku nedostaly, podle důvodu, po dnech",
		key: "Důvod",
	},
	reasons: {
		"campaign-closed": "Kampaň nebyla otevřená",
		"email-invalid": "Neplatný e-mail",
		"email-quoted": "E-mail v uvozovkách",
		"email-mixed-script": "Doména míchá písma (napodobenina)",
		"email-disposable": "Jednorázová schránka",
		"bot-too-fast": "Ochrana proti robotům: odesláno příliš rychle",
		"bot-expired": "Ochrana proti robotům: formulář vypršel",
		"bot-unverified": "Ochrana proti robotům: bez ověření",
		"bot-replayed": "Ochrana proti robotům: formulář odeslán znovu",
		"limit-address": "Limit na adresu klienta",
		"limit-recipient": "Limit e-mailů na schránku",
		"limit-sender": "Limit e-mailů od jednoho odesílatele",
		"limit-network": "Limit registrací na síť",
		"limit-no-script": "Limit registrací bez JavaScriptu",
		person: "Stejná osoba už poukázku má",
		closed: "Kampaň skončila před potvrzením",
		"sold-out": "Poukázky došly před potvrzením",
	} satisfies Record<RefusalReason, string>,
	void: {
		heading: "Zrušit poukázku",
		intro:
			"Zrušená poukázka nejde uplatnit na pokladně ani přes API. Držiteli přijde e-mail se zrušením, důvod zůstane v záznamu změn.",
		code: "Kód poukázky",
		codeHint: "13 číslic pod čárovým kódem.",
		codeRequired: "Zadejte kód poukázky.",
		codeInvalid: "Kód má 13 číslic.",
		note: "Důvod (jen pro záznam změn)",
		noteRequired: "Napište, proč poukázku rušíte.",
		noteLong: "Důvod je příliš dlouhý (nejvýše 500 znaků).",
		submit: "Zrušit poukázku",
		done: "Poukázka {code} je zrušená. Držiteli jsme poslali e-mail.",
		doneErased: "Poukázka {code} je zrušená. Držitel má smazané údaje, e-mail jsme neposlali.",
		unknown: "Poukázka s kódem {code} neexistuje.",
		redeemed: "Poukázka {code} už byla uplatněna, zrušit ji nelze.",
		voided: "Poukázka {code} už je zrušená.",
	},
	mail: {
		subject: "Vaše poukázka Lumen byla zrušena",
		body: "Poukázku {code} jsme zrušili, protože registrace nesplnila pravidla kampaně (jedna poukázka na osobu a e-mailovou schránku). Poukázku už nelze uplatnit.",
		mistake: "Pokud jde podle vás o omyl, odpovězte na tento e-mail a věc prověříme.",
		link: "Pravidla kampaně",
	},
	voucherPage: {
		heading: "Tato poukázka byla zrušena",
		text: "Poukázku jsme zrušili, protože registrace nesplnila pravidla kampaně. Poukázku už nelze uplatnit. Pokud jde podle vás o omyl, odpovězte na e-mail, který jsme vám o zrušení poslali.",
	},
	till: "Poukázka {code} byla zrušena pro porušení pravidel kampaně. Nepřijímejte ji.",
};

const en: typeof cs = {
	title: "Suspicious registrations",
	intro:
		"How many registrations came from which e-mail domains and networks, and why the form or the e-mailed link gave no voucher. Networks are shortened addresses (IPv4 /24, IPv6 /56) and are kept for 30 days.",
	period: "Period",
	periods: { "7": "Last 7 days", "14": "Last 14 days", "30": "Last 30 days" },
	show: "Show",
	total: "Total",
	none: "Nothing in this period.",
	domains: {
		heading: "Registrations by e-mail domain",
		caption: "Registrations sent, by e-mail domain, the {top} busiest, per day",
		key: "Domain",
	},
	networks: {
		heading: "Registrations by network",
		caption: "Registrations sent, by client network, the {top} busiest, per day",
		key: "Network",
	},
	refusals: {
		heading: "Refusals by reason",
		caption: "Registrations that got no voucher, by reason, per day",
		key: "Reason",
	},
	reasons: {
		"campaign-closed": "Campaign not open",
		"email-invalid": "Invalid e-mail",
		"email-quoted": "Quoted e-mail",
		"email-mixed-script": "Domain mixes scripts (look-alike)",
		"email-disposable": "Disposable mailbox",
		"bot-too-fast": "Bot protection: sent too fast",
		"bot-expired": "Bot protection: form expired",
		"bot-unverified": "Bot protection: not verified",
		"bot-replayed": "Bot protection: form sent again",
		"limit-address": "Limit per client address",
		"limit-recipient": "Limit of e-mails per mailbox",
		"limit-sender": "Limit of e-mails per sender",
		"limit-network": "Limit of registrations per network",
		"limit-no-script": "Limit of registrations without JavaScript",
		person: "The same person already has a voucher",
		closed: "Campaign ended before confirmation",
		"sold-out": "Vouchers ran out before confirmation",
	},
	void: {
		heading: "Void a voucher",
		intro:
			"A voided voucher cannot be redeemed at a till or through the API. Its holder is told by e-mail; the reason stays in the audit log.",
		code: "Voucher code",
		codeHint: "The 13 digits under the barcode.",
		codeRequired: "Enter the voucher's code.",
		codeInvalid: "A code has 13 digits.",
		note: "Reason (for the audit log only)",
		noteRequired: "Say why you void the voucher.",
		noteLong: "The reason is too long (500 characters at most).",
		submit: "Void voucher",
		done: "Voucher {code} is void. Its holder has been sent an e-mail.",
		doneErased: "Voucher {code} is void. Its holder's data is erased, so no e-mail was sent.",
		unknown: "There is no voucher with the code {code}.",
		redeemed: "Voucher {code} was already redeemed and cannot be voided.",
		voided: "Voucher {code} is already void.",
	},
	mail: {
		subject: "Your Lumen voucher has been cancelled",
		body: "We have cancelled your voucher {code} because the registration did not meet the campaign's terms (one voucher per person and mailbox). It can no longer be redeemed.",
		mistake: "If you think this is a mistake, reply to this e-mail and we will look into it.",
		link: "The campaign's terms",
	},
	voucherPage: {
		heading: "This voucher has been cancelled",
		text: "We cancelled this voucher because the registration did not meet the campaign's terms. It can no longer be redeemed. If you think this is a mistake, reply to the e-mail we sent you about it.",
	},
	till: "Voucher {code} was cancelled for breaking the campaign's terms. Do not accept it.",
};

export const STAFF_FRAUD_TEXTS = { cs, en };
