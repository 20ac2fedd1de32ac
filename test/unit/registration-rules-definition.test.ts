/**
 * The registration's rules have one definition (src/domain/registration/rules.ts): the rules the browser
 * gets (data-nette-rules), the server's validation of the same rules, the server's own checks and the
 * texts that quote the age all follow it. Changing the age limit is a change of that one value.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const RULES = "../../src/domain/registration/rules";
const TODAY = "2026-03-10";
const STORES = [{ value: "s1", label: "Store" }];

/** A valid registration but for what `given` says, as the form sends it. */
const entries = (given: { birthDate?: string; name?: string }) =>
	new Map(
		Object.entries({
			name: [given.name ?? "Jana Nováková"],
			email: ["jana@example.cz"],
			birthDate: [given.birthDate ?? "1990-12-24"],
			phone: [""],
			store: ["s1"],
			terms: ["on"],
		}),
	);

/** Loads the modules that read the rules afresh, with the rules' definition as `rules` says. */
async function withRules(rules?: { minAge?: number; nameMaxLength?: number }) {
	vi.resetModules();
	if (rules) {
		vi.doMock(RULES, async (importOriginal) => {
			const real = await importOriginal<typeof import("../../src/domain/registration/rules")>();
			return { REGISTRATION_RULES: { ...real.REGISTRATION_RULES, ...rules } };
		});
	}
	const form = await import("../../src/domain/registration/register-form");
	const { validateSubmission } = await import("../../src/server/forms");
	const { validators } = await import("../../src/validation");
	const { MESSAGES } = await import("../../src/i18n/site-texts");
	const { HOME_TEXTS } = await import("../../src/i18n/home");
	const registration = form.registerForm(TODAY, STORES);

	/** What the browser does with the rendered rules: the age rule's pattern, and its message. */
	const browserAge = (shown: string) => {
		const rule = JSON.parse(registration.rulesJson("birthDate", "en") ?? "[]").find(
			(each: { msg: string }) => each.msg === MESSAGES.en.register.tooYoung,
		);
		return validators.pattern?.(shown, rule.arg, undefined as never) === true;
	};
	/** The server's first objection to a registration: the form's rules, then its own checks. */
	const server = (given: { birthDate?: string; name?: string }): string | undefined => {
		const submission = validateSubmission(registration, entries(given), "en");
		if (!submission.valid) return Object.values(submission.state.errors)[0];
		const checked = form.checkRegistration(submission.values, TODAY, "en");
		return checked.ok ? undefined : Object.values(checked.errors)[0];
	};
	return { registration, browserAge, server, MESSAGES, HOME_TEXTS };
}

afterEach(() => {
	vi.doUnmock(RULES);
	vi.resetModules();
});

describe("the registration's rules, defined once", () => {
	it("hold at 18 in the browser's rules, the server's checks and the texts", async () => {
		const { browserAge, server, MESSAGES } = await withRules();
		expect(browserAge("10. 3. 2008")).toBe(true);
		expect(browserAge("11/03/2008")).toBe(false);
		expect(server({ birthDate: "2008-03-10" })).toBeUndefined();
		expect(server({ birthDate: "2008-03-11" })).toBe(MESSAGES.en.register.tooYoung);
		expect(MESSAGES.en.register.tooYoung).toContain("18");
	});

	it("move to 21 together when the one definition says 21", async () => {
		const { browserAge, server, MESSAGES, HOME_TEXTS } = await withRules({ minAge: 21 });
		// Born 10 March 2005: 21 on 10 March 2026; a day later: 20.
		expect(browserAge("10. 3. 2005")).toBe(true);
		expect(browserAge("2005-03-11")).toBe(false);
		expect(browserAge("10. 3. 2008")).toBe(false);
		expect(server({ birthDate: "2005-03-10" })).toBeUndefined();
		expect(server({ birthDate: "2005-03-11" })).toBe(MESSAGES.en.register.tooYoung);
		expect(server({ birthDate: "2008-03-10" })).toBe(MESSAGES.en.register.tooYoung);
		for (const lang of ["cs", "en"] as const) {
			expect(MESSAGES[lang].register.tooYoung).toContain("21");
			expect(MESSAGES[lang].register.points[0]).toContain("21");
			const quoted = JSON.stringify(HOME_TEXTS[lang]);
			expect(quoted).toContain(" 21 ");
			expect(quoted).not.toMatch(/\b18 (let|or|and)\b/);
		}
	});

	it("give the name's limit to the browser's maxlength rule and the server alike", async () => {
		const { registration, server } = await withRules({ nameMaxLength: 20 });
		const name = JSON.parse(registration.rulesJson("name", "en") ?? "[]");
		expect(name).toContainEqual(expect.objectContaining({ op: ":maxLength", arg: 20 }));
		expect(server({ name: "J".repeat(20) })).toBeUndefined();
		expect(server({ name: "J".repeat(21) })).toBe("Your name can be at most 20 characters long.");
	});
});
