/**
 * One voucher per person: a person is their full name and birth date. The name is compared without
 * case, diacritics, punctuation or word order ("Nováková Jana", "jana  novakova" and "Jana Nováková"
 * are one person), so a second voucher cannot be had by spelling it differently.
 */
export function personKey(name: string, birthDate: string): string {
	const words = name
		.normalize("NFKD")
		.replace(/\p{M}/gu, "")
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean)
		.sort();
	return `${birthDate} ${words.join(" ")}`;
}
