import type { Lang } from "../../i18n";
import { BARCODE_TEXTS_CS, type BarcodeTexts } from "../barcode/Barcode";

export interface VoucherTexts {
	title: string;
	brand: string;
	codeLabel: string;
	copy: string;
	/** Announced after copying. */
	copied: string;
	/** Announced when the browser could not copy: the code is selected instead. */
	selected: string;
	/** `{date}` is the last day of validity. */
	validUntil: string;
	/** The same, of an expired voucher. */
	validUntilPast: string;
	status: Record<VoucherStatus, string>;
	/** `{date}` and `{time}` of the redemption. */
	redeemedOn: string;
	redeemedNote: string;
	expiredNote: string;
	showAtTill: string;
	tillTitle: string;
	tillHint: string;
	barcode: BarcodeTexts;
}

export type VoucherStatus = "issued" | "redeemed" | "expired";

export const VOUCHER_TEXTS: Record<Lang, VoucherTexts> = {
	cs: {
		title: "Poukázka na 150 Kč",
		brand: "Lumen",
		codeLabel: "Kód poukázky",
		copy: "Kopírovat kód",
		copied: "Kód je zkopírovaný.",
		selected: "Kód je označený, zkopírujte ho prosím ručně.",
		validUntil: "Platí do {date}",
		validUntilPast: "Platila do {date}",
		status: { issued: "Platná", redeemed: "Uplatněná", expired: "Propadlá" },
		redeemedOn: "Uplatněna {date} v {time}",
		redeemedNote: "Poukázka už byla uplatněna. Každou poukázku lze použít jen jednou.",
		expiredNote: "Platnost poukázky skončila, u pokladny ji už uplatnit nelze.",
		showAtTill: "Ukázat u pokladny",
		tillTitle: "Poukázka Lumen na 150 Kč",
		tillHint: "Pokladní naskenuje čárový kód, nebo opíše kód pod ním.",
		barcode: BARCODE_TEXTS_CS,
	},
	en: {
		title: "Voucher for 150 CZK",
		brand: "Lumen",
		codeLabel: "Voucher code",
		copy: "Copy code",
		copied: "The code has been copied.",
		selected: "The code is selected, please copy it yourself.",
		validUntil: "Valid until {date}",
		validUntilPast: "Was valid until {date}",
		status: { issued: "Valid", redeemed: "Redeemed", expired: "Expired" },
		redeemedOn: "Redeemed on {date} at {time}",
		redeemedNote: "This voucher has been redeemed. Each voucher can be used only once.",
		expiredNote: "This voucher has expired and can no longer be redeemed.",
		showAtTill: "Show at the till",
		tillTitle: "Lumen voucher for 150 CZK",
		tillHint: "The cashier scans the barcode or types in the code below it.",
		barcode: {
			image: "Barcode",
			enlarge: "Enlarge for the till",
			dialog: "Barcode for the till",
			close: "Close",
		},
	},
};
