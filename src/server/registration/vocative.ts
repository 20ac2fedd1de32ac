import { isWoman, vocative } from "czech-vocative";

/**
 * Czech letters greet a person in the vocative ("Dobrý den, Jano Nováková,"). The czech-vocative
 * package knows the declension; this only splits a full name into words and gives it the words it can
 * decline: Latin letters, maybe joined by a hyphen or an apostrophe (to anything else, such as "Ing."
 * or a Cyrillic name, it would append a Latin "e").
 */
const DECLINABLE = /^\p{Script=Latin}+(?:['’-]\p{Script=Latin}+)*$/u;

/**
 * The full name in the vocative, words in the order and capitalisation typed ("Jana Nováková" →
 * "Jano Nováková", "Petr Svoboda" → "Petře Svobodo"); what the package cannot decline stays as typed.
 */
export function czechVocative(fullName: string): string {
	try {
		const words = fullName.normalize("NFC").split(/\s+/u).filter(Boolean);
		const declinable = (word: string) => DECLINABLE.test(word);
		// One person, one gender, decided by any word the package takes for a woman's: a woman's surname
		// stays as typed, so a woman taken for a man would be greeted wrongly ("Mary Smithe"), while a man
		// taken for a woman keeps his words, or gets the "-o" his words in "-a" take anyway ("Svobodo").
		const woman = words.filter(declinable).some((word) => isWoman(word));
		return words.map((word) => (declinable(word) ? vocative(word, woman) : word)).join(" ");
	} catch {
		// A greeting is never worth failing a mail for.
		return fullName;
	}
}
