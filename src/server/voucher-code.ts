import { randomInt } from "node:crypto";

/**
 * Voucher codes are EAN-13 numbers in the 20–29 range GS1 leaves for in-store use, so any till
 * scanner reads them and no product barcode can collide with one. Lumen's vouchers start with 29.
 */
export const VOUCHER_PREFIX = "29";

/** The EAN-13 check digit of 12 digits: weights 1 and 3 alternating from the left, to the next ten. */
export function ean13CheckDigit(twelveDigits: string): number {
	if (!/^\d{12}$/.test(twelveDigits)) throw new TypeError("EAN-13 needs 12 digits before its check digit");
	let sum = 0;
	for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
	return (10 - (sum % 10)) % 10;
}

export function isEan13(code: string): boolean {
	return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A random voucher code: the prefix, ten random digits, the check digit. */
export function randomVoucherCode(random: (max: number) => number = (max) => randomInt(max)): string {
	const body = String(random(10_000_000_000)).padStart(10, "0");
	const twelve = `${VOUCHER_PREFIX}${body}`;
	return `${twelve}${ean13CheckDigit(twelve)}`;
}
