/** The markup of a defined form: the contract the browser runtime reads (docs/markup-contract.md). */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Lang } from "../../src/i18n";
import { SiteContext } from "../../src/render/site-context";
import {
	defineForm,
	EMPTY_STATE,
	Form,
	type FormState,
	field,
	rule,
	validateSubmission,
} from "../../src/server/forms";
import { testSite } from "../helpers/site";

const site = (lang: Lang = "cs") => testSite({ basePath: "/campaign", lang, path: "/register" });

const form = defineForm("reg", {
	email: field.email({
		label: "E-mail",
		description: "We send the voucher there.",
		required: "Enter your e-mail.",
		autocomplete: "email",
		rules: [rule.maxLength(100)],
	}),
	size: field.radioList({
		label: "Size",
		required: "Choose a size.",
		options: [
			{ value: "s", label: "Small" },
			{ value: "m", label: "Medium" },
		],
	}),
	note: field.textarea({ label: "Note" }),
	photo: field.file({ label: "Photo" }),
	send: field.submit({ label: "Send" }),
	back: field.submit({ label: "Back", validationScope: [] }),
});

const render = (state: FormState = EMPTY_STATE, lang: Lang = "cs") =>
	renderToString(
		<SiteContext value={site(lang)}>
			<Form form={form} action="/register" state={state} csrfToken="t0k" ajax />
		</SiteContext>,
	);

/** The opening tag of the element with this id. */
const tag = (html: string, id: string) => new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
/** React writes some names in camelCase (encType, inputMode): HTML does not mind. */
const attr = (html: string, name: string) => new RegExp(` ${name}="([^"]*)"`, "i").exec(html)?.[1];
const decodeEntities = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe("form markup", () => {
	it("posts under the base path, multipart when it has files, ajax on request, with the CSRF field", () => {
		const html = render();
		const formTag = /<form[^>]*>/.exec(html)?.[0] ?? "";
		expect(attr(formTag, "action")).toBe("/campaign/register");
		expect(attr(formTag, "method")).toBe("post");
		expect(attr(formTag, "enctype")).toBe("multipart/form-data");
		expect(attr(formTag, "class")).toBe("form ajax");
		// The runtime takes validation over itself; novalidate would opt the form out of it.
		expect(formTag).not.toContain("novalidate");
		expect(html).toContain('<input type="hidden" name="_csrf" value="t0k"/>');
		expect(html).not.toContain('class="form-summary"');
	});

	it("puts the exported rules, requirement, autocomplete and descriptions on the control", () => {
		const html = render();
		const email = tag(html, "frm-reg-email");
		expect(decodeEntities(attr(email, "data-nette-rules") ?? "")).toBe(form.rulesJson("email", "cs"));
		expect(attr(email, "aria-required")).toBe("true");
		expect(attr(email, "autocomplete")).toBe("email");
		expect(attr(email, "inputmode")).toBe("email");
		expect(attr(email, "maxlength")).toBe("100");
		expect(email).not.toMatch(/ required| type="email"/);
		expect(attr(email, "aria-describedby")).toBe("frm-reg-email-description frm-reg-email-error");
		expect(tag(html, "frm-reg-email-description")).toContain("form-item__description");
		expect(html).toMatch(
			/<label class="form-item__label" for="frm-reg-email">E-mail<span[^>]*aria-hidden="true"> \*/,
		);
	});

	it("takes keyboard hints, a clear button, a select's arrow and more form attributes", () => {
		const keyboard = defineForm("kb", {
			q: field.search({ label: "Hledat", enterKeyHint: "search", clearable: true }),
			code: field.text({ label: "Kód", inputMode: "numeric", clearable: { cs: "Smazat kód", en: "Clear" } }),
			age: field.integer({ label: "Věk", inputMode: "text" }),
			one: field.select({ label: "Jeden", options: [{ value: "a", label: "A" }] }),
			many: field.multiSelect({ label: "Více", options: [{ value: "a", label: "A" }] }),
		});
		const html = renderToString(
			<SiteContext value={site()}>
				<Form form={keyboard} action="/find" method="get" attributes={{ "data-autosubmit": "" }} />
			</SiteContext>,
		);
		expect(attr(/<form[^>]*>/.exec(html)?.[0] ?? "", "data-autosubmit")).toBe("");
		expect(attr(tag(html, "frm-kb-q"), "enterkeyhint")).toBe("search");
		expect(attr(tag(html, "frm-kb-q"), "inputmode")).toBeUndefined();
		expect(attr(tag(html, "frm-kb-code"), "inputmode")).toBe("numeric");
		expect(attr(tag(html, "frm-kb-age"), "inputmode")).toBe("text");
		// The text-input component reveals the buttons; they name the field they clear.
		expect(html).toContain('aria-label="Vymazat pole" aria-controls="frm-kb-q" hidden=""');
		expect(html).toContain('aria-label="Smazat kód" aria-controls="frm-kb-code" hidden=""');
		expect(html.match(/text-input__clear/g)).toHaveLength(2);
		// A multiple select has no arrow to draw.
		expect(html.match(/dropdown-select__chevron/g)).toHaveLength(1);
	});

	it("carries a list's rules on its first item, and its error block is named after that item", () => {
		const html = render();
		const rules = attr(tag(html, "frm-reg-size-0"), "data-nette-rules") ?? "null";
		expect(JSON.parse(rules.replaceAll("&quot;", '"'))).toEqual([{ op: ":filled", msg: "Choose a size." }]);
		expect(attr(tag(html, "frm-reg-size-1"), "data-nette-rules")).toBeUndefined();
		expect(attr(tag(html, "frm-reg-size-1"), "aria-describedby")).toBe("frm-reg-size-0-error");
		expect(attr(tag(html, "frm-reg-size-0"), "name")).toBe("size");
		expect(html).toMatch(/<legend[^>]*>Size<span[^>]*> \*<\/span><span class="visually-hidden"> \(povinné\)/);
	});

	it("renders submit buttons with their id (focus returns to it after an ajax redraw) and validation scope", () => {
		const html = render();
		expect(html).toContain(
			'<button type="submit" id="frm-reg-send" class="button button--primary" name="send">Send</button>',
		);
		const back = /<button[^>]*name="back"[^>]*>/.exec(html)?.[0] ?? "";
		expect(attr(back, "formnovalidate")).toBe("");
		expect(attr(back, "data-nette-validation-scope")).toBe("[]");
	});

	it("renders a failed submission: values, errors next to fields, and a summary linking to them", () => {
		const result = validateSubmission(
			form,
			new Map([
				["email", ["not-an-e-mail"]],
				["note", ["\nfirst line kept\r\nsecond"]],
			]),
			"en",
		);
		if (result.valid) throw new Error("expected errors");
		const html = render(result.state, "en");
		const email = tag(html, "frm-reg-email");
		expect(attr(email, "value")).toBe("not-an-e-mail");
		expect(attr(email, "aria-invalid")).toBe("true");
		expect(attr(email, "data-nette-error")).toBe("Please enter a valid email address.");
		expect(html).toContain('id="frm-reg-email-error">Please enter a valid email address.</p>');
		expect(html).toMatch(/class="form-item text-input is-filled has-error"/);
		expect(attr(tag(html, "frm-reg-size-0"), "aria-invalid")).toBe("true");
		expect(html).toContain('id="frm-reg-size-0-error">Choose a size.</p>');
		// The summary is the form's first child, as the browser's own summary that replaces it.
		expect(html).toMatch(
			/<form[^>]*><div class="form-summary" role="alert"><p class="form-summary__title">Please correct the following:<\/p><ul><li><a href="#frm-reg-email">Please enter a valid email address.<\/a><\/li><li><a href="#frm-reg-size-0">Choose a size.<\/a><\/li><\/ul><\/div>/,
		);
		// The HTML parser drops a textarea's first line break: React writes one more.
		expect(html).toContain(">\n\nfirst line kept\nsecond</textarea>");
	});

	it("shows form-level errors without a link", () => {
		const html = render({ ...EMPTY_STATE, formErrors: ["Too large."] });
		expect(html).toContain("<ul><li>Too large.</li></ul>");
	});
});
