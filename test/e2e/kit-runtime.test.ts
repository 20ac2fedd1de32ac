/**
 * The kit (`npm run build:kit`, dist/kit/) on a page of another server: the stand-in of kit-support.ts
 * (Node's http, Nette-style HTML strings, a strict nonce CSP, no `Vary`), in Chromium. The runtime
 * starts from /kit/ alone; a host's component defined with `components.define` mounts on load and in a
 * snippet, and wins over the kit's of the same name; an unknown name dispatches `component:unknown`;
 * runtime.css styles the runtime's own UI; a Nette table form is validated and sent by ajax.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, type ObservedPage, openPage, waitForRuntime } from "../helpers/browser";
import { hold, html, json, type KitServer, layout, netteRules, snippet, startKitServer } from "./kit-support";

declare global {
	interface Window {
		/** Names of `component:unknown` events, recorded from before the runtime starts. */
		unknownComponents?: string[];
		componentErrors?: string[];
		answerRan?: number;
		guessedRan?: boolean;
		plainRan?: boolean;
		sentinelRan?: boolean;
		feedRan?: number;
		itemsRan?: number;
		outerRan?: number;
		innerRan?: number;
		innerStale?: boolean;
		invalidMessages?: string[];
	}
}

const HELLO = `export default {
	connect(element, { props }) {
		element.textContent = "Hello, " + (props.name ?? "world");
		return () => document.body.setAttribute("data-hello-cleaned", element.id);
	},
};`;
// A host's own "modal": the kit's modal component would fail on it ("must be a <dialog>").
const HOST_MODAL = `export default {
	connect(element) {
		element.setAttribute("data-host-modal", "connected");
	},
};`;

const defineScript = (nonce: string, runtime = "/kit/runtime.js") => `<script type="module" nonce="${nonce}">
	import { components } from "${runtime}";
	components.define("hello", () => import("/host/hello.js"));
	components.define("modal", () => import("/host/host-modal.js"));
</script>`;

let browser: Browser;
let server: KitServer;
/** Resolves with the release of the /slow request once it has arrived (a new one for the next). */
let slowArrived = Promise.withResolvers<() => void>();

async function releaseSlow(): Promise<void> {
	const release = await slowArrived.promise;
	slowArrived = Promise.withResolvers();
	release();
}

beforeAll(async () => {
	browser = await connectBrowser();
	server = await startKitServer({ "hello.js": HELLO, "host-modal.js": HOST_MODAL });
	server.route("/", ({ nonce }) =>
		html(
			layout(
				`<div id="first" data-component="hello" data-hello-name="Nette"></div>
				<div id="host-modal" data-component="modal"></div>
				<div id="unknown" data-component="no-such-component"></div>
				<p><a class="ajax" href="/more">More</a> <a class="ajax" href="/slow">Slow</a> <a class="ajax" href="/broken">Broken</a></p>
				${snippet("list", "<p>Nothing yet</p>")}`,
				{ nonce, head: defineScript(nonce) },
			),
		),
	);
	// The development build, named once in an import map as kit/README.md suggests, so the page's
	// script and the page share one runtime.
	server.route("/dev", ({ nonce }) =>
		html(
			layout(
				`<div id="first" data-component="hello"></div>
				<div id="unknown" data-component="no-such-component"></div>`,
				{
					nonce,
					runtime: "/kit/dev/runtime.js",
					imports: { "@lumen/runtime": "/kit/dev/runtime.js" },
					head: defineScript(nonce, "@lumen/runtime"),
				},
			),
		),
	);
	// Nette's way: a nonce made for each response, the page's and each answer's own.
	server.route("/scripts", ({ nonce }) =>
		html(
			layout(
				`<p><a class="ajax" href="/scripts/more">More</a> <a class="ajax" href="/scripts/unvouched">Unvouched</a>
				<a class="ajax" href="/scripts/sentinel">Sentinel</a> <a class="ajax" href="/scripts/append">Append</a>
				<a class="ajax" href="/scripts/nested">Nested</a></p>
				<div id="snippet--outer"><div id="snippet--inner"></div></div>
				${snippet("list", "")}
				<div id="snippet--feed" data-ajax-append>
					<script nonce="${nonce}">window.feedRan = (window.feedRan ?? 0) + 1;</script>
				</div>`,
				{ nonce },
			),
		),
	);
	server.route("/scripts/more", ({ nonce }) =>
		json(
			{
				snippets: {
					"snippet--list": `<p>With scripts</p>
						<script nonce="${nonce}">window.answerRan = (window.answerRan ?? 0) + 1;</script>
						<script nonce="guessed">window.guessedRan = true;</script>
						<script>window.plainRan = true;</script>`,
				},
			},
			{ csp: true },
		),
	);
	// The same scripts in an answer without a policy of its own: its nonce vouches for nothing.
	server.route("/scripts/unvouched", ({ nonce }) =>
		json({
			snippets: {
				"snippet--list": `<p>Without a policy</p><script nonce="${nonce}">window.answerRan = -1;</script>`,
			},
		}),
	);
	// Vouched for, after the unvouched one: once it has run, the one before would have too.
	server.route("/scripts/sentinel", ({ nonce }) =>
		json(
			{ snippets: { "snippet--list": `<script nonce="${nonce}">window.sentinelRan = true;</script>` } },
			{ csp: true },
		),
	);
	// Appended to a snippet that holds scripts already, the page's own among them.
	server.route("/scripts/append", ({ nonce }) =>
		json(
			{
				snippets: {
					"snippet--feed": `<p>Item</p><script nonce="${nonce}">window.itemsRan = (window.itemsRan ?? 0) + 1;</script>`,
				},
			},
			{ csp: true },
		),
	);
	// Nested snippets in one answer, the outer first: its own script, and the inner's as the inner brings it.
	server.route("/scripts/nested", ({ nonce }) =>
		json(
			{
				snippets: {
					"snippet--outer": `<script nonce="${nonce}">window.outerRan = (window.outerRan ?? 0) + 1;</script>
						<div id="snippet--inner"><script nonce="${nonce}">window.innerStale = true;</script></div>`,
					"snippet--inner": `<script nonce="${nonce}">window.innerRan = (window.innerRan ?? 0) + 1;</script>
						<script nonce="${nonce}">window.innerRan = (window.innerRan ?? 0) + 1;</script>`,
				},
			},
			{ csp: true },
		),
	);
	server.route("/no-message", ({ nonce }) =>
		html(
			layout(
				`<form action="/no-message" method="post">
					<p><label for="name">Name</label> <input id="name" name="name" ${netteRules([{ op: ":filled" }])}></p>
					<p><button>Send</button></p>
				</form>`,
				{ nonce },
			),
		),
	);
	// A mistake the development build points out: the page loads one address, its script another.
	server.route("/two-copies", ({ nonce }) =>
		html(
			layout("<p>Two copies</p>", {
				nonce,
				runtime: "/kit/dev/runtime.js",
				head: `<script type="module" nonce="${nonce}">import "/kit/runtime.js";</script>`,
			}),
		),
	);
	// kit/README.md's recipe: focus on the first field the server refused, in an ajax answer's snippet.
	const signupForm = (error = "") => `<form id="frm-signup" class="ajax" action="/signup/send" method="post">
		<p><label for="frm-signup-email">E-mail</label>
		<input id="frm-signup-email" name="email" value="${error ? "jana@example.cz" : ""}"
			${netteRules([{ op: ":email", msg: "Enter an e-mail address." }])}
			${error ? `data-nette-error="${error}"` : ""}>${error ? `<span class="error">${error}</span>` : ""}</p>
		<p><input type="submit" id="frm-signup-send" name="send" value="Send"></p></form>`;
	server.route("/signup", ({ nonce }) =>
		html(
			layout(snippet("signup", signupForm()), {
				nonce,
				head: `<script type="module" nonce="${nonce}">
					document.addEventListener("snippet:updated", (event) => {
						event.target.querySelector("[data-nette-error]")?.focus();
					});
				</script>`,
			}),
		),
	);
	server.route("/signup/send", () =>
		json({ snippets: { "snippet--signup": signupForm("This e-mail is taken.") } }),
	);
	server.route("/more", ({ ajax, nonce }) =>
		ajax
			? json({
					snippets: {
						"snippet--list": '<div id="second" data-component="hello" data-hello-name="snippet"></div>',
					},
				})
			: html(layout("<p>More, as a page</p>", { nonce })),
	);
	server.route("/slow", () => {
		const held = hold(json({ snippets: { "snippet--list": "<p>Slow content</p>" } }));
		slowArrived.resolve(held.release);
		return held.answer;
	});
	server.route("/broken", () => html("Internal Server Error", { status: 500, csp: false }));
	server.route("/contact", ({ nonce }) =>
		html(
			layout(
				`<form action="/contact/send" method="post" id="frm-contactForm" class="ajax">
				<table>
					<tr>
						<th><label for="frm-contactForm-email" class="required">E-mail</label></th>
						<td><input type="text" name="email" id="frm-contactForm-email" class="text" ${netteRules([
							{ op: ":filled", msg: "Enter your e-mail." },
							{ op: ":email", msg: "Enter a valid e-mail address." },
						])}></td>
					</tr>
					<tr><th></th><td><input type="submit" name="_submit" class="button" value="Send"></td></tr>
				</table>
				</form>
				${snippet("result", "")}`,
				{ nonce },
			),
		),
	);
	server.route("/contact/send", ({ form }) =>
		json({ snippets: { "snippet--result": `<p>Thank you, ${form.get("email")}</p>` } }),
	);
});

afterAll(async () => {
	await browser?.close();
	await server?.stop();
});

async function open(path: string): Promise<ObservedPage> {
	const observed = await openPage(browser);
	await observed.page.addInitScript(() => {
		window.unknownComponents = [];
		window.componentErrors = [];
		document.addEventListener("component:unknown", ({ detail }) =>
			window.unknownComponents?.push(detail.name),
		);
		document.addEventListener("component:error", ({ detail }) => window.componentErrors?.push(detail.name));
	});
	observed.page.setDefaultTimeout(10_000);
	await observed.page.goto(`${server.origin}${path}`);
	await waitForRuntime(observed.page);
	return observed;
}

const KIT_VERSION = (JSON.parse(readFileSync("dist/kit/package.json", "utf8")) as { version: string })
	.version;

const problems = (messages: string[]) => messages.filter((text) => /^(error|pageerror|warning)/.test(text));

describe("the kit on another server", () => {
	it("starts from dist/kit alone, under a strict CSP, with no Vary header", async () => {
		const { page, messages, requests } = await open("/");
		await page.waitForSelector("#first:has-text('Hello, Nette')");
		const scripts = requests.filter((url) => url.endsWith(".js")).map((url) => new URL(url).pathname);
		expect(scripts).toContain("/kit/runtime.js");
		expect(scripts.every((path) => path.startsWith("/kit/") || path.startsWith("/host/"))).toBe(true);
		// The kit's own modal was never loaded: the host's definition won.
		expect(scripts.some((path) => /^\/kit\/modal-/.test(path))).toBe(false);
		expect(server.responseHeaders.every((headers) => !("vary" in headers))).toBe(true);
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("mounts a host's component on load and after a snippet swap, and its own over the kit's", async () => {
		const { page, messages } = await open("/");
		await page.waitForSelector("#first:has-text('Hello, Nette')");
		await page.waitForSelector("#host-modal[data-host-modal='connected']", { state: "attached" });

		await page.click("a[href='/more']");
		await page.waitForSelector("#second:has-text('Hello, snippet')");
		expect(server.requests.some((request) => request.path === "/more" && request.ajax)).toBe(true);
		expect(await page.evaluate(() => window.componentErrors)).toEqual([]);

		// Replaced by the next answer: the host's cleanup runs.
		await page.click("a[href='/slow']");
		await releaseSlow();
		await page.waitForSelector("body[data-hello-cleaned='second']", { state: "attached" });
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("dispatches component:unknown for a name nobody defined", async () => {
		const { page } = await open("/");
		await page.waitForFunction(() => (window.unknownComponents?.length ?? 0) > 0);
		expect(await page.evaluate(() => window.unknownComponents)).toEqual(["no-such-component"]);
		await page.context().close();
	});

	it("warns in the development build about a name nobody defined, and mounts the page's own", async () => {
		const { page, messages, requests } = await open("/dev");
		await page.waitForFunction(() => (window.unknownComponents?.length ?? 0) > 0);
		expect(await page.evaluate(() => window.unknownComponents)).toEqual(["no-such-component"]);
		expect(problems(messages)).toEqual([
			expect.stringContaining('Component "no-such-component" not found: define it with components.define'),
		]);
		await expect.poll(() => page.textContent("#first")).toBe("Hello, world");
		// One runtime: the page's script imported the same module the page started.
		const runtimes = requests
			.map((url) => new URL(url).pathname)
			.filter((path) => path.endsWith("/runtime.js"));
		expect(runtimes).toEqual(["/kit/dev/runtime.js"]);
		await page.context().close();
	});

	it("warns in the development build when a second copy of the runtime starts", async () => {
		const { page, messages } = await open("/two-copies");
		await expect
			.poll(() => problems(messages))
			.toEqual([expect.stringContaining("Two copies of the runtime started")]);
		await page.context().close();
	});

	it("runs a snippet's script that carries the nonce of the answer's own policy, once, and no other", async () => {
		const { page, messages } = await open("/scripts");
		await page.click("a[href='/scripts/more']");
		await page.waitForSelector("#snippet--list p:has-text('With scripts')");
		await expect.poll(() => page.evaluate(() => window.answerRan)).toBe(1);
		expect(await page.evaluate(() => [window.guessedRan, window.plainRan])).toEqual([undefined, undefined]);

		await page.click("a[href='/scripts/unvouched']");
		await page.waitForSelector("#snippet--list p:has-text('Without a policy')");
		// Answers' scripts run in the order the answers came: once the next one's has run, so would this.
		await page.click("a[href='/scripts/sentinel']");
		await page.waitForFunction(() => window.sentinelRan);
		expect(await page.evaluate(() => window.answerRan)).toBe(1);
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("runs each script of nested snippets in one answer once, the outer's too, and none the inner replaced", async () => {
		const { page, messages } = await open("/scripts");
		await page.click("a[href='/scripts/nested']");
		await page.click("a[href='/scripts/sentinel']");
		await page.waitForFunction(() => window.sentinelRan);
		expect(await page.evaluate(() => [window.outerRan, window.innerRan, window.innerStale])).toEqual([
			1,
			2,
			undefined,
		]);
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("runs an appended answer's scripts only, once each: not the snippet's earlier ones", async () => {
		const { page, messages } = await open("/scripts");
		expect(await page.evaluate(() => window.feedRan)).toBe(1);
		await page.click("a[href='/scripts/append']");
		await expect.poll(() => page.evaluate(() => window.itemsRan)).toBe(1);
		await page.click("a[href='/scripts/append']");
		await expect.poll(() => page.evaluate(() => window.itemsRan)).toBe(2);
		await page.click("a[href='/scripts/sentinel']");
		await page.waitForFunction(() => window.sentinelRan);
		expect(await page.evaluate(() => [window.feedRan, window.itemsRan])).toEqual([1, 2]);
		expect(await page.locator("#snippet--feed p").count()).toBe(2);
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("gives a rule written without a message the text of a bad value, on submit and live", async () => {
		const { page } = await open("/no-message");
		await page.evaluate(() =>
			document.addEventListener("forms:invalid", (event) => {
				const { detail } = event as CustomEvent<{ message: string }[]>;
				window.invalidMessages = detail.map(({ message }) => message);
			}),
		);
		await page.click("button");
		const text = "Please enter a valid value.";
		await page.waitForSelector(`.has-error .form-item__error:has-text('${text}')`);
		expect(await page.textContent(".form-summary li")).toBe(text);
		expect(await page.evaluate(() => window.invalidMessages)).toEqual([text]);

		await page.fill("#name", "Jana");
		await page.locator("#name").blur();
		await page.waitForSelector(".is-valid #name");
		await page.fill("#name", "");
		await page.locator("#name").blur();
		await page.waitForSelector(`.has-error .form-item__error:has-text('${text}')`);
		await page.context().close();
	});

	it("moves focus to the field the server refused with the README's snippet:updated recipe", async () => {
		const { page, messages } = await open("/signup");
		await page.fill("#frm-signup-email", "jana@example.cz");
		await page.click("#frm-signup-send");
		await page.waitForSelector("#frm-signup-email[aria-invalid=true]");
		await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("frm-signup-email");
		expect(await page.textContent("#snippet--signup span.error")).toBe("This e-mail is taken.");
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});

	it("styles its own UI with runtime.css: hidden announcer, a progress bar with height, the error bar", async () => {
		const { page } = await open("/");
		await page.click("a[href='/more']");
		await page.waitForSelector("#second");
		const announcer = await page.waitForSelector(".visually-hidden[aria-live]", { state: "attached" });
		await page.waitForFunction(
			() => document.querySelector(".visually-hidden[aria-live]")?.textContent !== "",
		);
		expect(await announcer.evaluate((element) => getComputedStyle(element).position)).toBe("absolute");
		const box = await announcer.boundingBox();
		expect(box?.width).toBeLessThanOrEqual(1);
		expect(box?.height).toBeLessThanOrEqual(1);

		await page.click("a[href='/slow']");
		const bar = await page.waitForSelector(".ajax-progress");
		expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
		expect((await bar.boundingBox())?.height).toBe(3);
		await releaseSlow();
		await page.waitForSelector(".ajax-progress", { state: "detached" });
		await page.waitForSelector("#snippet--list:has-text('Slow content')");

		await page.click("a[href='/broken']");
		const errorBar = await page.waitForSelector(".ajax-error");
		expect(await errorBar.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
		await page.context().close();
	});

	it("validates a Nette form (table renderer) and sends it by ajax once valid", async () => {
		const { page, messages, requests } = await open("/contact");
		await page.waitForFunction(
			() => (document.querySelector("#frm-contactForm") as HTMLFormElement).noValidate,
		);
		// The validation chunk, named by the package's version (kit/README.md).
		expect(requests.map((url) => new URL(url).pathname)).toContain(`/kit/forms-${KIT_VERSION}.js`);
		const sent = () => server.requests.filter((request) => request.path === "/contact/send").length;
		const before = sent();

		await page.click("input[name='_submit']");
		await expectError(page, "Enter your e-mail.");
		expect(await page.textContent(".form-summary")).toContain("Enter your e-mail.");

		await page.fill("#frm-contactForm-email", "jana@");
		await page.click("input[name='_submit']");
		await expectError(page, "Enter a valid e-mail address.");
		expect(sent()).toBe(before);

		await page.fill("#frm-contactForm-email", "jana@example.cz");
		await page.click("input[name='_submit']");
		await page.waitForSelector("#snippet--result:has-text('Thank you, jana@example.cz')");
		expect(await page.getAttribute("#frm-contactForm-email", "aria-invalid")).toBeNull();
		expect(sent()).toBe(before + 1);
		expect(problems(messages)).toEqual([]);
		await page.context().close();
	});
});

async function expectError(page: Page, message: string): Promise<void> {
	const cell = "td:has(> #frm-contactForm-email)";
	await page.waitForSelector(`${cell}.has-error .form-item__error:has-text('${message}')`);
	expect(await page.getAttribute("#frm-contactForm-email", "aria-invalid")).toBe("true");
	// runtime.css: the error block in the error colour.
	const color = await page.$eval(`${cell} .form-item__error`, (element) => getComputedStyle(element).color);
	expect(color).toBe("rgb(180, 35, 24)");
}
