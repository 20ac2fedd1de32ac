import { describe, expect, it } from "vitest";
import { signupKeys, signupOfTicket, ticketFor } from "../../src/server/registration/links";
import { personKey } from "../../src/server/registration/person";
import { maskEmail } from "../../src/server/registration/signups";

describe("personKey", () => {
	it("is one person however the name is spelled: case, diacritics, spaces, punctuation, word order", () => {
		const key = personKey("Jana Nováková", "1990-03-15");
		for (const name of ["jana novakova", "  NOVÁKOVÁ   Jana ", "Nováková, Jana", "Jana\tNováková."])
			expect(personKey(name, "1990-03-15"), name).toBe(key);
	});

	it("tells apart another birth date, another name, and a double-barrelled one", () => {
		const key = personKey("Jana Nováková", "1990-03-15");
		expect(personKey("Jana Nováková", "1990-03-16")).not.toBe(key);
		expect(personKey("Jan Novák", "1990-03-15")).not.toBe(key);
		expect(personKey("Jana Nováková Svobodová", "1990-03-15")).not.toBe(key);
	});
});

describe("maskEmail", () => {
	it("keeps the domain whole (where typos show) and little of the mailbox", () => {
		expect(maskEmail("jana.novakova@gmial.com")).toBe("ja•••a@gmial.com");
		expect(maskEmail("ab@example.cz")).toBe("a•••@example.cz");
		expect(maskEmail("žofie@seznam.cz")).toBe("žo•••e@seznam.cz");
	});
});

describe("the signup ticket", () => {
	const keys = signupKeys("a secret of the server");
	const id = "7c6f3f0e-5d0a-4f3b-9a43-2b1d5c0e9f11";

	it("names its signup", () => {
		expect(signupOfTicket(keys, ticketFor(keys, id))).toBe(id);
	});

	it("is refused when forged, made with another secret, or malformed", () => {
		const other = ticketFor(signupKeys("another secret"), id);
		const forged = ticketFor(keys, id).replace(id, "7c6f3f0e-5d0a-4f3b-9a43-2b1d5c0e9f12");
		for (const ticket of [other, forged, "", undefined, `${id}.`, "x".repeat(80)])
			expect(signupOfTicket(keys, ticket), String(ticket)).toBeUndefined();
	});
});
