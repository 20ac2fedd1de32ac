/**
 * nette-forms.js on a legacy page: one in windows-1250, or one without any charset, that loads the
 * script from a server sending `text/javascript` without a charset, so the browser decodes the script
 * in the page's encoding. The built file is pure ASCII, as netteForms.js 3.5.3 is (its non-ASCII text
 * escaped after minification: build/nette-forms.config.ts), and works on such a page as the original
 * does. The pages are served by a plain Node server of this file: the stand-in (kit-support.ts) sends
 * every page and script as UTF-8.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage } from "../helpers/browser";
import { KIT_DIR } from "./kit-support";

/** The drop-in as `npm run build` and `npm run build:kit` write it. */
const BUILT = ["dist/nette-forms.js", join(KIT_DIR, "nette-forms.js")];
const SCRIPTS = {
	ours: () => readFileSync(join(KIT_DIR, "nette-forms.js")),
	original: () => readFileSync("node_modules/nette-forms/src/assets/netteForms.js"),
};
type Script = keyof typeof SCRIPTS;
interface NetteApi {
	validateForm(form: HTMLFormElement): boolean;
	webalize(text: string): string;
}

/** Text in windows-1250, by the table of the encoding's decoder (Node's TextDecoder knows it). */
const decoder = new TextDecoder("windows-1250");
const BYTES = new Map(
	Array.from({ length: 0x80 }, (_, i) => [decoder.decode(Uint8Array.of(0x80 + i)), 0x80 + i] as const),
);
const windows1250 = (text: string) =>
	Buffer.from(
		[...text].map((ch) => {
			const byte = ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : BYTES.get(ch);
			if (byte === undefined) throw new Error(`${ch} is not in windows-1250`);
			return byte;
		}),
	);
/** For the page without a charset: every non-ASCII character as a character reference. */
const references = (text: string) => text.replace(/[^\0-\x7f]/gu, (ch) => `&#${ch.codePointAt(0)};`);

const MESSAGE = "Vyplňte PSČ.";
const page = (script: Script, charset: boolean) => `<!DOCTYPE html>
<html lang="cs">
<head>
${charset ? '<meta charset="windows-1250">\n' : ""}<title>Stará stránka</title>
<script src="/${script}.js"></script>
</head>
<body>
<form id="f" action="/sent" method="post">
	<label>PSČ <input name="zip" data-nette-rules='${JSON.stringify([{ op: ":filled", msg: MESSAGE }])}'></label>
	<button name="send">Odeslat</button>
</form>
</body>
</html>`;

let browser: Browser;
let server: Server;
let origin: string;

beforeAll(async () => {
	browser = await connectBrowser();
	// /?script=ours|original, &charset for the windows-1250 page (else the page has no charset at all).
	server = createServer((request, response) => {
		const url = new URL(request.url ?? "/", "http://legacy");
		const script = /^\/(ours|original)\.js$/.exec(url.pathname)?.[1] as Script | undefined;
		if (script) {
			response.writeHead(200, { "content-type": "text/javascript" }).end(SCRIPTS[script]());
		} else if (url.pathname === "/") {
			const charset = url.searchParams.has("charset");
			const html = page(url.searchParams.get("script") as Script, charset);
			response
				.writeHead(200, { "content-type": charset ? "text/html; charset=windows-1250" : "text/html" })
				.end(charset ? windows1250(html) : references(html));
		} else response.writeHead(404).end();
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await browser.close();
	await new Promise((resolve) => server.close(resolve));
});

/** Nette.validateForm on the empty form, the modal it shows, and webalize of Czech text. */
async function run(script: Script, charset: boolean) {
	const { page, messages } = await openPage(browser);
	await page.goto(`${origin}/?script=${script}${charset ? "&charset" : ""}`);
	const result = await page.evaluate(() => {
		// Undefined when the script did not run.
		const nette = window.Nette as unknown as NetteApi | undefined;
		return {
			characterSet: document.characterSet,
			valid: nette?.validateForm(document.forms[0]!),
			webalize: nette?.webalize("Žluťoučký kůň úpěl ďábelské ódy, Ľubica ä ô"),
		};
	});
	const dialog = page.locator("dialog");
	const modal =
		(await dialog.count()) === 0
			? null
			: await dialog.evaluate(
					// biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as the user reads it.
					(element) => (element as HTMLElement).innerText.trim(),
				);
	await page.context().close();
	return { ...result, modal, errors: messages.filter((text) => text.startsWith("pageerror")) };
}

describe("nette-forms.js on a page that is not UTF-8", () => {
	it.each(BUILT)("%s is pure ASCII", (file) => {
		const text = readFileSync(file, "utf8");
		expect(text.match(/[^\0-\x7f]/g) ?? []).toEqual([]);
	});

	for (const [name, charset] of [
		["in windows-1250", true],
		["without a charset", false],
	] as const) {
		it(`validates a form with a Czech message on a page ${name}, as netteForms.js 3.5.3 does`, async () => {
			const ours = await run("ours", charset);
			// The premise: the page, and so the script, is not read as UTF-8.
			if (charset) expect(ours.characterSet).toBe("windows-1250");
			else expect(ours.characterSet).not.toBe("UTF-8");
			expect(ours).toMatchObject({
				errors: [],
				valid: false,
				webalize: "zlutoucky-kun-upel-dabelske-ody-lubica-a-o",
			});
			expect(ours.modal).toMatch(/^Vyplňte PSČ\.\s+OK$/);
			expect(ours).toEqual(await run("original", charset));
		});
	}
});
