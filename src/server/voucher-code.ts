import { randomInt } from "node:crypto";
import { ean13CheckDigit } from "../validation";

/**
 * Voucher codes are EAN-13 numbers in the 20–29 range GS1 leaves for in-store use, so any till
 * scanner reads them and no product barcode can collide with one. Lumen's vouchers start with 29.
 */
export const VOUCHER_PREFIX = "29";

/** A random voucher code: the prefix, ten random digits, the check digit. */
export function randomVoucherCode(random: (max: number) => number = (max) => randomInt(max)): string {
	const body = String(random(10_000_000_000)).padStart(10, "0");
	const twelve = `${VOUCHER_PREFIX}${body}`;
	return `${twelve}${ean13CheckDigit(twelve)}`;
}
