/**
 * EAN-13, the barcode numbers of retail (and of Lumen's vouchers): 12 digits and a check digit that
 * makes the weighted sum of all 13 (weights 1, 3, 1, 3, ... from the left) a multiple of ten. The one
 * place of this check: the EAN13 rule (validators.ts) and the voucher codes (src/server/voucher-code.ts).
 */

/**
 * The rule's op: a PHP callable, as Nette names custom validators (`Lumen\Validators::ean13`, found under
 * `LumenValidators_ean13` in `validators`), so a Nette site with such a validator gets the same check in
 * the browser from dist/nette-forms.js.
 */
export const EAN13 = "Lumen\\Validators::ean13";

const weightedSum = (digits: string): number =>
	[...digits].reduce((sum, digit, i) => sum + Number(digit) * (i % 2 ? 3 : 1), 0);

/** The check digit that completes 12 digits. */
export function ean13CheckDigit(twelveDigits: string): number {
	if (!/^\d{12}$/.test(twelveDigits)) throw new TypeError("EAN-13 needs 12 digits before its check digit");
	return (10 - (weightedSum(twelveDigits) % 10)) % 10;
}

/** 13 digits, the last one their check digit. */
export const isEan13 = (code: string): boolean => /^\d{13}$/.test(code) && weightedSum(code) % 10 === 0;
