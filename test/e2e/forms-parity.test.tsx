/**
 * Parity of server and browser validation: thousands of generated forms (test/helpers/validation-cases.ts)
 * are rendered by the server forms API, filled in Chromium and validated there by the built runtime
 * (`services.forms.validate`, as a submit with the case's button); what that form would send is read
 * with `FormData` and validated by the server's code (parseUrlencoded, validateSubmission). The verdict
 * and every field's message must be the same.
 */

import type { Browser, Page } from "playwright-core";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlName } from "../../src/forms/define";
import { SiteContext } from "../../src/render/site-context";
import { Form } from "../../src/server/forms";
import { type Entry, parseUrlencoded, urlencodedEntries } from "../../src/server/forms/body";
import { validateSubmission } from "../../src/server/forms/submission";
import { EAN13 } from "../../src/validation";
import { connectBrowser, openPage, origin } from "../helpers/browser";
import { testSite } from "../helpers/site";
import { type ParityCase, parityCases } from "../helpers/validation-cases";

const SEED = 20_260_301;
const BATCHES = 24;
const PER_BATCH = 100;

let browser: Browser;
let page: Page;
beforeAll(async () => {
	browser = await connectBrowser();
	({ page } = await openPage(browser));
});
afterAll(() => browser.close());

/** A sent entry as the page reports it: text, or a file's name, type and size. */
type SentEntry = [string, string | { name: string; type: string; size: number }];

interface BrowserVerdict {
	valid: boolean;
	/** Field key → the message its error block shows. */
	errors: Record<string, string>;
	sent: SentEntry[];
}

function pageHtml(cases: readonly ParityCase[]): string {
	const forms = renderToString(
		<SiteContext value={testSite()}>
			{cases.map(({ form }) => (
				<Form key={form.name} form={form} action="/parity" method="post" />
			))}
		</SiteContext>,
	);
	return `<!doctype html><html lang="cs"><head><meta charset="utf-8"><title>Parity</title>
<script type="module" src="/assets/frontend/js/runtime.js"></script></head><body><main>${forms}</main></body></html>`;
}

/** The cases as the page needs them: each field's HTML name, kind and input. */
const pageCases = (cases: readonly ParityCase[]) =>
	cases.map(({ form, input, submitter }) => ({
		id: `frm-${form.name}`,
		submitter: htmlName(submitter, form.fields[submitter]!),
		fields: Object.entries(input).map(([key, value]) => ({
			key,
			name: htmlName(key, form.fields[key]!),
			value,
		})),
	}));

async function validateInBrowser(cases: readonly ParityCase[]): Promise<BrowserVerdict[]> {
	const path = `/_parity/${cases[0]!.form.name}`;
	await page.route(`**${path}`, (route) =>
		route.fulfill({ contentType: "text/html", body: pageHtml(cases) }),
	);
	await page.goto(`${origin()}${path}`);
	return page.evaluate(async (list) => {
		// Not a literal import(): the test's own transform would rewrite it.
		const load = new Function("url", "return import(url)") as (
			url: string,
		) => Promise<typeof import("../../src/browser/main")>;
		const { services } = await load("/assets/frontend/js/runtime.js");
		const results: BrowserVerdict[] = [];
		for (const { id, submitter, fields } of list) {
			const form = document.getElementById(id) as HTMLFormElement;
			for (const { name, value } of fields) {
				const elements = [...form.elements].filter(
					(element) => (element as HTMLInputElement).name === name,
				) as HTMLInputElement[];
				for (const element of elements) {
					if (element instanceof HTMLSelectElement) {
						for (const option of element.options)
							option.selected = (value as string[]).includes(option.value);
						if (!(value as string[]).length) element.selectedIndex = -1;
					} else if (element.type === "file") {
						const transfer = new DataTransfer();
						for (const file of value as { name: string; type: string; size: number }[]) {
							transfer.items.add(new File([new Uint8Array(file.size)], file.name, { type: file.type }));
						}
						element.files = transfer.files;
					} else if (element.type === "checkbox" && typeof value === "boolean") {
						element.checked = value;
					} else if (element.type === "radio" || element.type === "checkbox") {
						element.checked = (value as string[]).includes(element.value);
					} else {
						element.value = value as string;
					}
				}
			}
			const button = form.querySelector<HTMLButtonElement>(`button[name="${submitter}"]`)!;
			const sent = [...new FormData(form, button)].map(
				([name, entry]): SentEntry => [
					name,
					typeof entry === "string" ? entry : { name: entry.name, type: entry.type, size: entry.size },
				],
			);
			const valid: boolean = await services.forms.validate(form, button);
			const errors: Record<string, string> = {};
			for (const item of form.querySelectorAll(".form-item.has-error")) {
				const name = item.querySelector("[name]")!.getAttribute("name")!;
				errors[name.replace(/\[]$/, "")] = item.querySelector(".form-item__error")!.textContent ?? "";
			}
			results.push({ valid, errors, sent });
		}
		return results;
	}, pageCases(cases));
}

/** The server's verdict on what the browser would send (files as multipart would bring them). */
function validateOnServer({ form }: ParityCase, sent: readonly SentEntry[]) {
	const body = new URLSearchParams();
	for (const [name, value] of sent) if (typeof value === "string") body.append(name, value);
	const entries = new Map<string, readonly Entry[]>(urlencodedEntries(parseUrlencoded(body.toString())));
	for (const [name, value] of sent) {
		if (typeof value === "string") continue;
		entries.set(name, [...(entries.get(name) ?? []), { ...value, data: Buffer.alloc(value.size) }]);
	}
	const submission = validateSubmission(form, entries, "cs");
	return { valid: submission.valid, errors: submission.valid ? {} : submission.state.errors };
}

describe(`server and browser give the same verdicts on ${BATCHES * PER_BATCH} generated forms`, () => {
	it("the generator is deterministic and covers what it should", () => {
		const json = (seed: number) =>
			JSON.stringify(parityCases(seed, 50).map(({ form, input }) => [form.fields, input]));
		expect(json(SEED)).toBe(json(SEED));
		expect(json(SEED)).not.toBe(json(SEED + 1));
		const all = JSON.stringify(parityCases(SEED, BATCHES * PER_BATCH).map(({ form }) => form.fields));
		for (const op of [
			...["filled", "blank", "equal", "notEqual", "minLength", "maxLength", "length", "email", "url"],
			...["regexp", "pattern", "patternCaseInsensitive", "integer", "float", "numeric", "min", "max"],
			...["range", "fileSize", "mimeType", "image", "submitted", "valid", "static"],
		]) {
			expect(all, op).toContain(`"op":"${op}"`);
		}
		expect(all).toContain(`"op":${JSON.stringify(EAN13)}`);
		expect(all).toContain('"neg":true');
		expect(all).toContain('"on":"f');
		expect(all).toContain('{"field":"f');
	});

	for (let batch = 0; batch < BATCHES; batch++) {
		it(`batch ${batch + 1} of ${BATCHES}`, async () => {
			const cases = parityCases(SEED + batch, PER_BATCH, `b${batch}x`);
			const verdicts = await validateInBrowser(cases);
			const mismatches = cases.flatMap((parityCase, i) => {
				const browserVerdict = verdicts[i]!;
				const server = validateOnServer(parityCase, browserVerdict.sent);
				const same =
					server.valid === browserVerdict.valid &&
					JSON.stringify(sorted(server.errors)) === JSON.stringify(sorted(browserVerdict.errors));
				return same
					? []
					: [
							{
								form: parityCase.form.name,
								fields: parityCase.form.fields,
								sent: browserVerdict.sent,
								browser: browserVerdict,
								server,
							},
						];
			});
			expect(mismatches.slice(0, 3)).toEqual([]);
			// Both outcomes, and many messages, so that agreeing means something.
			const invalid = verdicts.filter((verdict) => !verdict.valid).length;
			const messages = verdicts.flatMap((verdict) => Object.values(verdict.errors));
			expect(invalid).toBeGreaterThan(PER_BATCH * 0.2);
			expect(invalid).toBeLessThan(PER_BATCH * 0.9);
			expect(messages.filter((message) => message.length > 0).length).toBeGreaterThan(PER_BATCH * 0.4);
		});
	}
});

const sorted = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort());
