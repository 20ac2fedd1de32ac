/** The check digit of the first twelve digits of an EAN-13 (GS1: weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
	let sum = 0;
	for (let index = 0; index < 12; index++) sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
	return (10 - (sum % 10)) % 10;
}

/** Thirteen digits whose last one is the check digit of the others: a typo in one digit never passes. */
export function isValidEan13(code: string): boolean {
	return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
