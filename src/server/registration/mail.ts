import { fill } from "../../components/shared/text";
import { formatDate } from "../../components/voucher/dates";
import type { Lang } from "../../i18n";
import { MESSAGES } from "../../i18n/messages";
import { escapeHtml } from "../html";
import { endOfPragueDay } from "../prague-time";

export interface MailMessage {
	readonly recipient: string;
	readonly subject: string;
	readonly text: string;
	readonly html: string;
}

export interface VoucherMail {
	readonly lang: Lang;
	readonly recipient: string;
	readonly name: string;
	/** The voucher page, absolute. */
	readonly url: string;
	/** The last valid day, yyyy-mm-dd. */
	readonly validUntil: string;
	/** A repeated registration: the same voucher, sent again. */
	readonly again: boolean;
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

/** The e-mail with the voucher link, as plain text and as simple HTML that every mail client shows. */
export function voucherMail({ lang, recipient, name, url, validUntil, again }: VoucherMail): MailMessage {
	const t = MESSAGES[lang].register.mail;
	const greeting = fill(t.greeting, { name });
	const body = again ? t.againBody : t.body;
	const validity = fill(t.validity, { date: validityDate(validUntil, lang) });
	const text = [greeting, "", body, url, "", validity, t.private, "", t.signature, ""].join("\n");
	const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
	const html = [
		`<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5;color:#2b2118">`,
		paragraph(escapeHtml(greeting)),
		paragraph(escapeHtml(body)),
		paragraph(
			`<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#b4532a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(t.link)}</a>`,
		),
		paragraph(escapeHtml(validity)),
		paragraph(escapeHtml(t.private)),
		paragraph(escapeHtml(t.signature)),
		"</body></html>",
	].join("\n");
	return { recipient, subject: again ? t.againSubject : t.subject, text, html };
}
