/**
 * The runtime's texts (src/browser/ajax/runtime-texts.ts): one table per language picked by `<html lang>`,
 * English for any language without a table, and `setMessages` adding or overriding a language.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { message, setMessages } from "../../src/browser/ajax/runtime-texts";

const onPage = (lang: string) => vi.stubGlobal("document", { documentElement: { lang } });

afterEach(() => {
	vi.unstubAllGlobals();
});

describe("runtime texts", () => {
	it("speaks Czech on Czech pages (also cs-CZ) and English on any other, ajax and forms alike", () => {
		onPage("cs-CZ");
		expect([message("retry"), message("summary")]).toEqual(["Zkusit znovu", "Opravte prosím tyto chyby:"]);
		for (const lang of ["de", "", "en-GB"]) {
			onPage(lang);
			expect([message("retry"), message("summary")]).toEqual(["Try again", "Please correct the following:"]);
		}
	});

	it("adds a language with setMessages, English for the texts its table leaves out", () => {
		setMessages("de", { retry: "Erneut versuchen", summary: "Bitte korrigieren Sie:" });
		onPage("de-AT");
		expect([message("retry"), message("summary"), message("close")]).toEqual([
			"Erneut versuchen",
			"Bitte korrigieren Sie:",
			"Close",
		]);
	});

	it("overrides texts of a shipped language, keeping its others", () => {
		setMessages("cs", { retry: "Znovu" });
		onPage("cs");
		expect([message("retry"), message("close")]).toEqual(["Znovu", "Zavřít"]);
	});
});
