import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

interface Echo {
	method: string;
	ajax: string | null;
	contentType: string | null;
	query: string;
	fields: [string, string][];
}

/** `prepare` runs before navigation (the clock). */
async function open(path = "/_fixtures/ajax", prepare?: (page: Page) => Promise<unknown>) {
	const observed = await openPage(browser);
	await prepare?.(observed.page);
	await observed.page.goto(`${origin()}${path}`);
	// The runtime has started once the components of the initial HTML are connected.
	await observed.page.waitForFunction(() => window.probeLog?.includes("connect:listener"));
	return observed;
}

/** The last echo the page shows (an appending payload adds one after the other). */
/** Puts an ajax link at the top of the page (one the page's snippets do not hold); click it by `#id`. */
async function prependAjaxLink(page: Page, link: { id: string; href: string; text: string }): Promise<void> {
	await page.evaluate(({ id, href, text }) => {
		const element = document.createElement("a");
		element.className = "ajax";
		element.id = id;
		element.href = href;
		element.textContent = text;
		document.body.prepend(element);
	}, link);
}

async function echo(page: Page): Promise<Echo> {
	await page.waitForFunction(() => [...document.querySelectorAll("#echo")].at(-1)?.textContent !== "none");
	return JSON.parse((await page.locator("#echo").last().textContent()) ?? "");
}

/** Records, in the page, every element that ever showed up matching a selector. */
async function watchFor(page: Page, selector: string): Promise<void> {
	await page.evaluate((watched) => {
		const seen: string[] = [];
		(window as unknown as { seen: string[] }).seen = seen;
		new MutationObserver(() => {
			const element = document.querySelector(watched);
			if (element) seen.push(element.outerHTML);
		}).observe(document.body, { childList: true, subtree: true });
	}, selector);
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

/** Counts, in the page, the requests that ended without their answer applied (ajax:error). */
async function countEnded(page: Page): Promise<void> {
	await page.evaluate(() => {
		const page = window as unknown as { ended: number };
		page.ended = 0;
		document.addEventListener("ajax:error", () => page.ended++);
	});
}

/** Waits until that many requests ended unanswered: each one's cleanup runs right after its event. */
const ended = (page: Page, count: number) =>
	page.waitForFunction((count) => (window as unknown as { ended: number }).ended === count, count);

/** Whether the slow fixture request (1.5 s) is aborted or answered; call before sending it. */
function slowOutcome(page: Page): Promise<"aborted" | "answered"> {
	const slow = (request: { url(): string }) => request.url().includes("delay=1500");
	return Promise.race([
		page.waitForEvent("requestfailed", slow).then(() => "aborted" as const),
		page.waitForEvent("requestfinished", slow).then(() => "answered" as const),
	]);
}

/** Whether each element carries is-loading, and the form's aria-busy. */
const loadingState = (page: Page, form: string, ...elements: string[]) =>
	page.evaluate(
		({ form, elements }) => ({
			loading: [form, ...elements].map((selector) =>
				document.querySelector(selector)!.classList.contains("is-loading"),
			),
			busy: document.querySelector(form)!.getAttribute("aria-busy"),
		}),
		{ form, elements },
	);

describe("ajax forms", () => {
	it("POSTs multipart form data with the submitter's name and value and the ajax header", async () => {
		const { page } = await open();
		await page.setInputFiles("#post-form input[type=file]", {
			name: "note.txt",
			mimeType: "text/plain",
			buffer: Buffer.from("hello"),
		});
		await page.click("#post-form button[name=action]");
		const result = await echo(page);
		expect(result).toMatchObject({
			method: "POST",
			ajax: "XMLHttpRequest",
			contentType: "multipart/form-data",
		});
		expect(result.fields).toEqual([
			["text", "Příliš žluťoučký"],
			["upload", "file:note.txt:5"],
			["action", "save"],
		]);
		await page.context().close();
	});

	it("sends the click coordinates of an image submit button", async () => {
		const { page } = await open();
		await page.click("#post-form input[type=image]", { position: { x: 7, y: 11 } });
		const fields = Object.fromEntries((await echo(page)).fields);
		expect(fields["pic.x"]).toBe("7");
		expect(fields["pic.y"]).toBe("11");
		await page.context().close();
	});

	it("GETs with the form's data replacing the action's query, and puts the URL in history", async () => {
		const { page } = await open();
		const length = await page.evaluate(() => history.length);
		await page.click("#get-form button");
		const result = await echo(page);
		expect(result).toMatchObject({ method: "GET", contentType: null, query: "q=hledat", fields: [] });
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax/echo?q=hledat`);
		expect(await page.evaluate(() => history.length)).toBe(length + 1);
		await page.context().close();
	});

	it("sends a form without an action, and a link without href, to the current path, by GET by default", async () => {
		const { page } = await open("/_fixtures/ajax?page=2#top");
		const sent: { method: string; url: string }[] = [];
		// Answered here: the fixture page itself takes no POST.
		await page.route(`${origin()}/_fixtures/ajax**`, (route) => {
			const request = route.request();
			if (!request.headers()["x-requested-with"]) return route.continue();
			sent.push({ method: request.method(), url: request.url() });
			return route.fulfill({
				json: { snippets: { "snippet--echo": `<pre id="echo">${sent.length}</pre>` } },
			});
		});
		await page.evaluate(() =>
			document.querySelector("main")!.insertAdjacentHTML(
				"beforeend",
				`<form class="ajax" id="no-action"><input name="q" value="x" aria-label="Q"><button>Get</button></form>
				<form class="ajax" id="no-action-post" method="post"><input name="p" value="y" aria-label="P"><button>Post</button></form>
				<a class="ajax" id="no-href">Reload</a>`,
			),
		);
		const path = `${origin()}/_fixtures/ajax`;
		await page.click("#no-action button");
		await page.waitForSelector("#echo:text('1')");
		// The form's data is the query; in the address bar too, without the page's fragment.
		expect(page.url()).toBe(`${path}?q=x`);
		await page.goBack();
		await page.waitForURL(`${path}?page=2#top`);
		await page.click("#no-action-post button");
		await page.waitForSelector("#echo:text('2')");
		await page.click("#no-href");
		await page.waitForSelector("#echo:text('3')");
		expect(sent).toEqual([
			{ method: "GET", url: `${path}?q=x` },
			{ method: "POST", url: path },
			{ method: "GET", url: path },
		]);
		await page.context().close();
	});

	it("sends other methods url-encoded", async () => {
		const { page } = await open();
		await page.click("#put-form button");
		const result = await echo(page);
		expect(result).toMatchObject({ method: "PUT", contentType: "application/x-www-form-urlencoded" });
		expect(result.fields).toEqual([["name", "put value"]]);
		await page.context().close();
	});
});

describe("one request at a time", () => {
	it("marks the form and its submitter as loading until the answer, and sends a loading form only once", async () => {
		const { page, requests } = await open();
		await page.click("#slow-submit");
		await page.click("#slow-submit");
		expect(await page.locator("#slow-form").getAttribute("class")).toContain("is-loading");
		expect(await page.locator("#slow-submit").getAttribute("class")).toContain("is-loading");
		expect(await page.locator("#slow-form").getAttribute("aria-busy")).toBe("true");
		await echo(page);
		expect(await page.locator("#slow-form").getAttribute("class")).not.toContain("is-loading");
		expect((await page.locator("#slow-submit").getAttribute("class")) ?? "").not.toContain("is-loading");
		expect(await page.locator("#slow-form").getAttribute("aria-busy")).toBeNull();
		expect(requests.filter((url) => url.includes("delay=1500"))).toHaveLength(1);
		await page.context().close();
	});

	it("aborts the running request when another starts, and never applies the stale answer", async () => {
		const { page } = await open();
		const outcome = slowOutcome(page);
		await page.click("#slow-submit");
		await page.click("#put-form button");
		expect((await echo(page)).method).toBe("PUT");
		expect(await page.locator("#slow-form").getAttribute("class")).not.toContain("is-loading");
		expect(await outcome).toBe("aborted");
		expect((await echo(page)).method).toBe("PUT");
		await page.context().close();
	});

	it("keeps a form loading while its newer request runs, after the one it replaced has ended", async () => {
		const { page } = await open("/_fixtures/ajax", (page) => page.clock.install());
		// Paused, the clock moves only by runFor: a busy machine's pause between two keys cannot count as the
		// 200 ms after a keyup and send what was typed so far ("B", "Brn") on its own.
		await page.clock.pauseAt(Date.now() + 1000);
		await countEnded(page);
		// Both filter requests wait until the test lets them go.
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		const arrived: string[] = [];
		await page.route("**/_fixtures/ajax/echo?region=&city=*", async (route) => {
			arrived.push(new URL(route.request().url()).search);
			await released;
			await route.continue().catch(() => undefined);
		});
		await page.focus("#filter input");
		await page.keyboard.type("Br");
		await page.clock.runFor(200);
		await expect.poll(() => arrived).toEqual(["?region=&city=Br"]);
		await page.keyboard.type("no");
		await page.clock.runFor(200);
		await page.clock.resume();
		await expect.poll(() => arrived).toEqual(["?region=&city=Br", "?region=&city=Brno"]);
		await ended(page, 1);
		expect(await loadingState(page, "#filter")).toEqual({ loading: [true], busy: "true" });
		release();
		expect((await echo(page)).query).toBe("region=&city=Brno");
		expect(await loadingState(page, "#filter")).toEqual({ loading: [false], busy: null });
		await page.context().close();
	});

	it("moves the loading state to the newer submitter, and clears it when that request is aborted or fails", async () => {
		const { page } = await open();
		await countEnded(page);
		await page.evaluate(() => {
			const again = document.createElement("button");
			again.id = "slow-again";
			again.name = "again";
			again.value = "1";
			again.textContent = "Again";
			again.setAttribute("formaction", "/_fixtures/ajax/echo?again=1");
			document.querySelector("#slow-form")!.append(again);
		});
		// The first request never gets an answer; the newer one is held, then (the second time) fails.
		await page.route("**/_fixtures/ajax/echo?delay=1500", () => undefined);
		let attempts = 0;
		await page.route("**/_fixtures/ajax/echo?again=1", async (route) => {
			if (++attempts === 2) await route.abort("internetdisconnected");
		});
		const state = () => loadingState(page, "#slow-form", "#slow-submit", "#slow-again");

		await page.click("#slow-submit");
		await page.click("#slow-again");
		await ended(page, 1);
		expect(await state()).toEqual({ loading: [true, false, true], busy: "true" });
		await page.keyboard.press("Escape");
		await ended(page, 2);
		expect(await state()).toEqual({ loading: [false, false, false], busy: null });

		await page.click("#slow-submit");
		await page.click("#slow-again");
		await ended(page, 4);
		expect(await page.locator(".ajax-error").count()).toBe(1);
		expect(await state()).toEqual({ loading: [false, false, false], busy: null });
		await page.context().close();
	});

	it("follows no link in a snippet while a form's request runs; a link elsewhere still replaces it", async () => {
		const { page, requests } = await open();
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		await page.route("**/_fixtures/ajax/echo?region=praha&city=", async (route) => {
			await released;
			await route.continue();
		});
		// The second filter's answer never comes.
		await page.route("**/_fixtures/ajax/echo?region=&city=", () => undefined);
		await page.selectOption("#filter select", "praha");
		// #next is in the nav snippet.
		await page.click("#next");
		release();
		await page.waitForFunction(() => !document.querySelector("#filter.is-loading"));
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax/echo?region=praha&city=`);
		expect((await echo(page)).query).toBe("region=praha&city=");
		expect(await page.locator("#page-number").textContent()).toBe("Page 1");
		expect(requests.filter((url) => url.includes("page="))).toEqual([]);

		await prependAjaxLink(page, {
			id: "outside",
			href: "/_fixtures/ajax?page=3",
			text: "Outside the snippets",
		});
		await page.selectOption("#filter select", "");
		await page.click("#outside");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 3");
		expect(await page.locator("#filter").getAttribute("class")).not.toContain("is-loading");
		await page.context().close();
	});

	it("aborts on Escape, clearing the loading state without an error", async () => {
		const { page } = await open();
		const outcome = slowOutcome(page);
		await page.click("#slow-submit");
		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.querySelector("#slow-form")?.classList.contains("is-loading"));
		expect(await outcome).toBe("aborted");
		expect(await page.locator("#echo").textContent()).toBe("none");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		await page.context().close();
	});

	it("leaves Escape to an open dialog", async () => {
		const { page } = await open();
		await page.evaluate(() => {
			const dialog = document.createElement("dialog");
			dialog.innerHTML = "<button>in dialog</button>";
			document.body.append(dialog);
			dialog.showModal();
		});
		const outcome = slowOutcome(page);
		await page.evaluate(() => document.querySelector<HTMLFormElement>("#slow-form")!.requestSubmit());
		await page.waitForFunction(() => document.querySelector("#slow-form")?.classList.contains("is-loading"));
		await page.keyboard.press("Escape");
		// The dialog takes the key and closes; the request runs on and its answer is applied.
		await page.waitForFunction(() => !document.querySelector("dialog")?.open);
		expect(await outcome).toBe("answered");
		expect((await echo(page)).fields).toEqual([["slow", "1"]]);
		await page.context().close();
	});

	it("shows a progress bar for a request slower than 400 ms only", async () => {
		const { page } = await open("/_fixtures/ajax", (page) => page.clock.install());
		// Paused, the page's 400 ms pass only by runFor: a quick answer that a busy machine holds up for
		// longer in real time is still a quick one.
		await page.clock.pauseAt(Date.now() + 1000);
		await watchFor(page, ".ajax-progress");
		await page.click("#put-form button");
		await echo(page);
		await page.clock.runFor(400);
		expect(await seen(page)).toEqual([]);
		await page.click("#slow-submit");
		await page.clock.runFor(400);
		await page.waitForSelector(".ajax-progress[role=progressbar]");
		await page.clock.resume();
		await page.waitForFunction(
			() => JSON.parse(document.querySelector("#echo")!.textContent!).method === "POST",
		);
		expect(await page.locator(".ajax-progress").count()).toBe(0);
		await page.context().close();
	});
});

describe("payload", () => {
	it("navigates by ajax links: snippets, title, appended list, history, back and forward with scroll", async () => {
		const { page } = await open();
		const length = await page.evaluate(() => history.length);
		await page.click("#next");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		expect(await page.title()).toBe("Ajax page 2");
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax?page=2`);
		expect(await page.locator(".item").allTextContents()).toEqual(["item 1", "item 2"]);
		expect(await page.evaluate(() => history.length)).toBe(length + 1);
		await page.evaluate(() => scrollTo(0, 200));
		// A click without Playwright's scrolling the link into view: the position must be the user's.
		await page.evaluate(() => document.querySelector<HTMLAnchorElement>("#next")!.click());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 3");

		// history.back(), not page.goBack(): the entries are the same document's, no page load to wait for.
		await page.evaluate(() => history.back());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		expect(await page.title()).toBe("Ajax page 2");
		expect(await page.locator(".item").allTextContents()).toEqual(["item 1", "item 2"]);
		expect(await page.evaluate(() => scrollY)).toBe(200);
		await page.evaluate(() => history.back());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 1");
		expect(await page.title()).toBe("Ajax page 1");
		expect(await page.locator(".item").allTextContents()).toEqual(["item 1"]);
		await page.evaluate(() => history.forward());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		expect(await page.locator(".item").allTextContents()).toEqual(["item 1", "item 2"]);
		await page.context().close();
	});

	it("going back aborts the running request: its late answer never overwrites the restored page", async () => {
		const { page } = await open();
		await page.click("#next");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		const outcome = slowOutcome(page);
		await page.click("#slow-submit");
		await page.evaluate(() => history.back());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 1");
		expect(await outcome).toBe("aborted");
		expect(await page.locator("#echo").allTextContents()).toEqual(["none"]);
		expect(await page.locator("#slow-form").getAttribute("class")).not.toContain("is-loading");
		await page.context().close();
	});

	it("going back dismisses a failure shown: it was about the page being left", async () => {
		const { page } = await open();
		await page.click("#next");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		await page.route("**/_fixtures/ajax/echo*", (route) => route.abort("internetdisconnected"));
		await page.click("#put-form button");
		await page.locator(".ajax-error").waitFor();
		await page.evaluate(() => history.back());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 1");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		await page.context().close();
	});

	it("stores the server's markup for going back, from before the runtime changed anything", async () => {
		const { page } = await open();
		// The forms service has taken the form's validation over from the browser (novalidate).
		await page.waitForFunction(
			() => document.querySelector<HTMLFormElement>("#validated-in-snippet")?.noValidate === true,
		);
		await page.click("#next");
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 2");
		await page.evaluate(() => history.back());
		await page.waitForFunction(() => document.querySelector("#page-number")?.textContent === "Page 1");
		const stored = await page.evaluate(() => history.state.ajax.snippets["snippet--page"] as string);
		expect(stored).toContain('id="validated-in-snippet"');
		expect(stored).not.toContain("novalidate");
		// So the restored form is validated again, not taken for one its author opted out.
		await page.waitForFunction(
			() => document.querySelector<HTMLFormElement>("#validated-in-snippet")?.noValidate === true,
		);
		await page.evaluate(() =>
			document.querySelector<HTMLFormElement>("#validated-in-snippet")!.requestSubmit(),
		);
		await page.waitForFunction(
			() => document.querySelector("[name=required]")?.getAttribute("aria-invalid") === "true",
		);
		await page.context().close();
	});

	it("mounts components in new snippets and unmounts those replaced", async () => {
		const { page } = await open();
		await page.click("#next");
		await page.waitForFunction(() => window.probeLog?.includes("connect:snippet-2"));
		expect(await page.evaluate(() => window.probeLog)).toContain("disconnect:snippet-1");
		await page.context().close();
	});

	it("keeps focus and caret in a field replaced by one with the same id, and announces the update", async () => {
		const { page } = await open();
		await page.focus("#focus-me");
		await page.evaluate(() => document.querySelector<HTMLInputElement>("#focus-me")!.setSelectionRange(2, 4));
		await page.evaluate(() => document.querySelector<HTMLAnchorElement>("#no-history")!.click());
		await page.waitForFunction(
			() => window.probeLog?.filter((entry) => entry === "connect:snippet-1").length === 2,
		);
		const state = await page.evaluate(() => {
			const input = document.activeElement as HTMLInputElement;
			return { id: input.id, start: input.selectionStart, end: input.selectionEnd };
		});
		expect(state).toEqual({ id: "focus-me", start: 2, end: 4 });
		await page.waitForFunction(() =>
			[...document.querySelectorAll("[aria-live=polite]")].some(
				(region) => region.textContent === "Obsah stránky byl aktualizován.",
			),
		);
		await page.context().close();
	});

	it("appends every snippet when the payload says append", async () => {
		const { page } = await open();
		await page.evaluate(() =>
			document.querySelector("#put-form")!.setAttribute("action", "/_fixtures/ajax/echo?append=1"),
		);
		await page.click("#put-form button");
		await echo(page);
		expect(await page.locator(".item").allTextContents()).toEqual(["item 1", "appended"]);
		expect(await page.locator("#snippet--page").textContent()).toMatch(/^Page 1.*x$/s);
		await page.context().close();
	});

	it("follows a redirect after applying the snippets", async () => {
		const { page } = await open();
		await page.evaluate(() =>
			document
				.querySelector("#put-form")!
				.setAttribute("action", "/_fixtures/ajax/echo?redirect=/_fixtures/ajax/html"),
		);
		await Promise.all([page.waitForURL(`${origin()}/_fixtures/ajax/html`), page.click("#put-form button")]);
		expect(await page.title()).toBe("Plain HTML");
		await page.context().close();
	});

	it("adds no history entry for a redirect's answer: Back from the page it loads returns to this one", async () => {
		const { page } = await open();
		await prependAjaxLink(page, {
			id: "redirecting",
			href: "/_fixtures/ajax/echo?redirect=/_fixtures/ajax/html",
			text: "Redirecting",
		});
		const entries = await page.evaluate(() => history.length);
		await Promise.all([page.waitForURL(`${origin()}/_fixtures/ajax/html`), page.click("#redirecting")]);
		// One entry, the redirect's target's: none for the link's own address.
		expect(await page.evaluate(() => history.length)).toBe(entries + 1);
		await page.goBack();
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax`);
		await page.context().close();
	});
});

describe("failures", () => {
	it("shows a server error with its message and a retry that succeeds, keeping what was typed", async () => {
		const { page } = await open();
		await page.fill("#put-form input", "typed by the user");
		await page.evaluate(() =>
			document
				.querySelector("#put-form")!
				.setAttribute("action", `/_fixtures/ajax/echo?failOnce=${Math.random()}`),
		);
		await page.click("#put-form button");
		const alert = page.locator(".ajax-error[role=alert]");
		await alert.waitFor();
		expect(await alert.textContent()).toContain("Temporary failure, try again.");
		expect(await page.inputValue("#put-form input")).toBe("typed by the user");
		expect(await page.locator("#put-form").getAttribute("class")).not.toContain("is-loading");
		await page.getByRole("button", { name: "Zkusit znovu" }).click();
		expect((await echo(page)).fields).toEqual([["name", "typed by the user"]]);
		expect(await alert.count()).toBe(0);
		// Focus is back on the button that sent the form, not lost with the bar.
		expect(await page.evaluate(() => document.activeElement?.matches("#put-form button"))).toBe(true);
		await page.context().close();
	});

	it("shows a network failure as such; closed, by its button or Escape, focus goes back to the sender", async () => {
		const { page } = await open();
		await page.route("**/_fixtures/ajax/echo*", (route) => route.abort("internetdisconnected"));
		await page.click("#put-form button");
		await page.locator(".ajax-error").waitFor();
		expect(await page.locator(".ajax-error").textContent()).toContain("Nepodařilo se spojit se serverem");
		await page.getByRole("button", { name: "Zavřít" }).click();
		expect(await page.locator(".ajax-error").count()).toBe(0);
		expect(await page.evaluate(() => document.activeElement?.matches("#put-form button"))).toBe(true);

		// Escape dismisses it too: pressed elsewhere, focus stays where it is; on the bar's buttons, it goes back.
		await page.keyboard.press("Enter");
		await page.locator(".ajax-error").waitFor();
		await page.keyboard.press("Escape");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		expect(await page.evaluate(() => document.activeElement?.matches("#put-form button"))).toBe(true);
		await page.keyboard.press("Enter");
		await page.getByRole("button", { name: "Zkusit znovu" }).focus();
		await page.keyboard.press("Escape");
		expect(await page.locator(".ajax-error").count()).toBe(0);
		expect(await page.evaluate(() => document.activeElement?.matches("#put-form button"))).toBe(true);
		await page.context().close();
	});

	it("shows an error for a 4xx answer and for a POST answered with HTML", async () => {
		const { page } = await open();
		await page.evaluate(() =>
			document.querySelector("#put-form")!.setAttribute("action", "/_fixtures/ajax/echo?status=422"),
		);
		await page.click("#put-form button");
		await page.locator(".ajax-error").waitFor();
		expect(await page.locator(".ajax-error p").textContent()).toBe("Failed with 422");
		await page.evaluate(() =>
			document.querySelector("#post-form")!.setAttribute("action", "/_fixtures/ajax/echo?nonjson=1"),
		);
		await page.click("#post-form button[name=action]");
		await page.waitForFunction(() =>
			document.querySelector(".ajax-error p")?.textContent?.startsWith("Požadavek"),
		);
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax`);
		await page.context().close();
	});

	it("applies snippets and redirects answered with any status, as servers answer refusals", async () => {
		const { page } = await open();
		for (const code of [400, 413, 429]) {
			await page.evaluate(
				(code) =>
					document.querySelector("#put-form")!.setAttribute("action", `/_fixtures/ajax/echo?code=${code}`),
				code,
			);
			await page.click("#put-form button");
			await page.waitForFunction(
				(query) => document.querySelector("#echo")?.textContent?.includes(query),
				`code=${code}`,
			);
			expect((await echo(page)).method).toBe("PUT");
			expect(await page.locator(".ajax-error").count()).toBe(0);
		}
		await page.evaluate(() =>
			document
				.querySelector("#put-form")!
				.setAttribute("action", "/_fixtures/ajax/echo?code=401&redirect=/_fixtures/ajax/html"),
		);
		await Promise.all([page.waitForURL(`${origin()}/_fixtures/ajax/html`), page.click("#put-form button")]);
		await page.context().close();
	});

	it("shows the server's failures in the page's language, without internals", async () => {
		for (const [lang, expected] of [
			["cs", ["Něco se pokazilo. ", "Stránka nenalezena. "]],
			["en", ["Something went wrong. ", "Page not found. "]],
		] as const) {
			// The language is the request's, as its address says: English pages link under /en.
			const prefix = lang === "en" ? "/en" : "";
			const { page } = await open(`${prefix}/_fixtures/ajax`);
			for (const [index, path] of ["/_fixtures/ajax/throw", "/_fixtures/ajax/no-such-page"].entries()) {
				const href = prefix + path;
				await prependAjaxLink(page, { id: `failing-${href.length}`, href, text: "Failing" });
				await page.click(`#failing-${href.length}`);
				await page.waitForFunction(
					(start) => document.querySelector(".ajax-error p")?.textContent?.startsWith(start),
					expected[index]!,
				);
			}
			await page.context().close();
		}
	});

	it("falls back to a normal page load when a GET link is answered with HTML", async () => {
		const { page } = await open();
		await Promise.all([page.waitForURL(`${origin()}/_fixtures/ajax/html`), page.click("#html-link")]);
		expect(await page.locator("h1").textContent()).toBe("Plain HTML page");
		await page.context().close();
	});
});

describe("autosubmit", () => {
	it("submits on change at once, and 200 ms after the last keyup or other input that changed a text field", async () => {
		const observed = await openPage(browser);
		const { page, requests } = observed;
		await page.clock.install();
		await page.goto(`${origin()}/_fixtures/ajax`);
		await page.waitForFunction(() => window.probeLog?.includes("connect:listener"));
		// The installed clock still runs in real time: paused, a slow machine's pauses between keys cannot
		// count as the 200 ms of the debounce; only runFor moves it.
		await page.clock.pauseAt(Date.now() + 1000);
		const echoes = () => requests.filter((url) => url.includes("/_fixtures/ajax/echo")).length;

		await page.selectOption("#filter select", "praha");
		await page.waitForFunction(() => document.querySelector("#echo")?.textContent !== "none");
		expect(echoes()).toBe(1);
		expect((await echo(page)).query).toBe("region=praha&city=");

		await page.focus("#filter input");
		await page.keyboard.type("Br");
		await page.clock.runFor(150);
		await page.keyboard.type("no");
		await page.clock.runFor(199);
		expect(echoes()).toBe(1);
		await page.clock.runFor(1);
		await page.waitForFunction(() => document.querySelector("#echo")?.textContent?.includes("Brno"));
		expect(echoes()).toBe(2);
		// Keys that change nothing send nothing; leaving the field (change) does not resend the same data.
		await page.keyboard.press("ArrowLeft");
		await page.clock.runFor(500);
		await page.keyboard.press("Tab");
		await page.clock.runFor(500);
		expect(echoes()).toBe(2);
		// Text without keys (pasted with the mouse, autofilled: fill() sends input events only) counts as typed.
		await page.fill("#filter input", "Brno-sever");
		await page.clock.runFor(199);
		expect(echoes()).toBe(2);
		await page.clock.runFor(1);
		await page.waitForFunction(() => document.querySelector("#echo")?.textContent?.includes("Brno-sever"));
		expect(echoes()).toBe(3);
		await page.context().close();
	});

	it("sends what was typed before the autosubmit module arrived, once it has", async () => {
		const { page, requests } = await openPage(browser);
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		const { promise: asked, resolve: ask } = Promise.withResolvers<void>();
		// The module comes only once the test lets it: everything below is typed before it runs.
		await page.route(/\/autosubmit-[\w-]+\.js$/, async (route) => {
			ask();
			await released;
			await route.continue();
		});
		await page.goto(`${origin()}/_fixtures/ajax`);
		await asked;
		await page.focus("#filter input");
		await page.keyboard.type("Brno");
		const echoes = () => requests.filter((url) => url.includes("/_fixtures/ajax/echo")).length;
		expect(echoes()).toBe(0);
		release();
		expect((await echo(page)).query).toBe("region=&city=Brno");
		expect(echoes()).toBe(1);
		await page.context().close();
	});

	it("sends text typed while the last filter loads, aborting it, so the results match the field", async () => {
		const { page } = await open();
		const { promise: released, resolve: release } = Promise.withResolvers<void>();
		const { promise: heldSeen, resolve: held } = Promise.withResolvers<void>();
		// The first filter's answer waits until the test lets it go.
		await page.route("**/_fixtures/ajax/echo?region=&city=Br", async (route) => {
			held();
			await released;
			await route.continue().catch(() => undefined);
		});
		await page.focus("#filter input");
		await page.keyboard.type("Br");
		await heldSeen;
		expect(await page.locator("#filter").getAttribute("class")).toContain("is-loading");
		await page.keyboard.type("no");
		await page.waitForFunction(() => location.search === "?region=&city=Brno", undefined, {
			timeout: 10_000,
		});
		release();
		expect((await echo(page)).query).toBe("region=&city=Brno");
		expect(await page.locator("#filter").getAttribute("class")).not.toContain("is-loading");
		await page.context().close();
	});

	it("sends the data again when the field is left after Escape aborted its request", async () => {
		const { page } = await open("/_fixtures/ajax", (page) => page.clock.install());
		// Paused, the clock moves only by runFor: a busy machine's pause between two keys cannot send part of
		// the text, whose answer would show in #echo.
		await page.clock.pauseAt(Date.now() + 1000);
		const { promise: held, resolve: seen } = Promise.withResolvers<void>();
		let first = true;
		// The first answer never comes; later ones do.
		await page.route("**/_fixtures/ajax/echo?region=&city=Brno", async (route) => {
			if (!first) return route.continue();
			first = false;
			seen();
		});
		await page.focus("#filter input");
		await page.keyboard.type("Brno");
		await page.clock.runFor(200);
		await page.clock.resume();
		await held;
		await page.keyboard.press("Escape");
		await page.waitForFunction(() => !document.querySelector("#filter")?.classList.contains("is-loading"));
		expect(await page.locator("#echo").textContent()).toBe("none");
		await page.keyboard.press("Tab");
		expect((await echo(page)).query).toBe("region=&city=Brno");
		await page.context().close();
	});

	it("replaces the history entry, so a reload shows the filtered page", async () => {
		const { page } = await open();
		const length = await page.evaluate(() => history.length);
		await page.selectOption("#filter select", "praha");
		await echo(page);
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax/echo?region=praha&city=`);
		expect(await page.evaluate(() => history.length)).toBe(length);
		await page.context().close();
	});

	it("sends a form without the ajax class by ajax when its submit button has the class, as Naja does", async () => {
		const { page } = await open();
		await page.click("#plain-form button.ajax");
		expect((await echo(page)).fields).toEqual([
			["plain", "plain value"],
			["via", "ajax"],
		]);
		expect(page.url()).toBe(`${origin()}/_fixtures/ajax`);
		// Its other button submits it as a page.
		await page.click("#plain-form button:not(.ajax)", { noWaitAfter: true });
		await page.waitForURL(`${origin()}/_fixtures/ajax/echo`, { waitUntil: "commit" });
		await page.context().close();
	});

	it("submits a form without the ajax class normally", async () => {
		const { page } = await open();
		// click, not check(): the normal submit replaces the page before check() could confirm the state.
		await page.click("#plain-autosubmit input", { noWaitAfter: true });
		await page.waitForURL(`${origin()}/_fixtures/ajax/html?agree=1`, { waitUntil: "commit" });
		await page.context().close();
	});
});

describe("server", () => {
	it("answers a failure with JSON for ajax and an error page otherwise, never with internals", async () => {
		const ajax = await fetch(`${origin()}/_fixtures/ajax/throw`, {
			headers: { "X-Requested-With": "XMLHttpRequest" },
		});
		expect(ajax.status).toBe(500);
		expect(await ajax.json()).toEqual({
			error: "Něco se pokazilo. Na naší straně nastala chyba. Zkuste to prosím za chvíli znovu.",
		});
		const page = await fetch(`${origin()}/_fixtures/ajax/throw`);
		expect(page.status).toBe(500);
		const html = await page.text();
		expect(html).toContain("Něco se pokazilo");
		expect(html).not.toContain("secret internals");
	});

	it("answers a successful POST with a redirect for ajax and 303 otherwise, under the page's language", async () => {
		const ajax = await fetch(`${origin()}/en/_fixtures/ajax/saved`, {
			method: "POST",
			headers: { "X-Requested-With": "XMLHttpRequest" },
		});
		expect(await ajax.json()).toEqual({ redirect: "/en/_fixtures/ajax/html" });
		const plain = await fetch(`${origin()}/_fixtures/ajax/saved`, { method: "POST", redirect: "manual" });
		expect(plain.status).toBe(303);
		expect(plain.headers.get("location")).toBe("/_fixtures/ajax/html");
	});

	it("answers an ajax request to a page with its snippets and title as JSON", async () => {
		const response = await fetch(`${origin()}/_fixtures/ajax?page=3`, {
			headers: { "X-Requested-With": "XMLHttpRequest" },
		});
		expect(response.headers.get("content-type")).toMatch(/^application\/json/);
		expect(response.headers.get("vary")).toContain("X-Requested-With");
		const payload = (await response.json()) as { snippets: Record<string, string> };
		expect(Object.keys(payload.snippets).sort()).toEqual([
			"snippet--echo",
			"snippet--list",
			"snippet--nav",
			"snippet--page",
			"snippet--title",
		]);
		expect(payload.snippets["snippet--title"]).toBe("Ajax page 3");
		expect(payload.snippets["snippet--page"]).toContain("Page <!-- -->3");
		expect(payload.snippets["snippet--list"]).toBe('<p class="item">item <!-- -->3</p>');
	});
});
