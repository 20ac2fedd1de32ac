/**
 * The submit gate (docs/events.md, "The submit pipeline"): a submission is validated once and sent once,
 * also when a guard held it, and a guard registered through `services.forms.guard` holds a submission
 * and lets it go, or stops it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/browser/services";
import { connectBrowser } from "../helpers/browser";
import { openWithComponents, waitForConnected } from "../helpers/components";
import { fillValid, openForm, received } from "./forms-support";

declare global {
	interface Window {
		/** The runtime's services, for the page's own script in these tests. */
		testServices?: Services;
		/** Reads of the probed field's validity: each validation of its form reads it. */
		validityReads?: number;
		guardCalls?: number;
		releaseGuard?: (answer: unknown) => void;
	}
}

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** Puts the runtime's services on window, as a page's own module script would import them. */
async function exposeServices(page: Page): Promise<void> {
	await page.evaluate(async () => {
		// Not a literal import(): the test's own transform would rewrite it.
		const load = new Function("url", "return import(url)") as (
			url: string,
		) => Promise<{ services: Services }>;
		window.testServices = (await load("/assets/frontend/js/runtime.js")).services;
	});
}

/**
 * Counts the validations of a field's form from now on: validation reads each control's `validity` (for
 * a bad input), once per validation, which `services.forms.validate` calibrates. Returns that count.
 */
async function probeValidations(page: Page, field: string, form: string, button: string): Promise<number> {
	return page.evaluate(
		async ({ field, form, button }) => {
			const element = document.querySelector<HTMLInputElement>(field)!;
			const read = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "validity")!.get!;
			window.validityReads = 0;
			Object.defineProperty(element, "validity", {
				configurable: true,
				get() {
					window.validityReads! += 1;
					return read.call(this);
				},
			});
			const valid = await window.testServices!.forms.validate(
				document.querySelector<HTMLFormElement>(form)!,
				document.querySelector<HTMLElement>(button),
			);
			if (!valid) throw new Error("the form should be valid");
			const perValidation = window.validityReads;
			window.validityReads = 0;
			return perValidation;
		},
		{ field, form, button },
	);
}

/** Lets every task the page has queued run (no time passes beyond that). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));

describe("the register form, whose guard waits for the bot check", () => {
	const REGISTER = "#gallery-register-form [data-component='register-form']";

	it("validates a press once and sends it once, also when the guard held it meanwhile", async () => {
		const { page } = await openWithComponents(browser, "/_components");
		await waitForConnected(page, REGISTER);
		await page.waitForSelector(`${REGISTER} .antispam[data-state=verified]`);
		const sent: string[] = [];
		await page.route(
			(url) => url.pathname.endsWith("/register"),
			(route) => {
				if (route.request().method() !== "POST") return route.continue();
				sent.push(route.request().postData() ?? "");
				return route.fulfill({ contentType: "application/json", body: "{}" });
			},
		);
		await page.fill(`${REGISTER} [name=name]`, "Jana Nováková");
		await page.fill(`${REGISTER} [name=email]`, "jana@example.com");
		await page.fill(`${REGISTER} [name=birthDate]`, "1990-05-24");
		await page.selectOption(`${REGISTER} [name=store]`, "1");
		await page.check(`${REGISTER} [name=terms]`);
		await exposeServices(page);
		const perValidation = await probeValidations(
			page,
			`${REGISTER} [name=email]`,
			`${REGISTER} form`,
			`${REGISTER} [type=submit]`,
		);
		expect(perValidation).toBeGreaterThan(0);
		// The challenge is being solved again (as after it expired): the guard holds the submission.
		await page.$eval(`${REGISTER} .antispam`, (element) => {
			(element as HTMLElement).dataset.state = "verifying";
		});
		await page.click(`${REGISTER} [type=submit]`);
		await settle(page);
		expect(sent).toEqual([]);
		const answered = page.waitForResponse((response) => response.url().endsWith("/register"));
		await page.$eval(`${REGISTER} .antispam`, (element) => {
			(element as HTMLElement).dataset.state = "verified";
			element.dispatchEvent(new CustomEvent("antispam:state", { bubbles: true, detail: "verified" }));
		});
		await answered;
		await settle(page);
		expect(sent.length).toBe(1);
		expect(await page.evaluate(() => window.validityReads)).toBe(perValidation);
		await page.context().close();
	});
});

describe("a guard of services.forms", () => {
	/** The fixture form, filled validly, with a guard counting its calls and answering as the test says. */
	async function guardedForm(answer: "hold" | "false" | "reject" | "nothing") {
		const observed = await openForm(browser);
		const { page } = observed;
		await fillValid(page);
		await exposeServices(page);
		await page.evaluate((answer) => {
			window.guardCalls = 0;
			const controller = new AbortController();
			(window as unknown as { guardController: AbortController }).guardController = controller;
			window.testServices!.forms.guard(
				document.querySelector<HTMLFormElement>("#register")!,
				({ submitter }) => {
					window.guardCalls! += 1;
					if (submitter?.getAttribute("name") !== "send") throw new Error("not the press's submitter");
					if (answer === "false") return false;
					if (answer === "reject") return Promise.reject(new Error("refused"));
					if (answer === "nothing") return undefined;
					return new Promise((resolve) => {
						window.releaseGuard = resolve;
					});
				},
				{ signal: controller.signal },
			);
		}, answer);
		return observed;
	}

	it("holds a valid submission until its promise resolves, then it is sent once", async () => {
		const { page } = await guardedForm("hold");
		const before = (await received(page)).length;
		await page.click("button[name=send]");
		await page.waitForFunction(() => window.guardCalls === 1);
		// A second press while held is dropped: the held one goes.
		await page.click("button[name=send]");
		await settle(page);
		expect((await received(page)).length).toBe(before);
		expect(await page.textContent("#result")).toBe("Nic neodesláno.");
		await page.evaluate(() => window.releaseGuard!(true));
		await page.waitForSelector("#result:text('Odesláno')");
		await settle(page);
		const bodies = (await received(page)).slice(before);
		expect(bodies.length).toBe(1);
		expect(new URLSearchParams(bodies[0]).has("send")).toBe(true);
		expect(await page.evaluate(() => window.guardCalls)).toBe(1);
		await page.context().close();
	});

	it("is not asked about an invalid submission", async () => {
		const { page } = await guardedForm("hold");
		await page.fill("[name=email]", "");
		await page.click("button[name=send]");
		await page.waitForSelector("#register > .form-summary");
		await settle(page);
		expect(await page.evaluate(() => window.guardCalls)).toBe(0);
		await page.context().close();
	});

	for (const [answer, what] of [
		["false", "answers false"],
		["reject", "rejects"],
	] as const) {
		it(`stops the submission when it ${what}`, async () => {
			const { page } = await guardedForm(answer);
			const before = (await received(page)).length;
			let requests = 0;
			page.on("request", (request) => {
				if (request.url().endsWith("/_fixtures/forms/submit")) requests++;
			});
			await page.click("button[name=send]");
			await page.waitForFunction(() => window.guardCalls === 1);
			await settle(page);
			expect(requests).toBe(0);
			expect((await received(page)).length).toBe(before);
			// Stopped, not stuck: the next press asks the guard again.
			await page.click("button[name=send]");
			await page.waitForFunction(() => window.guardCalls === 2);
			await page.context().close();
		});
	}

	it("lets a submission go when it answers nothing, and is gone once its signal aborts", async () => {
		const { page } = await guardedForm("nothing");
		const before = (await received(page)).length;
		await page.click("button[name=send]");
		await page.waitForSelector("#result:text('Odesláno')");
		expect(await page.evaluate(() => window.guardCalls)).toBe(1);
		await page.evaluate(() =>
			(window as unknown as { guardController: AbortController }).guardController.abort(),
		);
		await page.click("button[name=send]");
		await page.waitForFunction(
			(count) => document.querySelector("#result")?.textContent === `Odesláno: ${count}`,
			before + 2,
		);
		expect(await page.evaluate(() => window.guardCalls)).toBe(1);
		await page.context().close();
	});
});
