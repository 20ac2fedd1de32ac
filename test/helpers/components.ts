import type { Browser, Page } from "playwright-core";
import { type ObservedPage, openPage, origin } from "./browser";

declare global {
	interface Window {
		/** Elements with at least one connected component, kept by an init script of openWithComponents. */
		connectedComponents?: Set<Element>;
	}
}

/**
 * Opens a page that records which elements have connected components, so that tests can wait for a
 * component's behaviour to be in place before they use it. `prepare` runs before navigation (routes,
 * init scripts, media emulation).
 */
export async function openWithComponents(
	browser: Browser,
	path: string,
	prepare?: (page: Page) => Promise<unknown>,
): Promise<ObservedPage> {
	const observed = await openPage(browser);
	await recordConnectedComponents(observed.page);
	await prepare?.(observed.page);
	await observed.page.goto(`${origin()}${path}`);
	return observed;
}

/** Makes the page keep the elements with connected components, for waitForConnected (before navigating). */
export async function recordConnectedComponents(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const connected = new Set<Element>();
		window.connectedComponents = connected;
		document.addEventListener("component:connected", (event) => connected.add(event.detail.element));
		document.addEventListener("component:disconnected", (event) => connected.delete(event.detail.element));
	});
}

/** Waits until the element matching `selector` has its component connected. */
export async function waitForConnected(page: Page, selector: string): Promise<void> {
	await page.waitForFunction((selector) => {
		const element = document.querySelector(selector);
		return element !== null && window.connectedComponents?.has(element) === true;
	}, selector);
}

/** Waits until the element kept on window under `name` has no connected component any more. */
async function waitForDisconnected(page: Page, name: string): Promise<void> {
	await page.waitForFunction((name) => {
		const removed = (window as unknown as Record<string, Element>)[name];
		return removed !== undefined && !window.connectedComponents?.has(removed);
	}, name);
}

/** The HTML of the element matching `selector` as the server renders it now (the page fetched again). */
export function serverHtml(page: Page, selector: string): Promise<string> {
	return page.evaluate(async (selector) => {
		const html = await (await fetch(location.href)).text();
		return new DOMParser().parseFromString(html, "text/html").querySelector(selector)!.outerHTML;
	}, selector);
}

/**
 * Inserts HTML with innerHTML, as an ajax snippet is, at the end of <main>; resolves with the inserted
 * element's selector once its component has connected.
 */
export async function insertSnippet(page: Page, html: string): Promise<string> {
	await page.evaluate((html) => {
		const holder = document.createElement("div");
		holder.id = "snippet--late";
		document.querySelector("main")!.append(holder);
		holder.innerHTML = html;
	}, html);
	const copy = "#snippet--late > :first-child";
	await waitForConnected(page, copy);
	return copy;
}

/**
 * Removes the element (kept on window under `name` for later checks) and waits for its component's
 * cleanup to have run.
 */
export async function removeAndWait(page: Page, selector: string, name = "removed"): Promise<void> {
	await page.evaluate(
		({ selector, name }) => {
			const element = document.querySelector(selector)!;
			(window as unknown as Record<string, Element>)[name] = element;
			element.remove();
		},
		{ selector, name },
	);
	await waitForDisconnected(page, name);
}

/**
 * Waits until the page has settled: every component connected, and every antispam component holding
 * its ALTCHA widget (each starts once the page is idle), whose import adds requests and listeners of
 * its own. Pages from openWithComponents.
 */
export async function waitForSettled(page: Page): Promise<void> {
	await page.waitForFunction(() => {
		const connected = window.connectedComponents;
		const components = [...document.querySelectorAll<HTMLElement>("[data-component]")];
		const widgetLoading = (element: HTMLElement) =>
			element.dataset.state === "verifying" && !element.querySelector("altcha-widget");
		return (
			(!connected || components.every((element) => connected.has(element))) &&
			!components.some(
				(element) => element.dataset.component?.split(" ").includes("antispam") && widgetLoading(element),
			)
		);
	});
}

/**
 * Event listeners on window and document, counted through the DevTools protocol: equal counts before
 * a component is inserted and after it is removed mean it left no global listener behind. Counted once
 * the page has settled (waitForSettled): the ALTCHA widget's import adds 13 listeners of its own, and
 * on a busy machine it landed between two counts.
 */
export async function globalListenerCount(page: Page): Promise<number> {
	await waitForSettled(page);
	const session = await page.context().newCDPSession(page);
	let count = 0;
	for (const expression of ["window", "document"]) {
		const { result } = await session.send("Runtime.evaluate", { expression });
		const { listeners } = await session.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
		count += listeners.length;
	}
	await session.detach();
	return count;
}
