import type { Lang } from "../../i18n";
import { pragueDate } from "../../prague-time";
import { Barcode } from "../barcode/Barcode";
import { Modal } from "../modal/Modal";
import { ModalOpener } from "../modal-opener/ModalOpener";
import { writeProps } from "../shared/props";
import { fill } from "../shared/text";
import { formatDate, formatTime } from "./dates";
import { VOUCHER_PROPS } from "./props";
import { StatusIcon } from "./StatusIcon";
import { VOUCHER_TEXTS, type VoucherStatus, type VoucherTexts } from "./texts";

interface VoucherProps {
	code: string;
	/** The last moment the voucher may be redeemed (shown as its date, in Prague). */
	validUntil: Date;
	status: VoucherStatus;
	/** When it was redeemed (status redeemed). */
	redeemedAt?: Date | undefined;
	lang?: Lang;
	/** Prefix of the ids inside, unique on the page. */
	id?: string;
	/** The voucher page's service worker (offline-worker.ts), which the component registers. */
	worker?: string | undefined;
}

/** When the voucher was redeemed, or until when it is (or was) valid. */
function When({ validUntil, status, redeemedAt, lang }: Omit<VoucherProps, "code" | "id"> & { lang: Lang }) {
	const texts: VoucherTexts = VOUCHER_TEXTS[lang];
	if (status === "redeemed" && redeemedAt) {
		const text = fill(texts.redeemedOn, {
			date: formatDate(redeemedAt, lang),
			time: formatTime(redeemedAt, lang),
		});
		return <time dateTime={redeemedAt.toISOString()}>{text}</time>;
	}
	const template = status === "expired" ? texts.validUntilPast : texts.validUntil;
	return (
		<time dateTime={pragueDate(validUntil)}>{fill(template, { date: formatDate(validUntil, lang) })}</time>
	);
}

/**
 * The voucher card of the private voucher page: its code (copied by the voucher component), validity
 * and status, and while it may be redeemed its barcode and "show at till", a full-screen modal with
 * the barcode large (the component copies the card's SVG into it and keeps the screen awake).
 * Redeemed and expired vouchers show no barcode: there is nothing left to scan. Without JavaScript
 * "show at till" leads to the card's barcode.
 */
export function Voucher({
	code,
	validUntil,
	status,
	redeemedAt,
	lang = "cs",
	id = "voucher",
	worker,
}: VoucherProps) {
	const texts = VOUCHER_TEXTS[lang];
	const issued = status === "issued";
	return (
		<article
			className={`voucher voucher--${status}`}
			aria-labelledby={`${id}-title`}
			data-component={issued ? "voucher" : undefined}
			{...(issued && writeProps(VOUCHER_PROPS, { copied: texts.copied, selected: texts.selected, worker }))}
		>
			<header className="voucher__header">
				<p className="voucher__brand">{texts.brand}</p>
				<p className="voucher__status">
					<StatusIcon status={status} />
					{texts.status[status]}
				</p>
				<h2 className="voucher__title" id={`${id}-title`}>
					{texts.title}
				</h2>
				<p className="voucher__when">
					<When validUntil={validUntil} status={status} redeemedAt={redeemedAt} lang={lang} />
				</p>
			</header>
			<dl className="voucher__code-row">
				<dt className="voucher__code-label">{texts.codeLabel}</dt>
				<dd className="voucher__code-value">
					<code className="voucher__code">{code}</code>
					{issued && (
						<button type="button" className="button voucher__copy">
							{texts.copy}
						</button>
					)}
				</dd>
			</dl>
			{issued ? (
				<>
					<p className="voucher__feedback" role="status" />
					<div className="voucher__barcode" id={`${id}-barcode`}>
						<Barcode text={code} texts={texts.barcode} />
					</div>
					<ModalOpener
						modal={`${id}-till`}
						href={`#${id}-barcode`}
						className="button button--primary voucher__till-opener"
					>
						{texts.showAtTill}
					</ModalOpener>
					<Modal id={`${id}-till`} title={texts.tillTitle} lang={lang} size="full" className="voucher__till">
						<div className="voucher__till-barcode" role="img" aria-label={texts.barcode.image} />
						<p className="voucher__till-code">{code}</p>
						<p className="voucher__till-hint">{texts.tillHint}</p>
					</Modal>
				</>
			) : (
				<p className="voucher__note">{status === "redeemed" ? texts.redeemedNote : texts.expiredNote}</p>
			)}
		</article>
	);
}
