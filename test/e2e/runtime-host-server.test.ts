/**
 * The runtime on another server's pages (issue 24, runtime half): a plain Node `http` server in this file
 * renders Nette-style HTML strings and answers Naja-style payloads, with no `Vary` header and no cache
 * headers, and serves the kit's runtime and nette-forms.js (dist/kit, `npm run build:kit`) under /kit/:
 * these features are compiled into the kit only (`__KIT__`). Covered: `window.Nette` shared with the
 * runtime (custom validators, showFormErrors, events, the drop-in beside the runtime in either order, a
 * form a script adds and starts with `Nette.initForm` left to the runtime, an unknown op skipped),
 * Nette's error markup, ajax parity with Naja (no stale JSON on Back, redirects, nonce scripts,
 * `payload.url`) and the fallback language. The development warning about an unknown op is checked in
 * the kit's development build (dist/kit/dev/).
 */
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, waitForRuntime } from "../helpers/browser";
import { KIT_DIR } from "./kit-support";

declare global {
	interface Window {
		/** Set by the pages' and snippets' scripts. */
		ran?: number;
		foreignRan?: boolean;
		shown?: string[];
		/** What the page's Nette.toggle was asked, as "selector visible". */
		toggled?: string[];
		invalid?: string[];
		valid?: boolean;
		samePage?: boolean;
		loadedBeforeRuntime?: boolean;
		/** The name of the error setErrorClass threw for a bad name. */
		refused?: string;
		/** The page's script that inserts a form and starts it with Nette.initForm. */
		addForm?: () => void;
	}
}
interface NetteApi {
	validateControl(elem: Element | null, rules: null, onlyCheck: boolean): boolean;
}

const NONCE = "host-nonce-123";
const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css" };

let browser: Browser;
let server: Server;
let base: string;
/** The other origin: a second listener on the same server, reached by another host name. */
let foreign: string;
/** Requests for pages and payloads the server saw, as "ajax /path" (X-Requested-With) or "page /path". */
const seen: string[] = [];

/** The kit's runtime, or its development build (it warns). */
const RUNTIME = { kit: "/kit/runtime.js", dev: "/kit/dev/runtime.js" };

interface PageOptions {
	lang?: string;
	/** false: the page loads runtime.js itself, later. */
	runtime?: boolean;
	build?: keyof typeof RUNTIME;
	head?: string;
	body: string;
}

const page = ({
	lang = "cs",
	runtime = true,
	build = "kit",
	head = "",
	body,
}: PageOptions) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Host</title>
${runtime ? `<script type="module" src="${RUNTIME[build]}" nonce="${NONCE}"></script>` : ""}${head}</head>
<body>${body}</body></html>`;

const rules = (list: unknown[]) => `data-nette-rules='${JSON.stringify(list)}'`;
const filled = { op: ":filled", msg: "Vyplňte PSČ." };
const zip = { op: "App\\Validators::zip", msg: "PSČ má pět číslic." };
const zipValidator = `<script type="module" nonce="${NONCE}">
	Nette.validators.AppValidators_zip = (elem, arg, value) => /^\\d{3} ?\\d{2}$/.test(value);
</script>`;
/** A Nette table form, as Nette's default renderer writes it. */
const zipForm = (attributes = "", error = "") => `<form id="f" action="/sent" method="post" ${attributes}>
	<table><tr><th><label for="frm-zip">PSČ</label></th>
	<td><input type="text" name="zip" id="frm-zip" ${rules([filled, zip])}${error ? ` data-nette-error="" value="1"` : ""}>${error ? `<span class="error">${error}</span>` : ""}</td></tr>
	<tr><td colspan="2"><input type="submit" name="send" value="Odeslat"></td></tr></table></form>`;

/**
 * A form a page's script adds later and starts with `Nette.initForm(form)`, as Nette's documentation has
 * it for forms inserted by script: `addForm` inserts it into #snippet--added, then calls initForm at
 * once, or (`late`) once the runtime has found it (its MutationObserver runs before a later microtask).
 */
const addedForm = (className = "") => `<form id="a" action="/saved" method="post" class="${className}">
	<div class="form-item"><label for="a-name">Jméno</label><input id="a-name" name="name" ${rules([{ op: ":filled", msg: "Vyplňte jméno." }])}></div>
	<button name="save">Uložit</button></form>`;
const addForm = ({ className = "", late = false } = {}) => `<script nonce="${NONCE}">
	window.addForm = async () => {
		document.querySelector("#snippet--added").innerHTML = ${JSON.stringify(addedForm(className))};
		const form = document.querySelector("#a");
		${late ? "await Promise.resolve(); if (!form.noValidate) throw new Error('not found by the runtime');" : ""}
		Nette.initForm(form);
	};
</script>`;
const dropIn = `<script src="/kit/nette-forms.js" nonce="${NONCE}"></script>`;

const list = (n: number) =>
	`<div id="snippet--list"><p>Stránka ${n}</p><a class="ajax" href="/list?page=${n + 1}">Další</a></div>`;

const pages: Record<string, (url: URL, ajax: boolean) => string | object> = {
	"/list": (url, ajax) => {
		const n = Number(url.searchParams.get("page") ?? 1);
		return ajax
			? { snippets: { "snippet--list": list(n).replace(/^<div[^>]*>|<\/div>$/g, "") } }
			: page({ body: `${list(n)}<a id="away" href="/away">Pryč</a>` });
	},
	"/away": () => page({ body: `<p id="away-page">Jinde</p>` }),
	"/other": (_url, ajax) =>
		ajax
			? { snippets: { "snippet--other": "<p>Jiná stránka</p>" } }
			: page({ body: `<div id="snippet--other"><p id="other">Jiná stránka</p></div>` }),
	"/sent": () => page({ body: `<p id="sent">Odesláno</p>` }),
	"/saved": (_url, ajax) =>
		ajax
			? { snippets: { "snippet--added": `<p id="saved">Uloženo</p>` } }
			: page({ body: `<p id="saved">Uloženo</p>` }),
	"/addForm": () => ({ snippets: { "snippet--added": addedForm("ajax") } }),
	"/redirect": (url) => ({
		redirect: url.searchParams.get("to") ?? "/list?page=7",
		forceRedirect: url.searchParams.has("force"),
	}),
	"/scripts": () => ({
		snippets: {
			"snippet--list": `<p>Se skripty</p>
				<script nonce="${NONCE}">window.ran = (window.ran ?? 0) + 1;</script>
				<script>window.foreignRan = true;</script>`,
		},
	}),
	"/moved": () => ({ snippets: { "snippet--list": "<p>Přesunuto</p>" }, url: "/list?page=42" }),
	"/broken": () => "not json",
};

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
	const url = new URL(request.url!, "http://host");
	const ajax = request.headers["x-requested-with"] === "XMLHttpRequest";
	if (url.pathname.startsWith("/kit/")) {
		const file = normalize(join(KIT_DIR, url.pathname.slice("/kit/".length)));
		const body = await readFile(file).catch(() => undefined);
		response.writeHead(body ? 200 : 404, { "content-type": TYPES[extname(file)] ?? "text/plain" });
		response.end(body);
		return;
	}
	const csp = `script-src 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none'`;
	if (url.pathname === "/favicon.ico") return void response.writeHead(404).end();
	seen.push(`${ajax ? "ajax" : "page"} ${url.pathname}`);
	const render = pages[url.pathname];
	const test = url.searchParams.get("test");
	const result = render ? render(url, ajax) : test ? page(TESTS[test]!) : undefined;
	if (result === undefined) {
		response.writeHead(404).end();
	} else if (url.pathname === "/broken" && ajax) {
		response.writeHead(500, { "content-type": "text/plain" }).end();
	} else if (typeof result === "string") {
		response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": csp });
		response.end(result);
	} else {
		response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
	}
}

/**
 * A page script that loads runtime.js after the load event, when nette-forms.js has started the page's
 * forms; `first` runs before.
 */
const runtimeAfterLoad = (first = "") => `<script nonce="${NONCE}">
	addEventListener("load", () => {
		${first}
		const script = document.createElement("script");
		script.type = "module";
		script.src = "/kit/runtime.js";
		document.head.append(script);
	});
</script>`;

/** Pages by `?test=` name. */
const TESTS: Record<string, PageOptions> = {
	zip: { head: zipValidator, body: zipForm() },
	dropInFirst: {
		head: `${dropIn}${zipValidator}`,
		body: `${zipForm()}<div id="snippet--more"></div>`,
	},
	// The runtime comes after the load event, when nette-forms.js has taken the forms over already.
	dropInThenLateRuntime: {
		runtime: false,
		head: dropIn,
		body: `${zipForm()}${runtimeAfterLoad('window.loadedBeforeRuntime = document.querySelector("#f").noValidate;')}`,
	},
	dropInThenLateRuntimeOverride: {
		runtime: false,
		head: `${dropIn}<script nonce="${NONCE}">
			Nette.showFormErrors = () => { sessionStorage.calls = Number(sessionStorage.calls ?? 0) + 1; };
		</script>`,
		body: `${zipForm()}${runtimeAfterLoad()}`,
	},
	dropInAfter: {
		head: `${zipValidator}<script defer src="/kit/nette-forms.js" nonce="${NONCE}"></script>`,
		body: zipForm(),
	},
	// Forms a script adds and starts with Nette.initForm, the runtime on the page.
	initFormDropInFirst: { head: dropIn, body: `<div id="snippet--added"></div>${addForm()}` },
	initFormDropInAfter: {
		head: `<script defer src="/kit/nette-forms.js" nonce="${NONCE}"></script>`,
		body: `<div id="snippet--added"></div>${addForm({ className: "ajax" })}`,
	},
	initFormFoundFirst: { head: dropIn, body: `<div id="snippet--added"></div>${addForm({ late: true })}` },
	// Before the runtime comes (after the load event): nette-forms.js takes the form over, then gives it back.
	initFormThenLateRuntime: {
		runtime: false,
		head: dropIn,
		body: `<div id="snippet--added"></div>${addForm()}${runtimeAfterLoad(
			'window.addForm(); window.loadedBeforeRuntime = document.querySelector("#a").noValidate;',
		)}`,
	},
	// The form comes in an ajax answer's snippet, started by a snippet:updated listener.
	initFormOnSnippetUpdate: {
		head: dropIn,
		body: `<div id="snippet--added"></div><a class="ajax" id="load" href="/addForm">Formulář</a>
			<script nonce="${NONCE}">
				document.addEventListener("snippet:updated", (event) => {
					for (const form of event.target.querySelectorAll("form")) Nette.initForm(form);
				});
			</script>`,
	},
	// A page's own Nette.toggle, as Nette's documentation has it for an animated toggle.
	toggle: {
		head: `<script type="module" nonce="${NONCE}">
			window.toggled = [];
			Nette.toggle = function (selector, visible) {
				window.toggled.push(selector + " " + visible + (this === Nette ? "" : " (not on Nette)"));
				document.getElementById(selector).classList.toggle("shown", visible);
			};
		</script>`,
		body: `<form id="t" action="/sent" method="post">
			<label><input type="checkbox" name="other" ${rules([{ op: ":filled", toggle: { "other-address": true } }])}> Jiná adresa</label>
			<div id="other-address">Adresa</div></form>`,
	},
	showFormErrors: {
		head: `${zipValidator}<script type="module" nonce="${NONCE}">
			Nette.showFormErrors = (form, errors) => { window.shown = errors.map((e) => e.element.name + ": " + e.message); };
		</script>`,
		body: zipForm(),
	},
	events: {
		head: `<script type="module" nonce="${NONCE}">
			document.addEventListener("forms:invalid", (event) => {
				window.invalid = event.detail.map((e) => e.message);
				if (event.target.id === "f") event.preventDefault();
			});
			document.addEventListener("forms:valid", (event) => { event.preventDefault(); window.valid = true; });
		</script>`,
		body: `${zipForm()}<form id="g" action="/sent" method="post" data-error-summary="off">
			<div class="form-item"><label for="g-name">Jméno</label><input id="g-name" name="name" ${rules([{ op: ":filled", msg: "Vyplňte jméno." }])}></div>
			<button name="send">Odeslat</button></form>`,
	},
	unknownOp: { body: zipForm() },
	unknownOpInDevBuild: { build: "dev", body: zipForm() },
	serverError: { body: zipForm("", "Server: špatné PSČ.") },
	errorClass: {
		body: `<form id="f" action="/sent" method="post" data-error-class="field-message">
			<p><label for="n">Jméno</label><input id="n" name="name" ${rules([{ op: ":filled", msg: "Vyplňte jméno." }])}></p>
			<button name="send">Odeslat</button></form>`,
	},
	// The setting from the page's script, for a form without the attribute; another form's own attribute
	// wins over it. A name that is not one class is refused.
	errorClassSetting: {
		head: `<script type="module" nonce="${NONCE}">
			import { setErrorClass } from "/kit/runtime.js";
			try { setErrorClass("two classes"); } catch (error) { window.refused = error.name; }
			setErrorClass("field-message");
		</script>`,
		body: `<form id="f" action="/sent" method="post">
			<p><label for="n">Jméno</label><input id="n" name="name" ${rules([{ op: ":filled", msg: "Vyplňte jméno." }])}></p>
			<button name="send">Odeslat</button></form>
			<form id="g" action="/sent" method="post" data-error-class="own-message">
			<p><label for="m">Město</label><input id="m" name="city" ${rules([{ op: ":filled", msg: "Vyplňte město." }])}></p>
			<button name="send">Odeslat</button></form>`,
	},
	german: {
		lang: "de",
		body: `${zipForm()}<div id="snippet--list"></div><a class="ajax" id="broken" href="/broken">Kaputt</a>`,
	},
	germanTexts: {
		lang: "de",
		head: `<script type="module" nonce="${NONCE}">
			import { setMessages } from "/kit/runtime.js";
			setMessages("de", { failed: "Die Anfrage ist fehlgeschlagen.", summary: "Bitte korrigieren Sie:" });
		</script>`,
		body: `${zipForm()}<div id="snippet--list"></div><a class="ajax" id="broken" href="/broken">Kaputt</a>`,
	},
};

beforeAll(async () => {
	browser = await connectBrowser();
	server = createServer((request, response) => {
		handle(request, response).catch(() => response.writeHead(500).end());
	});
	await new Promise<void>((resolve) => server.listen(0, resolve));
	const { port } = server.address() as AddressInfo;
	base = `http://127.0.0.1:${port}`;
	foreign = `http://localhost:${port}`;
});
afterAll(async () => {
	await browser.close();
	await new Promise((resolve) => server.close(resolve));
});

async function open(path: string): Promise<{ page: Page; messages: string[] }> {
	const { page, messages } = await openPage(browser);
	await page.goto(base + path);
	await waitForRuntime(page);
	return { page, messages };
}

const summaryText = (page: Page) => page.locator(".form-summary li").allTextContents();
const submitZip = async (page: Page, value: string) => {
	await page.fill("#frm-zip", value);
	await page.click("[name=send]");
};

describe("window.Nette and the runtime's validation", () => {
	it("uses a validator the page added to Nette.validators for the op App\\Validators::zip", async () => {
		const { page } = await open("/?test=zip");
		await submitZip(page, "abc");
		await expect.poll(() => summaryText(page)).toEqual(["PSČ má pět číslic."]);
		expect(await page.locator("#frm-zip").getAttribute("aria-invalid")).toBe("true");
		await submitZip(page, "602 00");
		await page.waitForSelector("#sent");
		await page.context().close();
	});

	for (const [name, test] of [
		["loaded before the runtime", "dropInFirst"],
		["loaded after the runtime", "dropInAfter"],
	] as const) {
		it(`leaves validation to the runtime with nette-forms.js ${name}: no modal, the page's validators used`, async () => {
			const { page } = await open(`/?test=${test}`);
			await submitZip(page, "");
			await expect.poll(() => summaryText(page)).toEqual(["Vyplňte PSČ."]);
			await submitZip(page, "12");
			await expect.poll(() => summaryText(page)).toEqual(["PSČ má pět číslic."]);
			expect(await page.locator("dialog").count()).toBe(0);
			// The drop-in's API stays: Nette's own validateControl, with the page's validator.
			expect(
				await page.evaluate(() =>
					(window.Nette as unknown as NetteApi).validateControl(
						document.querySelector("#frm-zip"),
						null,
						true,
					),
				),
			).toBe(false);
			await page.context().close();
		});
	}

	it("takes the forms back from nette-forms.js when the runtime comes after the page has loaded", async () => {
		const { page } = await open("/?test=dropInThenLateRuntime");
		expect(await page.evaluate(() => window.loadedBeforeRuntime)).toBe(true);
		await submitZip(page, "");
		await expect.poll(() => summaryText(page)).toEqual(["Vyplňte PSČ."]);
		expect(await page.locator("dialog").count()).toBe(0);
		await page.context().close();
		// The page's display is called once per submit, valid or not (as Nette does): by the runtime, not by
		// nette-forms.js as well. The count survives the valid form's page load.
		const override = (await open("/?test=dropInThenLateRuntimeOverride")).page;
		const calls = () => override.evaluate(() => sessionStorage.getItem("calls"));
		await submitZip(override, "");
		await expect.poll(calls).toBe("1");
		await submitZip(override, "602 00");
		await override.waitForSelector("#sent");
		expect(await calls()).toBe("2");
		await override.context().close();
	});

	for (const [name, test, start] of [
		["loaded before the runtime, at once", "initFormDropInFirst", "script"],
		["loaded after the runtime, at once, an ajax form", "initFormDropInAfter", "script"],
		["once the runtime has found the form", "initFormFoundFirst", "script"],
		["before the runtime came", "initFormThenLateRuntime", "load"],
		["from a snippet:updated listener, an ajax form", "initFormOnSnippetUpdate", "snippet"],
	] as const) {
		it(`leaves a form a script added and passed to Nette.initForm to the runtime: nette-forms.js ${name}`, async () => {
			const { page } = await open(`/?test=${test}`);
			if (start === "script") await page.evaluate(() => window.addForm!());
			if (start === "snippet") await page.click("#load");
			const form = page.locator("#a");
			await form.waitFor();
			if (start === "load") expect(await page.evaluate(() => window.loadedBeforeRuntime)).toBe(true);
			const ajax = await form.evaluate((element) => element.classList.contains("ajax"));
			await page.evaluate(() => {
				window.samePage = true;
			});
			seen.length = 0;
			await page.click("[name=save]");
			await expect.poll(() => summaryText(page)).toEqual(["Vyplňte jméno."]);
			expect(await page.locator("#a .form-item__error").textContent()).toBe("Vyplňte jméno.");
			expect(await page.locator("dialog").count()).toBe(0);
			await page.fill("#a-name", "Jana");
			await page.click("[name=save]");
			await page.waitForSelector("#saved");
			// Nothing went before the valid submission, which went by ajax for an ajax form.
			expect(seen).toEqual([`${ajax ? "ajax" : "page"} /saved`]);
			expect(await page.evaluate(() => window.samePage)).toBe(ajax || undefined);
			await page.context().close();
		});
	}

	it("hands a submit's errors to the page's Nette.showFormErrors instead of showing them", async () => {
		const { page } = await open("/?test=showFormErrors");
		await submitZip(page, "x");
		await expect.poll(() => page.evaluate(() => window.shown)).toEqual(["zip: PSČ má pět číslic."]);
		expect(await page.locator(".form-summary").count()).toBe(0);
		expect(await page.evaluate(() => window.Nette!.formErrors!.length)).toBe(1);
		await page.context().close();
	});

	it("lets a cancelled forms:invalid replace the display, and data-error-summary=off keep the inline messages only", async () => {
		const { page } = await open("/?test=events");
		await submitZip(page, "");
		await expect.poll(() => page.evaluate(() => window.invalid)).toEqual(["Vyplňte PSČ."]);
		expect(await page.locator("#f .form-summary, #f .form-item__error").count()).toBe(0);
		await page.click("#g [name=send]");
		await expect.poll(() => page.locator("#g .form-item__error").textContent()).toBe("Vyplňte jméno.");
		expect(await page.locator("#g .form-summary").count()).toBe(0);
		// forms:valid cancelled: the page handles the valid form too (it is still submitted).
		await page.fill("#g-name", "Jana");
		await page.click("#g [name=send]");
		await page.waitForSelector("#sent");
		await page.context().close();
	});

	it("shows and hides a toggle's elements with the page's own Nette.toggle, when it has one", async () => {
		const { page } = await open("/?test=toggle");
		await expect.poll(() => page.evaluate(() => window.toggled)).toEqual(["other-address false"]);
		await page.check("[name=other]");
		await expect.poll(() => page.evaluate(() => window.toggled?.at(-1))).toBe("other-address true");
		expect(await page.locator("#other-address").getAttribute("class")).toBe("shown");
		// The page's toggle decides alone: the runtime has not hidden the element itself.
		expect(await page.locator("#other-address").getAttribute("hidden")).toBe(null);
		await page.context().close();
	});

	it("skips a rule op nobody knows, as Nette does: the form is sent", async () => {
		const { page, messages } = await open("/?test=unknownOp");
		await submitZip(page, "abc");
		await page.waitForSelector("#sent");
		expect(seen.at(-1)).toBe("page /sent");
		// The kit is a production build: no development warnings.
		expect(messages.filter((text) => text.startsWith("warning:"))).toEqual([]);
		await page.context().close();
	});

	it("warns in the development build (dev/runtime.js) about a rule op nobody knows, naming the validator to add", async () => {
		const { page, messages } = await open("/?test=unknownOpInDevBuild");
		await submitZip(page, "abc");
		await expect
			.poll(() => messages.find((text) => text.startsWith("warning:")))
			.toContain('Unknown validation rule "AppValidators_zip": add it to Nette.validators.AppValidators_zip');
		await page.context().close();
	});
});

describe("Nette's error markup", () => {
	it("takes the renderer's <span class=error> over and empties it once the value is fixed", async () => {
		const { page } = await open("/?test=serverError");
		const span = page.locator("td span.error");
		expect(await span.textContent()).toBe("Server: špatné PSČ.");
		await page.fill("#frm-zip", "602 00");
		await page.locator("#frm-zip").blur();
		await expect.poll(() => span.textContent()).toBe("");
		expect(await page.locator(".form-item__error").count()).toBe(0);
		await submitZip(page, "");
		await expect.poll(() => span.textContent()).toBe("Vyplňte PSČ.");
		await page.context().close();
	});

	it("creates a missing error block with the class data-error-class names", async () => {
		const { page } = await open("/?test=errorClass");
		await page.click("[name=send]");
		await expect.poll(() => page.locator("p > .field-message").textContent()).toBe("Vyplňte jméno.");
		await page.context().close();
	});
});

describe("setErrorClass", () => {
	it("names the class of a created error block from the page's script, a form's own attribute winning", async () => {
		const { page } = await open("/?test=errorClassSetting");
		expect(await page.evaluate(() => window.refused)).toBe("TypeError");
		await page.click("#f [name=send]");
		await expect.poll(() => page.locator("#f p > .field-message").textContent()).toBe("Vyplňte jméno.");
		await page.click("#g [name=send]");
		await expect.poll(() => page.locator("#g p > .own-message").textContent()).toBe("Vyplňte město.");
		expect(await page.locator(".form-item__error").count()).toBe(0);
		await page.context().close();
	});
});

describe("ajax against a server without Vary", () => {
	it("shows the page, not its JSON, on Back to an ajax navigation's entry from another page", async () => {
		const { page } = await open("/list");
		await page.click("a.ajax");
		await page.waitForURL(/page=2$/);
		await page.click("#away");
		await page.waitForSelector("#away-page");
		await page.goBack();
		await page.waitForURL(/page=2$/);
		await page.waitForLoadState("load");
		expect(await page.locator("#snippet--list p").textContent()).toBe("Stránka 2");
		await page.context().close();
	});

	it("follows a same-origin redirect by ajax, and with forceRedirect or to another origin by loading the page", async () => {
		const { page } = await open("/list");
		await page.evaluate(() => {
			window.samePage = true;
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML(
					"beforeend",
					'<a class="ajax" id="r1" href="/redirect">1</a><a class="ajax" id="r2" href="/redirect?force=1">2</a>',
				);
		});
		seen.length = 0;
		await page.click("#r1");
		await page.waitForURL(/page=7$/);
		expect(await page.locator("#snippet--list p").textContent()).toBe("Stránka 7");
		expect(await page.evaluate(() => window.samePage)).toBe(true);
		expect(seen).toEqual(["ajax /redirect", "ajax /list"]);
		await page.evaluate(() =>
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML(
					"beforeend",
					'<a class="ajax" id="r2" href="/redirect?force=1&to=/list?page=8">2</a>',
				),
		);
		await page.click("#r2");
		// The list's own address: the redirect's (…&to=/list?page=8) ends alike but is no page load.
		await page.waitForURL(`${base}/list?page=8`);
		expect(await page.evaluate(() => window.samePage)).toBeUndefined();
		await waitForRuntime(page);
		await page.evaluate((to) => {
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML(
					"beforeend",
					`<a class="ajax" id="r3" href="/redirect?to=${encodeURIComponent(to)}">3</a>`,
				);
		}, `${foreign}/away`);
		seen.length = 0;
		await page.click("#r3");
		await page.waitForURL(`${foreign}/away`);
		expect(seen).toEqual(["ajax /redirect", "page /away"]);
		await page.context().close();
	});

	it("adds no history entry for a redirect's answer, followed by ajax or loaded: Back returns to the page before", async () => {
		const { page } = await open("/list");
		const entries = await page.evaluate(() => history.length);
		const addLink = (link: string) =>
			page.evaluate(
				(link) => document.querySelector("#snippet--list")!.insertAdjacentHTML("beforeend", link),
				link,
			);
		await addLink('<a class="ajax" id="r1" href="/redirect">1</a>');
		await page.click("#r1");
		await page.waitForURL(/page=7$/);
		expect(await page.evaluate(() => history.length)).toBe(entries + 1);
		await page.goBack();
		await page.waitForURL(`${base}/list`);
		await page.waitForFunction(() => document.querySelector("#snippet--list p")?.textContent === "Stránka 1");
		// Forced: the page load makes the one entry (Back restored the list's markup, without the link).
		await addLink('<a class="ajax" id="r2" href="/redirect?force=1&to=/list?page=8">2</a>');
		await page.click("#r2");
		await page.waitForURL(`${base}/list?page=8`);
		await waitForRuntime(page);
		expect(await page.evaluate(() => history.length)).toBe(entries + 1);
		await page.goBack();
		expect(page.url()).toBe(`${base}/list`);
		await page.context().close();
	});

	it("loads a redirect's target as a page when its answer updates none of this page's snippets", async () => {
		const { page } = await open("/list");
		await page.evaluate(() =>
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML("beforeend", '<a class="ajax" id="r" href="/redirect?to=/other">r</a>'),
		);
		seen.length = 0;
		await page.click("#r");
		await page.waitForSelector("#other");
		expect(seen).toEqual(["ajax /redirect", "ajax /other", "page /other"]);
		await page.context().close();
	});

	it("runs a snippet's scripts that carry the page's nonce once, also after Back and Forward", async () => {
		const { page, messages } = await open("/list");
		await page.evaluate(() =>
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML("beforeend", '<a class="ajax" id="s" href="/scripts">s</a>'),
		);
		await page.click("#s");
		await page.waitForURL(/\/scripts$/);
		await expect.poll(() => page.evaluate(() => window.ran)).toBe(1);
		await page.goBack();
		await page.waitForURL(/\/list$/);
		await page.goForward();
		await page.waitForURL(/\/scripts$/);
		await page.waitForFunction(
			() => document.querySelector("#snippet--list p")?.textContent === "Se skripty",
		);
		expect(await page.evaluate(() => [window.ran, window.foreignRan])).toEqual([1, undefined]);
		expect(messages.filter((text) => text.startsWith("pageerror"))).toEqual([]);
		await page.context().close();
	});

	it("puts payload.url in the address", async () => {
		const { page } = await open("/list");
		await page.evaluate(() =>
			document
				.querySelector("#snippet--list")!
				.insertAdjacentHTML("beforeend", '<a class="ajax" id="m" href="/moved">m</a>'),
		);
		await page.click("#m");
		await page.waitForURL(/page=42$/);
		expect(await page.locator("#snippet--list p").textContent()).toBe("Přesunuto");
		await page.context().close();
	});
});

describe("languages", () => {
	it("shows a page in another language the runtime's English texts, ajax and forms alike", async () => {
		const { page } = await open("/?test=german");
		await submitZip(page, "");
		await expect
			.poll(() => page.locator(".form-summary__title").textContent())
			.toBe("Please correct the following:");
		await page.click("#broken");
		await expect
			.poll(() => page.locator(".ajax-error p").textContent())
			.toBe("The request could not be completed. What you entered is kept.");
		await page.context().close();
	});

	it("shows a language's texts a page adds with setMessages from runtime.js, English for the rest", async () => {
		const { page } = await open("/?test=germanTexts");
		await submitZip(page, "");
		await expect
			.poll(() => page.locator(".form-summary__title").textContent())
			.toBe("Bitte korrigieren Sie:");
		await page.click("#broken");
		await expect
			.poll(() => page.locator(".ajax-error p").textContent())
			.toBe("Die Anfrage ist fehlgeschlagen.");
		expect(await page.locator(".ajax-error button").first().textContent()).toBe("Try again");
		await page.context().close();
	});
});
