/** What the form validation browser tests (forms-*.test.ts) share. */
import type { Browser, Page } from "playwright-core";
import { type ObservedPage, openPage, origin } from "../helpers/browser";

/** The fixture page with the registration-like form (test/fixtures/routes/forms.tsx). */
export const LIVE = "/_fixtures/forms/live";

interface OpenOptions {
	path?: string;
	/** Runs before navigation (routes, clock). */
	prepare?: (page: Page) => Promise<unknown>;
	/** Runs once the page has loaded, before waiting for the form (to bring the form in). */
	loaded?: (page: Page) => Promise<unknown>;
}

/**
 * Opens a fixture page and waits until validation has started on its form: the form's toggle hides
 * `#company-details` (shown in the markup) once the validation chunk ran.
 */
export async function openForm(browser: Browser, { path = LIVE, prepare, loaded }: OpenOptions = {}) {
	const observed: ObservedPage = await openPage(browser);
	// Instant scrolling, so that the scroll position can be read right after a submit.
	await observed.page.emulateMedia({ reducedMotion: "reduce" });
	await prepare?.(observed.page);
	await observed.page.goto(`${origin()}${path}`);
	await loaded?.(observed.page);
	await observed.page.waitForSelector("#company-details[hidden]", { state: "attached" });
	return observed;
}

/** The state a control's form item shows. */
export function fieldState(page: Page, selector: string) {
	return page.evaluate((selector) => {
		const field = document.querySelector(selector)!;
		const item = field.closest(".form-item")!;
		const describedBy = field.getAttribute("aria-describedby")?.split(" ") ?? [];
		return {
			state: item.classList.contains("has-error")
				? "error"
				: item.classList.contains("is-valid")
					? "valid"
					: "none",
			message: item.querySelector(".form-item__error")?.textContent ?? "",
			ariaInvalid: field.getAttribute("aria-invalid"),
			describedByError: describedBy.some((id) => document.getElementById(id)?.matches(".form-item__error")),
			describedBy,
		};
	}, selector);
}

/** The messages of the form's error summary, with the id each links to; null when it has none. */
export function summary(page: Page, form = "#register") {
	return page.evaluate((form) => {
		const box = document.querySelector(`${form} > .form-summary`);
		if (!box) return null;
		return {
			role: box.getAttribute("role"),
			links: [...box.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href")]),
		};
	}, form);
}

/** The submissions the fixture server received so far (raw bodies). */
export async function received(page: Page): Promise<string[]> {
	return (await page.request.get(`${origin()}/_fixtures/forms/received`)).json();
}

/** Fills every field of the fixture form with a valid value. */
export async function fillValid(page: Page, form = "#register"): Promise<void> {
	await page.fill(`${form} [name=name]`, "Jana Nováková");
	await page.fill(`${form} [name=email]`, "jana@example.cz");
	await page.fill(`${form} [name=age]`, "30");
	await page.fill(`${form} [name=web]`, "example.com");
	await page.fill(`${form} [name=password]`, "tajneheslo");
	await page.check(`${form} [name=size][value=M]`);
	await page.fill(`${form} [name="address[city]"]`, "Brno");
	await page.fill(`${form} [name="address[zip]"]`, "60200");
}
