import { toSVG } from "bwip-js/node";
import { ExpandIcon } from "../shared/icons";

export interface BarcodeTexts {
	/** Accessible name of the barcode image. */
	image: string;
	enlarge: string;
	/** Accessible name of the enlarged view. */
	dialog: string;
	close: string;
}

export const BARCODE_TEXTS_CS: BarcodeTexts = {
	image: "Čárový kód",
	enlarge: "Zvětšit pro pokladnu",
	dialog: "Čárový kód pro pokladnu",
	close: "Zavřít",
};

interface BarcodeProps {
	/** The encoded text: any ASCII for Code 128, 12 or 13 digits for EAN-13. */
	text: string;
	symbology?: "code128" | "ean13";
	texts?: BarcodeTexts;
}

/**
 * Pure black on white with no text under the bars (the code is printed as HTML text instead), free to
 * stretch to its box: scaling bars evenly in either direction keeps them readable.
 */
function barcodeSvg(text: string, symbology: "code128" | "ean13"): string {
	const key = `${symbology}:${text}`;
	let svg = drawn.get(key);
	if (svg === undefined) {
		svg = toSVG({ bcid: symbology, text, scale: 2, height: 14, includetext: false }).replace(
			"<svg ",
			'<svg preserveAspectRatio="none" aria-hidden="true" focusable="false" ',
		);
		if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value as string);
	} else drawn.delete(key);
	drawn.set(key, svg);
	return svg;
}

/**
 * Barcodes already drawn, least recently shown first: drawing one took a quarter of a voucher page's
 * server time (CPU profile under load), and a voucher's page is opened again and again at the till.
 * A few KB each.
 */
const drawn = new Map<string, string>();
const DRAWN_KEPT = 1000;

/**
 * A scannable barcode rendered on the server as inline SVG, with its code as text below. The browser
 * component adds the enlarged view for the till (full screen, screen kept awake); the dialog's markup is
 * here so that its texts come translated with the page.
 */
export function Barcode({ text, symbology = "code128", texts = BARCODE_TEXTS_CS }: BarcodeProps) {
	// bwip-js draws from `text` only (it throws on text the symbology cannot encode), so the SVG is safe.
	const svg = { __html: barcodeSvg(text, symbology) };
	return (
		<figure className="barcode" data-component="barcode">
			{/* biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated above from the code */}
			<div className="barcode__image" role="img" aria-label={texts.image} dangerouslySetInnerHTML={svg} />
			<figcaption className="barcode__code">{text}</figcaption>
			<button type="button" className="button barcode__enlarge">
				<ExpandIcon />
				{texts.enlarge}
			</button>
			<dialog className="barcode__dialog" aria-label={texts.dialog}>
				<div className="barcode__dialog-image" role="img" aria-label={texts.image} />
				<p className="barcode__dialog-code">{text}</p>
				<button type="button" className="button button--primary barcode__close">
					{texts.close}
				</button>
			</dialog>
		</figure>
	);
}
