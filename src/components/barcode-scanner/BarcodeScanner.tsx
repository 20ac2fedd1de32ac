import { writeProps } from "../shared/props";
import { BARCODE_SCANNER_PROPS } from "./props";

export interface BarcodeScannerTexts {
	start: string;
	stop: string;
	/** The preview's accessible name. */
	video: string;
	aim: string;
	/** {code} */
	found: string;
	failed: string;
}

interface BarcodeScannerProps {
	/** Id of the text input a scanned code is written to; its form is then submitted. */
	target: string;
	texts: BarcodeScannerTexts;
}

/**
 * A camera scanner for EAN-13 codes. Rendered hidden: the browser component shows it only where the
 * BarcodeDetector API and a camera exist, so elsewhere the typed code is all there is.
 */
export function BarcodeScanner({ target, texts }: BarcodeScannerProps) {
	return (
		<div
			className="barcode-scanner"
			data-component="barcode-scanner"
			{...writeProps(BARCODE_SCANNER_PROPS, { target, ...texts })}
			hidden
		>
			<button type="button" className="button barcode-scanner__toggle" aria-pressed="false">
				{texts.start}
			</button>
			<video className="barcode-scanner__video" muted playsInline aria-label={texts.video} hidden />
			<p className="barcode-scanner__status" role="status" />
		</div>
	);
}
