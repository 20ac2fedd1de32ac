import { toBuffer } from "bwip-js/node";

/**
 * A voucher's barcode in its e-mail: an inline PNG (a CID attachment), which mail clients show without
 * asking to load remote images, so the e-mail itself can be shown at the till. The HTML names the image
 * by a Content-ID that carries the code, so the outbox keeps only the HTML and the sender draws the
 * image when it sends (and a body deleted by the retention rules leaves nothing to draw).
 */
const CID = /src="cid:(barcode\.([0-9A-Za-z]{1,48})@lumen)"/g;

/** The Content-ID of a code's barcode image; undefined for a code that cannot be named in one. */
export function barcodeCid(code: string): string | undefined {
	return /^[0-9A-Za-z]{1,48}$/.test(code) ? `barcode.${code}@lumen` : undefined;
}

export interface InlineImage {
	readonly cid: string;
	readonly filename: string;
	readonly contentType: "image/png";
	readonly contentDisposition: "inline";
	readonly content: Buffer;
}

/**
 * Code 128 as on the voucher page (src/components/barcode/Barcode.tsx), drawn larger for a phone held
 * to a scanner, black on white with a quiet zone, so that no mail client's dark mode eats the margin.
 */
export function barcodePng(code: string): Promise<Buffer> {
	return toBuffer({
		bcid: "code128",
		text: code,
		scale: 3,
		height: 16,
		includetext: false,
		paddingwidth: 12,
		paddingheight: 8,
		backgroundcolor: "FFFFFF",
	});
}

/** The barcode images an e-mail's HTML shows, drawn. */
export function inlineBarcodes(html: string): Promise<InlineImage[]> {
	const codes = new Map([...html.matchAll(CID)].map(([, cid = "", code = ""]) => [cid, code]));
	return Promise.all(
		[...codes].map(async ([cid, code]) => ({
			cid,
			filename: `lumen-${code}.png`,
			contentType: "image/png" as const,
			contentDisposition: "inline" as const,
			content: await barcodePng(code),
		})),
	);
}
