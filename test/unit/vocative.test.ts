import { describe, expect, it } from "vitest";
import { czechVocative } from "../../src/server/registration/vocative";

describe("Czech vocative of a full name", () => {
	it.each([
		["Jana Nováková", "Jano Nováková"],
		["Petr Svoboda", "Petře Svobodo"],
		["Tomáš Marek", "Tomáši Marku"],
		["Jan Novák", "Jane Nováku"],
		["Jiří Černý", "Jiří Černý"],
		["Marie Svobodová", "Marie Svobodová"],
		["Zdeněk Dvořák", "Zdeňku Dvořáku"],
		["Pavel Němec", "Pavle Němče"],
		["Lenka Procházková", "Lenko Procházková"],
		["Dagmar Dvořáková", "Dagmar Dvořáková"],
	])("greets %s as %s", (name, greeting) => {
		expect(czechVocative(name)).toBe(greeting);
	});

	it("declines a name typed surname first", () => {
		expect(czechVocative("Nováková Jana")).toBe("Nováková Jano");
		expect(czechVocative("Novák Jan")).toBe("Nováku Jane");
	});

	it("declines a one-word name", () => {
		expect(czechVocative("Petr")).toBe("Petře");
		expect(czechVocative("Jana")).toBe("Jano");
		expect(czechVocative("Nováková")).toBe("Nováková");
	});

	it("joins the words with single spaces, whatever spacing was typed", () => {
		expect(czechVocative("  Jana \t  Nováková \n")).toBe("Jano Nováková");
		expect(czechVocative("")).toBe("");
		expect(czechVocative("   ")).toBe("");
	});

	it("keeps the capitalisation typed", () => {
		expect(czechVocative("JANA NOVÁKOVÁ")).toBe("JANO NOVÁKOVÁ");
		expect(czechVocative("petr svoboda")).toBe("petře svobodo");
	});

	it("treats the whole name as a woman's when any word is one (a woman's surname stays)", () => {
		expect(czechVocative("Mary Jane Smith")).toBe("Mary Jane Smith");
		expect(czechVocative("Nguyen Thi Lan")).toBe("Nguyen Thi Lan");
		expect(czechVocative("Jana Nováková-Svobodová")).toBe("Jano Nováková-Svobodová");
	});

	it("declines a foreign man's name as Czech letters do", () => {
		expect(czechVocative("John Smith")).toBe("Johne Smithe");
	});

	it("leaves what the package cannot decline as typed", () => {
		expect(czechVocative("Ing. Petr Svoboda")).toBe("Ing. Petře Svobodo");
		expect(czechVocative("Jan Novák ml.")).toBe("Jane Nováku ml.");
		expect(czechVocative("Иван Петров")).toBe("Иван Петров");
		expect(czechVocative("王伟")).toBe("王伟");
	});

	it("composes decomposed letters before declining (NFC)", () => {
		expect(czechVocative("Toma\u0301s\u030c Marek")).toBe("Tomáši Marku");
	});
});
