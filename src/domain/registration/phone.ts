/**
 * Phone numbers as people type them ("603 123 456", "+420 603-123-456", "0049 30 1234567"), checked in
 * the browser by PHONE_PATTERN and stored in E.164 ("+420603123456") by `normalisePhone`, which accepts
 * exactly what the pattern accepts.
 */

const SEPARATOR = "[\\s.()/-]*";
const digits = (count: string) => `(?:${SEPARATOR}\\d)${count}`;
const PLUS = `\\(?(?:\\+|00)${SEPARATOR}`;

/**
 * A Czech number (nine digits, the first 2–9, with or without +420) or any other country's in
 * international form (+ or 00, a country code not starting with 0, 8 to 15 digits in all).
 */
export const PHONE_PATTERN =
	`(?:${PLUS}4${SEPARATOR}2${SEPARATOR}0${SEPARATOR})?[2-9]${digits("{8}")}` +
	`|${PLUS}(?!4${SEPARATOR}2${SEPARATOR}0)[1-9]${digits("{7,14}")}`;

const CZECH = /^(?:\+420)?([2-9]\d{8})$/;
const INTERNATIONAL = /^\+(?!420)[1-9]\d{7,14}$/;

/** The number in E.164, or undefined when it is not one PHONE_PATTERN accepts. */
export function normalisePhone(typed: string): string | undefined {
	if (!new RegExp(`^(?:${PHONE_PATTERN})$`).test(typed.trim())) return undefined;
	const compact = typed.replace(/[\s.()/-]/g, "").replace(/^00/, "+");
	const czech = CZECH.exec(compact);
	if (czech) return `+420${czech[1]}`;
	return INTERNATIONAL.test(compact) ? compact : undefined;
}
