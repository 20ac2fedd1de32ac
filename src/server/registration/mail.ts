import { fill } from "../../components/shared/text";
import { formatDate } from "../../components/voucher/dates";
import type { Lang } from "../../i18n";
import { MESSAGES } from "../../i18n/site-texts";
import { endOfPragueDay } from "../../prague-time";
import { escapeHtml } from "../../render/escape-html";
import { CONFIRMATION_LIFETIME_HOURS } from "./lifetimes";
import { barcodeCid } from "./mail-barcode";
import { czechVocative } from "./vocative";

export interface MailMessage {
	readonly recipient: string;
	readonly subject: string;
	readonly text: string;
	readonly html: string;
	/** Set for someone who asked for news: the link that stops them (shown, and as List-Unsubscribe). */
	readonly unsubscribeUrl?: string | undefined;
}

interface Addressed {
	readonly lang: Lang;
	readonly recipient: string;
	/** The registrant's full name, as typed. */
	readonly name: string;
	/** The link the e-mail is for, absolute. */
	readonly url: string;
	/** The registrant asked for news: the link that stops them, absolute. */
	readonly unsubscribeUrl?: string | undefined;
}

// Every registration of a day gets the same date, and a date format costs more than the rest of the mail.
const lastValidityDate = new Map<Lang, { validUntil: string; text: string }>();

function validityDate(validUntil: string, lang: Lang): string {
	const last = lastValidityDate.get(lang);
	if (last?.validUntil === validUntil) return last.text;
	const text = formatDate(endOfPragueDay(validUntil), lang);
	lastValidityDate.set(lang, { validUntil, text });
	return text;
}

/** Czech letters greet a person in the vocative ("Dobrý den, Jano Nováková,"). */
const greetingName = (name: string, lang: Lang) => (lang === "cs" ? czechVocative(name) : name);

/** The double opt-in: the link that proves the mailbox and issues the voucher. */
export function confirmationMail({ lang, recipient, name, url, unsubscribeUrl }: Addressed): MailMessage {
	const t = MESSAGES[lang].register.mail;
	const expiry = fill(t.confirmExpiry, { hours: String(CONFIRMATION_LIFETIME_HOURS) });
	return letter(lang, recipient, t.confirmSubject, {
		greeting: fill(t.greeting, { name: greetingName(name, lang) }),
		body: t.confirmBody,
		link: { url, label: t.confirmLink },
		after: [expiry, t.notYou],
		unsubscribeUrl,
	});
}

/**
 * A voucher's link, and while it can be redeemed its code, with its barcode beside the link (an inline
 * image, see mail-barcode.ts): the voucher just issued by its confirmation (`issued`), or, when a mailbox
 * that has a voucher registered again, that voucher's link sent again.
 */
export function voucherMail({
	lang,
	recipient,
	name,
	url,
	validUntil,
	code,
	unsubscribeUrl,
	issued = false,
}: Addressed & {
	readonly validUntil: string;
	readonly code?: string | undefined;
	readonly issued?: boolean;
}): MailMessage {
	const t = MESSAGES[lang].register.mail;
	const cid = code === undefined ? undefined : barcodeCid(code);
	return letter(lang, recipient, issued ? t.issuedSubject : t.againSubject, {
		greeting: fill(t.greeting, { name: greetingName(name, lang) }),
		body: issued ? t.issuedBody : t.againBody,
		link: { url, label: t.link },
		barcode:
			code === undefined
				? undefined
				: {
						code: fill(t.code, { code }),
						image: cid ? { cid, alt: fill(t.barcodeAlt, { code }) } : undefined,
					},
		after: [fill(t.validity, { date: validityDate(validUntil, lang) }), t.private],
		unsubscribeUrl,
	});
}

/** Plain text, and simple HTML that every mail client shows; the unsubscribe link last, in both. */
export function letter(
	lang: Lang,
	recipient: string,
	subject: string,
	parts: {
		greeting: string;
		body: string;
		link: { url: string; label: string };
		/** The voucher's code as a line, and its barcode image (HTML only) where the code can name one. */
		barcode?: { code: string; image: { cid: string; alt: string } | undefined } | undefined;
		after: string[];
		unsubscribeUrl: string | undefined;
	},
): MailMessage {
	const { signature, unsubscribe, unsubscribeLink } = MESSAGES[lang].register.mail;
	const { unsubscribeUrl, barcode } = parts;
	const footer = unsubscribeUrl ? ["", `${unsubscribe} ${unsubscribeLink}:`, unsubscribeUrl] : [];
	const text = [
		parts.greeting,
		"",
		parts.body,
		parts.link.url,
		...(barcode ? ["", barcode.code] : []),
		"",
		...parts.after,
		"",
		signature,
		...footer,
		"",
	].join("\n");
	const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
	const html = [
		`<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5;color:#2b2118">`,
		paragraph(escapeHtml(parts.greeting)),
		paragraph(escapeHtml(parts.body)),
		paragraph(
			`<a href="${escapeHtml(parts.link.url)}" style="display:inline-block;padding:12px 20px;background:#b4532a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(parts.link.label)}</a>`,
		),
		...(barcode?.image
			? [
					paragraph(
						`<img src="cid:${escapeHtml(barcode.image.cid)}" alt="${escapeHtml(barcode.image.alt)}" style="display:block;max-width:100%;height:auto;background:#fff">`,
					),
				]
			: []),
		...(barcode ? [paragraph(escapeHtml(barcode.code))] : []),
		...parts.after.map((line) => paragraph(escapeHtml(line))),
		paragraph(escapeHtml(signature)),
		...(unsubscribeUrl
			? [
					`<p style="margin:24px 0 0;font-size:14px;color:#6b5d52">${escapeHtml(unsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b5d52">${escapeHtml(unsubscribeLink)}</a></p>`,
				]
			: []),
		"</body></html>",
	].join("\n");
	return { recipient, subject, text, html, unsubscribeUrl };
}
