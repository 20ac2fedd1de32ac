/**
 * dist/nette-forms.js against the original netteForms.js 3.5.3, in Chromium: the same forms with the same
 * values through Nette's API (validateForm by form and by button, validateControl, getValue,
 * getEffectiveValue, toggleForm) must give the same verdicts, messages and toggles; where we differ on
 * purpose (README.md, "Nette Forms compatibility") the difference is asserted. Then the behaviour on
 * the page: initOnLoad, the modal on submit, focus after it, an author's novalidate, noInit.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

type Values = Record<string, unknown>;
interface Scenario {
	name: string;
	html: string;
	variants: Values[];
}

const r = (rules: unknown[]) => `data-nette-rules='${JSON.stringify(rules).replaceAll("'", "&#39;")}'`;
const filled = (msg: string) => ({ op: ":filled", msg });

const SCENARIOS: Scenario[] = [
	{
		name: "text rules",
		html: `<input name="email" ${r([filled("E-mail!"), { op: ":email", msg: "%value není e-mail." }])}>
			<input name="age" ${r([
				{ op: ":integer", msg: "Celé číslo." },
				{ op: ":range", msg: "Od 18 do 120.", arg: [18, 120] },
			])}>
			<input name="price" ${r([
				{ op: ":float", msg: "Číslo." },
				{ op: ":min", msg: "Aspoň 0,5.", arg: 0.5 },
			])}>
			<input name="code" ${r([
				{ op: ":pattern", msg: "Tři písmena.", arg: "[a-z]{3}" },
				{ op: ":maxLength", msg: "Max 3.", arg: 3 },
			])}>
			<input name="re" ${r([{ op: ":regexp", msg: "Regexp.", arg: "/^a+$/i" }])}>
			<input name="nick" ${r([
				{ op: ":length", msg: "Délka 2–4.", arg: [2, 4] },
				{ op: "~:equal", msg: "Ne admin.", arg: "admin" },
			])}>
			<textarea name="note" ${r([{ op: ":minLength", msg: "Aspoň 3 znaky.", arg: 3 }])}></textarea>`,
		variants: [
			{},
			{ email: "jana@example.cz", age: "30", price: "1,5", code: "abc", re: "AAA", nick: "ok", note: "abc" },
			{ email: "bad", age: "5", price: " 1 000,5 ", code: "abcd", re: "b", nick: "admin", note: "ab" },
			{ email: " x@y.cz ", age: "x", price: "0,1", code: "ab1", re: "a", nick: "x", note: "a\nb" },
			{ email: "a@b", age: "120", price: "-3", code: "ABC", nick: "12345" },
		],
	},
	{
		name: "another control as argument",
		html: `<input name="password" ${r([filled("Heslo!")])}>
			<input name="confirm" ${r([{ op: ":equal", msg: "Hesla se liší.", arg: { control: "password" } }])}>
			<input name="max" value="10"><input name="n" ${r([{ op: ":max", msg: "Nejvýš %0.", arg: { control: "max" } }])}>`,
		variants: [{}, { password: "a", confirm: "a", n: "5" }, { password: "a", confirm: "b", n: "50" }],
	},
	{
		name: "checkboxes, lists and selects",
		html: `<input type="checkbox" name="agree" ${r([filled("Souhlas!")])}>
			<input type="checkbox" name="tags[]" value="a" ${r([{ op: ":minLength", msg: "Aspoň 2.", arg: 2 }])}>
			<input type="checkbox" name="tags[]" value="b"><input type="checkbox" name="tags[]" value="c">
			<input type="radio" name="size" value="S" ${r([filled("Velikost!")])}><input type="radio" name="size" value="M">
			<select name="store" ${r([filled("Prodejna!")])}><option value="">—</option><option value="1">Brno</option></select>
			<select name="days[]" multiple ${r([{ op: ":maxLength", msg: "Nejvýš 2 dny.", arg: 2 }])}>
			<option value="po">po</option><option value="út">út</option><option value="st">st</option></select>`,
		variants: [
			{},
			{ agree: true, "tags[]": ["a", "c"], size: "M", store: "1", "days[]": ["po"] },
			{ agree: false, "tags[]": ["b"], size: "S", store: "", "days[]": ["po", "út", "st"] },
		],
	},
	{
		name: "conditions, negation, blank, disabled, empty value",
		html: `<input type="checkbox" name="company" ${r([{ op: ":equal", arg: true, rules: [], toggle: { "company-box": true } }])}>
			<div id="company-box"><input name="ico" ${r([{ op: ":equal", control: "company", arg: true, rules: [filled("IČO!"), { op: ":pattern", msg: "8 číslic.", arg: "\\d{8}" }] }])}></div>
			<input name="phone" ${r([
				{ op: ":blank", rules: [], toggle: { "phone-hint": true } },
				{ op: "~:blank", rules: [{ op: ":pattern", msg: "Telefon.", arg: "[0-9 ]+" }] },
			])}>
			<p id="phone-hint">Telefon je dobrovolný.</p>
			<input name="off" disabled ${r([filled("Nikdy.")])}>
			<input name="web" data-nette-empty-value="http://" value="http://" ${r([{ op: ":url", msg: "Adresa." }])}>`,
		variants: [
			{},
			{ company: true },
			{ company: true, ico: "1234567" },
			{ company: true, ico: "12345678", phone: "x" },
			{ phone: "123 456", web: "http://a.cz" },
		],
	},
	{
		name: "files",
		html: `<input type="file" name="photo" multiple ${r([
			{ op: ":fileSize", msg: "Max 100 B.", arg: 100 },
			{ op: ":image", msg: "Obrázek." },
		])}>
			<input type="file" name="doc" ${r([filled("Soubor!"), { op: ":mimeType", msg: "PDF.", arg: "application/pdf" }])}>`,
		variants: [
			{},
			{
				photo: [{ name: "a.png", size: 10, type: "image/png" }],
				doc: [{ name: "a.pdf", size: 5, type: "application/pdf" }],
			},
			{
				photo: [{ name: "a.png", size: 500, type: "image/png" }],
				doc: [{ name: "a.txt", size: 5, type: "text/plain" }],
			},
		],
	},
	{
		name: "validation scope",
		html: `<input name="name" ${r([filled("Jméno!")])}>
			<input name="address[city]" ${r([filled("Město!")])}>
			<button name="send">Odeslat</button>
			<button name="back" formnovalidate>Zpět</button>
			<button name="city" formnovalidate data-nette-validation-scope='["address"]'>Město</button>`,
		variants: [{}, { "address[city]": "Brno" }],
	},
];

/** Runs every scenario through window.Nette in the page and returns what Nette's API answered. */
function runScenarios(page: Page, scenarios: Scenario[]) {
	return page.evaluate((scenarios) => {
		type Api = {
			formErrors: { element: Element; message: string }[];
			showFormErrors: unknown;
			initForm(form: HTMLFormElement): void;
			validateForm(sender: Element, onlyCheck?: boolean): boolean;
			validateControl(elem: Element, rules?: unknown, onlyCheck?: boolean): boolean;
			getValue(elem: Element): unknown;
			getEffectiveValue(elem: Element, filter?: boolean): unknown;
		};
		const nette = (window as unknown as { Nette: Api }).Nette;
		nette.showFormErrors = () => {};
		const data = (value: unknown): unknown =>
			value instanceof FileList ? [...value].map((file) => file.name) : value;
		const errors = () => nette.formErrors.map((error) => [error.element.getAttribute("name"), error.message]);
		const area = document.createElement("div");
		document.body.append(area);
		const results: Record<string, unknown> = {};
		for (const scenario of scenarios) {
			scenario.variants.forEach((values, i) => {
				area.innerHTML = `<form>${scenario.html}</form>`;
				const form = area.querySelector("form")!;
				nette.initForm(form);
				for (const [name, value] of Object.entries(values)) {
					const list = Array.isArray(value) ? (value as unknown[]) : [value];
					for (const element of form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)) {
						if (element.type === "checkbox" && !name.endsWith("[]")) element.checked = value === true;
						else if (element.type === "checkbox" || element.type === "radio")
							element.checked = list.includes(element.value);
						else if (element.type === "file") {
							const transfer = new DataTransfer();
							for (const file of list as { name: string; size: number; type: string }[]) {
								transfer.items.add(new File(["x".repeat(file.size)], file.name, { type: file.type }));
							}
							element.files = transfer.files;
						} else if (element instanceof HTMLSelectElement) {
							for (const option of element.options) option.selected = list.includes(option.value);
						} else element.value = String(value);
					}
				}
				// Nette listens on the controls its toggles depend on, so the change is announced by each control.
				for (const element of form.elements) element.dispatchEvent(new Event("change", { bubbles: true }));
				const controls = [...form.elements].filter((element) => element.hasAttribute("data-nette-rules"));
				results[`${scenario.name} #${i}`] = {
					form: [nette.validateForm(form), errors()],
					buttons: [...form.querySelectorAll("button")].map((button) => [
						nette.validateForm(button),
						errors(),
					]),
					controls: controls.map((control) => {
						nette.formErrors = [];
						return [control.getAttribute("name"), nette.validateControl(control), errors()];
					}),
					values: [...form.elements].map((element) => [
						element.getAttribute("name"),
						data(nette.getValue(element)),
						element.matches("input:not([type=radio]):not([type=checkbox]):not([type=file]), textarea")
							? data(nette.getEffectiveValue(element, true))
							: null,
					]),
					hidden: [...area.querySelectorAll("[id]")].map((element) => [
						element.id,
						(element as HTMLElement).hidden,
					]),
				};
			});
		}
		area.remove();
		return results;
	}, scenarios);
}

async function openNette(impl: "original" | "ours", query = ""): Promise<Page> {
	const { page } = await openPage(browser);
	await page.goto(`${origin()}/_fixtures/nette/${impl}${query}`);
	await page.waitForFunction(() => "Nette" in window);
	return page;
}

describe("nette-forms.js against netteForms.js 3.5.3", () => {
	it("defines the same API", async () => {
		const keys = async (impl: "original" | "ours") => {
			const page = await openNette(impl);
			const api = await page.evaluate(() => {
				const nette = (window as unknown as { Nette: Record<string, unknown> }).Nette;
				const names = [
					...[
						"validators",
						"getValue",
						"getEffectiveValue",
						"validateRule",
						"validateControl",
						"validateForm",
					],
					...[
						"addError",
						"showFormErrors",
						"toggleForm",
						"toggleControl",
						"toggle",
						"initForm",
						"initOnLoad",
					],
					...["formErrors", "webalize", "version", "isDisabled", "showModal", "compactCheckboxes"],
				];
				return Object.fromEntries(names.map((name) => [name, typeof nette[name]]));
			});
			const webalize = await page.evaluate(() =>
				(window as unknown as { Nette: { webalize(s: string): string } }).Nette.webalize(
					"Žluťoučký kůň – ÚPĚL!",
				),
			);
			await page.context().close();
			return { api, webalize };
		};
		const [original, ours] = [await keys("original"), await keys("ours")];
		expect(ours).toEqual(original);
		expect(ours.webalize).toBe("zlutoucky-kun-upel");
	});

	it("gives the same verdicts, messages, values and toggles", async () => {
		const original = await openNette("original");
		const ours = await openNette("ours");
		const [expected, actual] = [await runScenarios(original, SCENARIOS), await runScenarios(ours, SCENARIOS)];
		expect(Object.keys(actual).length).toBe(
			SCENARIOS.reduce((sum, scenario) => sum + scenario.variants.length, 0),
		);
		expect(actual).toEqual(expected);
		await original.context().close();
		await ours.context().close();
	});

	it("differs where this site's rules ask or Nette has a bug", async () => {
		const scenarios: Scenario[] = [
			{
				name: "url",
				html: `<input name="web" ${r([{ op: ":url", msg: "Adresa." }])}>`,
				variants: [{ web: "example.com" }],
			},
			{
				name: "webp",
				html: `<input type="file" name="photo" ${r([{ op: ":image", msg: "Obrázek." }])}>`,
				variants: [{ photo: [{ name: "a.webp", size: 1, type: "image/webp" }] }],
			},
			{
				name: "submitted",
				html: `<input name="note" ${r([{ op: ":submitted", control: "preview", rules: [filled("Poznámka!")] }])}>
					<button name="preview">Náhled</button>`,
				variants: [{}],
			},
			{
				name: "plain argument",
				html: `<input name="code" ${r([{ op: ":minLength", msg: "Aspoň %0 znaky.", arg: 3 }])}>`,
				variants: [{ code: "ab" }],
			},
			{
				name: "list value",
				html: `<input type="checkbox" name="tags[]" value="a" ${r([{ op: ":maxLength", msg: "Ne %value.", arg: 1 }])}>
					<input type="checkbox" name="tags[]" value="b">`,
				variants: [{ "tags[]": ["a", "b"] }],
			},
		];
		const original = await openNette("original");
		const ours = await openNette("ours");
		const nette = (await runScenarios(original, scenarios)) as Record<
			string,
			{ form: unknown; buttons: unknown; values: unknown[] }
		>;
		const our = (await runScenarios(ours, scenarios)) as typeof nette;
		// url: this site's rule prefixes http://, Nette 3.1+ https://.
		expect([nette["url #0"]!.values[0], our["url #0"]!.values[0]]).toEqual([
			["web", "example.com", "https://example.com"],
			["web", "example.com", "http://example.com"],
		]);
		// image: this site allows gif, png and jpeg; Nette 3.5.3 also webp.
		expect([nette["webp #0"]!.form, our["webp #0"]!.form]).toEqual([
			[true, []],
			[false, [["photo", "Obrázek."]]],
		]);
		// :submitted: Nette 3.5.3 never knows the submitter; we take the button validateForm was given.
		expect([nette["submitted #0"]!.buttons, our["submitted #0"]!.buttons]).toEqual([
			[[true, []]],
			[[false, [["note", "Poznámka!"]]]],
		]);
		// %0 standing for a plain argument: Nette prints "null", we the argument.
		expect([nette["plain argument #0"]!.form, our["plain argument #0"]!.form]).toEqual([
			[false, [["code", "Aspoň null znaky."]]],
			[false, [["code", "Aspoň 3 znaky."]]],
		]);
		// %value of a list: Nette prints JavaScript's "a,b", we "a, b".
		expect([nette["list value #0"]!.form, our["list value #0"]!.form]).toEqual([
			[false, [["tags[]", "Ne a,b."]]],
			[false, [["tags[]", "Ne a, b."]]],
		]);
		await original.context().close();
		await ours.context().close();
	});

	it("reports a bad number input with the site's message instead of the browser's bubble", async () => {
		const verdict = async (impl: "original" | "ours") => {
			const page = await openNette(impl);
			await page.evaluate(() => {
				document.body.insertAdjacentHTML(
					"beforeend",
					`<form id="num"><input type="number" name="n" aria-label="n" data-nette-rules='[{"op":":integer","msg":"Celé."}]'></form>`,
				);
			});
			await page.focus("#num [name=n]");
			await page.keyboard.type("1e");
			const result = await page.evaluate(() => {
				const nette = (
					window as unknown as {
						Nette: {
							validateForm(f: Element): boolean;
							formErrors: { message: string }[];
							showFormErrors: unknown;
						};
					}
				).Nette;
				nette.showFormErrors = () => {};
				return [
					nette.validateForm(document.querySelector("#num")!),
					nette.formErrors.map((error) => error.message),
				];
			});
			await page.context().close();
			return result;
		};
		expect(await verdict("original")).toEqual([false, []]);
		expect(await verdict("ours")).toEqual([false, ["Zadejte platnou hodnotu."]]);
	});

	it("custom validators and overrides work as on a Nette site", async () => {
		const run = async (impl: "original" | "ours") => {
			const page = await openNette(impl);
			const result = await page.evaluate(() => {
				type Validator = (
					elem: Element,
					arg: unknown,
					value: unknown,
					newValue?: { value: unknown },
				) => unknown;
				const nette = (
					window as unknown as {
						Nette: {
							validators: Record<string, Validator>;
							validateControl(e: Element, r?: unknown, o?: boolean): boolean;
							validateRule(e: Element, op: string, arg: unknown, v?: { value: unknown }): unknown;
						};
					}
				).Nette;
				nette.validators.AppValidators_zip = (_elem, arg, value) =>
					typeof value === "string" && value.startsWith(String(arg));
				const original = nette.validators.email!;
				nette.validators.email = (elem, arg, value) =>
					!!original(elem, arg, value) && String(value).endsWith(".cz");
				document.body.insertAdjacentHTML(
					"beforeend",
					`<form id="custom"><input name="zip" value="602" data-nette-rules='[{"op":"App\\\\Validators::zip","msg":"PSČ.","arg":"6"}]'><input name="mail" value="a@b.com" data-nette-rules='[{"op":":email","msg":"Jen .cz."}]'><input name="n" value="1,5"></form>`,
				);
				const [zip, mail, n] = [...document.querySelectorAll("#custom input")] as HTMLInputElement[];
				const ref = { value: "1,5" as unknown };
				return {
					zip: nette.validateControl(zip!, undefined, true),
					mail: nette.validateControl(mail!, undefined, true),
					rule: [
						nette.validateRule(n!, ":float", null, ref),
						ref.value,
						nette.validateRule(n!, ":integer", null),
						nette.validateRule(n!, ":nope", null),
					],
					filled: nette.validators.filled!(n!, null, ""),
				};
			});
			await page.context().close();
			return result;
		};
		const original = await run("original");
		expect(original).toEqual({ zip: true, mail: false, rule: [true, 1.5, false, null], filled: false });
		expect(await run("ours")).toEqual(original);
	});

	it("takes validators called without an element, as Nette's own tests call them", async () => {
		const run = async (impl: "original" | "ours") => {
			const page = await openNette(impl);
			const result = await page.evaluate(() => {
				type Validator = (elem: unknown, arg: unknown, val?: unknown, v?: { value: unknown }) => unknown;
				const is = (window as unknown as { Nette: { validators: Record<string, Validator> } }).Nette
					.validators;
				// Each call on its own, so that one throwing names itself instead of failing the others.
				const call = (f: () => unknown): unknown => {
					try {
						return f();
					} catch (error) {
						return `threw: ${(error as Error).message}`;
					}
				};
				const time = document.createElement("input");
				time.type = "time";
				const v = { value: null as unknown };
				const same = [
					call(() => is.equal!(null, "", "")),
					call(() => is.equal!(null, 0, "")),
					call(() => is.min!(null, 0, "")),
					call(() => is.min!(null, 0, "0")),
					call(() => is.max!(null, 0, "")),
					call(() => is.max!(null, 0, "-1")),
					call(() => is.email!(null, null, "")),
					call(() => is.email!(null, null, "jana@example.cz")),
					call(() => is.static!(null, true)),
					call(() => is.static!(null, false)),
					// range is the one that reads the element: its type.
					call(() => is.range!(time, ["22:00", "06:00"], "05:00")),
					// A url that fails leaves the travelling value alone.
					call(() => is.url!(null, null, "", v)),
					v.value,
				];
				return { same, url: [call(() => is.url!(null, null, "nette.org", v)), v.value] };
			});
			await page.context().close();
			return result;
		};
		const original = await run("original");
		expect(original).toEqual({
			same: [true, false, false, true, false, true, false, true, true, false, true, false, null],
			url: [true, "https://nette.org"],
		});
		const ours = await run("ours");
		expect(ours.same).toEqual(original.same);
		// The one difference (README.md): this site's rule prefixes http://, Nette 3.1+ https://.
		expect(ours.url).toEqual([true, "http://nette.org"]);
	});

	it("reads the element's own rules when validateControl or toggleControl is given null", async () => {
		const run = async (impl: "original" | "ours") => {
			const page = await openNette(impl);
			const result = await page.evaluate(() => {
				const nette = (
					window as unknown as {
						Nette: {
							formErrors: { element: Element; message: string }[];
							validateControl(e: Element, rules: unknown, onlyCheck?: boolean): boolean;
							toggleControl(e: Element, rules: unknown): boolean;
						};
					}
				).Nette;
				document.body.insertAdjacentHTML(
					"beforeend",
					`<form id="nulls"><input name="name" data-nette-rules='[{"op":":filled","msg":"Jméno!"}]'>
					<input type="checkbox" name="more" data-nette-rules='[{"op":":equal","arg":true,"rules":[],"toggle":{"more-box":true}}]'></form>`,
				);
				const [name, more] = [...document.querySelectorAll("#nulls input")] as HTMLInputElement[];
				const errors = () =>
					nette.formErrors.map((error) => [error.element.getAttribute("name"), error.message]);
				nette.formErrors = [];
				const empty = [
					nette.validateControl(name!, null, true),
					errors(),
					nette.validateControl(name!, undefined, true),
					nette.validateControl(name!, null),
					errors(),
					nette.toggleControl(more!, null),
				];
				name!.value = "Jana";
				return [...empty, nette.validateControl(name!, null, true)];
			});
			await page.context().close();
			return result;
		};
		const original = await run("original");
		expect(original).toEqual([false, [], false, false, [["name", "Jméno!"]], true, true]);
		expect(await run("ours")).toEqual(original);
	});

	it("has our EAN-13 rule under the name of the PHP callable Lumen\\Validators::ean13", async () => {
		const page = await openNette("ours");
		const verdicts = await page.evaluate(() => {
			const nette = (
				window as unknown as { Nette: { validateControl(e: Element, r?: unknown, o?: boolean): boolean } }
			).Nette;
			document.body.insertAdjacentHTML(
				"beforeend",
				`<form id="ean">${["4006381333931", "4006381333932", "400638133393"]
					.map(
						(code) =>
							`<input name="c${code}" value="${code}" data-nette-rules='[{"op":"Lumen\\\\Validators::ean13","msg":"EAN."}]'>`,
					)
					.join("")}</form>`,
			);
			return [...document.querySelectorAll("#ean input")].map((input) =>
				nette.validateControl(input, undefined, true),
			);
		});
		expect(verdicts).toEqual([true, false, false]);
		await page.context().close();
	});
});

describe("nette-forms.js on the page", () => {
	const submitInvalid = async (impl: "original" | "ours") => {
		const page = await openNette(impl);
		await page.check("[name=more]");
		const toggled = await page.isVisible("#more-box");
		await page.uncheck("[name=more]");
		await page.click("button[name=send]");
		const dialog = await page.waitForSelector("dialog.netteFormsModal");
		// innerText: the line breaks Nette puts between the messages, as the user sees them.
		// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is compared.
		const text = await dialog.evaluate((element) => (element as HTMLElement).innerText.trim());
		await page.click("dialog.netteFormsModal button");
		const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
		const hidden = await page.isHidden("#more-box");
		// An author's novalidate: Nette leaves the form alone.
		await page.click("#opted-out button");
		await page.waitForSelector("#sent");
		await page.context().close();
		return { toggled, text, focused, hidden };
	};

	it("starts the page's forms on load, shows the errors in Nette's modal and focuses the first field after it", async () => {
		const original = await submitInvalid("original");
		expect(original).toMatchObject({ toggled: true, focused: "name", hidden: true });
		expect(original.text).toMatch(/^Vyplňte jméno\.\nVyplňte e-mail\.\s+OK$/);
		expect(await submitInvalid("ours")).toEqual(original);
	});

	it("leaves the page alone with Nette.noInit", async () => {
		for (const impl of ["original", "ours"] as const) {
			const page = await openNette(impl, "?noInit=1");
			expect(
				await page.evaluate(() => (document.querySelector("#nette-form") as HTMLFormElement).noValidate),
			).toBe(false);
			await page.context().close();
		}
	});
});
