import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";

/** Reads a barcode image (PNG) as a till's scanner would, with zbarimg: the code it holds. */
export function scanBarcodeImage(png: Buffer): string {
	const dir = mkdtempSync(join(tmpdir(), "lumen-barcode-"));
	try {
		const file = join(dir, "barcode.png");
		writeFileSync(file, png);
		return execFileSync("zbarimg", ["--quiet", "--raw", file], { encoding: "utf8" }).trim();
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Reads the barcode of the voucher a page shows, from a screenshot of it. */
export async function scanVoucherBarcode(page: Page): Promise<string> {
	return scanBarcodeImage(await page.locator(".voucher__barcode .barcode__image").screenshot());
}
