import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, type ObservedPage, openPage, origin } from "../helpers/browser";

let browser: Browser;
beforeAll(async () => {
	browser = await connectBrowser();
});
afterAll(() => browser.close());

/** The probe's chunk (hash: 6 base64url characters), not probe-broken's or probe-island's. */
const PROBE_CHUNK = /\/assets\/frontend\/js\/probe-[\w-]{6}\.js(\?.*)?$/;

async function open(
	path: string,
	prepare?: (observed: ObservedPage) => Promise<void>,
): Promise<ObservedPage> {
	const observed = await openPage(browser);
	await prepare?.(observed);
	await observed.page.goto(`${origin()}${path}`);
	return observed;
}

function probeLog(page: Page): Promise<string[]> {
	return page.evaluate(() => window.probeLog ?? []);
}

async function waitForLog(page: Page, entry: string): Promise<void> {
	await page.waitForFunction((wanted) => window.probeLog?.includes(wanted), entry);
}

/** Resolves with the component:error details the page reports (name and error name/message). */
function collectErrors(page: Page): Promise<void> {
	return page.evaluate(() => {
		const errors: { name: string; error: string }[] = [];
		(window as unknown as { componentErrors: typeof errors }).componentErrors = errors;
		document.addEventListener("component:error", (event) => {
			const error = event.detail.error as Error;
			errors.push({ name: event.detail.name, error: `${error.name}: ${error.message}` });
		});
	});
}

function componentErrors(page: Page): Promise<{ name: string; error: string }[]> {
	return page.evaluate(() => (window as unknown as { componentErrors: [] }).componentErrors);
}

describe("component loader", () => {
	it("mounts components of the initial HTML, with props from data-<name>-* attributes", async () => {
		const { page } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:c");
		const log = await probeLog(page);
		expect(log).toEqual(expect.arrayContaining(["connect:probe-a", "connect:probe-b", "connect:c"]));
		await page.click("#probe-a");
		expect(await probeLog(page)).toContain("click:probe-a");
		await page.context().close();
	});

	it("mounts components in HTML inserted later, and each only once", async () => {
		const { page } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:probe-a");
		await page.evaluate(() => {
			document.querySelector("#container")!.innerHTML =
				'<section><div id="late" data-component="probe">late</div></section>';
		});
		await waitForLog(page, "connect:late");
		// Re-inserting the container's parent subtree must not connect the already mounted probe twice.
		await page.evaluate(() => document.body.append(document.querySelector("#container")!));
		await page.waitForTimeout(50);
		const log = await probeLog(page);
		expect(log.filter((entry) => entry === "connect:late")).toHaveLength(1);
		await page.context().close();
	});

	it("unmounts a removed component: its cleanup runs and its listeners are gone", async () => {
		const { page } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:probe-a");
		const disconnected = page.evaluate(
			() =>
				new Promise<string>((resolve) =>
					document.addEventListener("component:disconnected", (event) => resolve(event.detail.name), {
						once: true,
					}),
				),
		);
		await page.evaluate(() => {
			const probe = document.querySelector<HTMLElement>("#probe-a")!;
			(window as unknown as { removed: HTMLElement }).removed = probe;
			probe.remove();
		});
		await waitForLog(page, "disconnect:probe-a");
		expect(await disconnected).toBe("probe");
		await page.evaluate(() => (window as unknown as { removed: HTMLElement }).removed.click());
		expect(await probeLog(page)).not.toContain("click:probe-a");
		await page.context().close();
	});

	it("does not remount a moved component", async () => {
		const { page } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:c");
		await page.evaluate(() => {
			const probe = document.querySelector("#probe-c")!;
			probe.remove();
			document.querySelector("#container")!.append(probe);
		});
		await page.evaluate(() =>
			document.querySelector("#container")!.prepend(document.querySelector("#probe-a")!),
		);
		await page.waitForTimeout(100);
		const log = await probeLog(page);
		expect(log.filter((entry) => entry.endsWith(":c") || entry.endsWith(":probe-a"))).toEqual([
			"connect:probe-a",
			"connect:c",
		]);
		await page.click("#probe-c");
		expect(await probeLog(page)).toContain("click:c");
		await page.context().close();
	});

	it("mounts and unmounts when data-component changes", async () => {
		const { page } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:probe-a");
		await page.evaluate(() => document.querySelector("#probe-a")!.setAttribute("data-component", ""));
		await waitForLog(page, "disconnect:probe-a");
		await page.evaluate(() => document.querySelector("#probe-a")!.setAttribute("data-component", "probe"));
		await page.waitForFunction(
			() => window.probeLog?.filter((entry) => entry === "connect:probe-a").length === 2,
		);
		await page.context().close();
	});

	it("keeps mounting other components when one throws on connect", async () => {
		const { page } = await open("/_fixtures/probes", async ({ page }) => {
			await page.addInitScript(() => {
				const errors: string[] = [];
				(window as unknown as { connectErrors: string[] }).connectErrors = errors;
				document.addEventListener("component:error", (event) => errors.push(event.detail.name));
			});
		});
		await waitForLog(page, "connect:probe-b");
		await page.waitForFunction(() =>
			(window as unknown as { connectErrors: string[] }).connectErrors.includes("probe-broken"),
		);
		expect(await probeLog(page)).toEqual(expect.arrayContaining(["connect:probe-a", "connect:c"]));
		await page.context().close();
	});

	it("requests no chunk in the task that starts it: each import() waits for a task of its own", async () => {
		const { page } = await open("/_fixtures/probes", async ({ page }) => {
			await page.addInitScript(() =>
				document.addEventListener("runtime:start", () => {
					(window as unknown as { startEnded: number }).startEnded = performance.now();
				}),
			);
		});
		// Resource entries appear once a response has arrived: both chunks (probe, probe-broken) have.
		await page.waitForFunction(
			() =>
				performance.getEntriesByType("resource").filter((entry) => /\/js\/probe/.test(entry.name)).length >=
				2,
		);
		const { startEnded, chunksRequested } = await page.evaluate(() => ({
			startEnded: (window as unknown as { startEnded: number }).startEnded,
			chunksRequested: performance
				.getEntriesByType("resource")
				.filter((entry) => /\/assets\/frontend\/js\/probe/.test(entry.name))
				.map((entry) => entry.startTime),
		}));
		expect(chunksRequested.length).toBeGreaterThanOrEqual(2);
		for (const requested of chunksRequested) expect(requested).toBeGreaterThan(startEnded);
		await page.context().close();
	});

	it("retries a failed chunk once with a cache-busting query", async () => {
		const probeRequests: string[] = [];
		const { page } = await open("/_fixtures/probes", async ({ page }) => {
			await page.route(PROBE_CHUNK, (route) => {
				probeRequests.push(route.request().url());
				return probeRequests.length === 1 ? route.fulfill({ status: 404 }) : route.continue();
			});
		});
		await waitForLog(page, "connect:probe-a");
		expect(probeRequests).toHaveLength(2);
		expect(probeRequests[1]).toMatch(/\?retry=\d+$/);
		await page.context().close();
	});

	it("reports a ChunkLoadError for a chunk that 404s, and mounts the other components", async () => {
		const { page, requests } = await open("/_fixtures/probes", async ({ page }) => {
			await page.addInitScript(() => {
				const errors: string[] = [];
				(window as unknown as { chunkErrors: string[] }).chunkErrors = errors;
				document.addEventListener("component:error", (event) => {
					const error = event.detail.error as Error;
					errors.push(`${event.detail.name} ${error.name}`);
				});
			});
			await page.route(PROBE_CHUNK, (route) => route.fulfill({ status: 404 }));
		});
		// The three failed chunks and probe-broken's own error, in whichever order they come.
		await page.waitForFunction(
			() => (window as unknown as { chunkErrors: string[] }).chunkErrors.length >= 4,
		);
		const errors = await page.evaluate(() => (window as unknown as { chunkErrors: string[] }).chunkErrors);
		expect(errors.filter((error) => error === "probe ChunkLoadError")).toHaveLength(3);
		// probe-broken shares an element with a failing probe and still connects (and throws its own error).
		expect(errors).toContain("probe-broken Error");
		expect(requests.filter((url) => PROBE_CHUNK.test(url)).length).toBeLessThanOrEqual(2 * 3);
		await page.context().close();
	});

	it("gives up on a chunk that never arrives with a ChunkLoadError after 120 s", async () => {
		const { page } = await open("/_fixtures/empty", async ({ page }) => {
			await page.clock.install();
			await page.route(PROBE_CHUNK, () => {
				// Never answered: the request hangs like a stalled connection.
			});
		});
		await collectErrors(page);
		await page.evaluate(() => {
			const probe = document.createElement("div");
			probe.dataset.component = "probe";
			document.body.append(probe);
		});
		await page.clock.runFor(119_000);
		expect(await componentErrors(page)).toEqual([]);
		await page.clock.runFor(1_000);
		await page.waitForFunction(
			() => (window as unknown as { componentErrors: [] }).componentErrors.length > 0,
		);
		expect(await componentErrors(page)).toEqual([
			{
				name: "probe",
				error: expect.stringMatching(/^ChunkLoadError: Loading chunk .*probe-.*\.js failed$/),
			},
		]);
		await page.context().close();
	});

	it("warns about unknown components and double mounts in a development build", async () => {
		const { page, messages } = await open("/_fixtures/probes");
		await waitForLog(page, "connect:probe-a");
		// A string, so that Vitest does not rewrite the dynamic import for Node.
		await page.evaluate(`(async () => {
			const runtime = document.querySelector('script[type="module"]').src;
			const { components } = await import(runtime);
			components.mount(document.querySelector("#probe-a"));
		})()`);
		expect(
			messages.some((message) => message.startsWith('warning: Component "no-such-component" not found')),
		).toBe(true);
		expect(messages.some((message) => message.startsWith("warning: Component instance already exists"))).toBe(
			true,
		);
		await page.context().close();
	});

	it("leaves the developer warnings out of the production build", () => {
		const warnings = [
			'Component "${',
			"Component instance already exists",
			"mount() before start() does nothing",
		];
		const scripts = (client: string) =>
			readdirSync(client, { recursive: true, encoding: "utf8" })
				.filter((file) => file.endsWith(".js"))
				.map((file) => readFileSync(join(client, file), "utf8"));
		// The test build (these tests' server) has every one: the texts looked for are the ones printed.
		const testBuild = scripts(`${process.env.TEST_DIST || "dist/test"}/client`).join("\n");
		for (const warning of warnings) expect(testBuild).toContain(warning);
		const production = scripts("dist/client");
		expect(production.length).toBeGreaterThan(10);
		expect(warnings.filter((warning) => production.some((script) => script.includes(warning)))).toEqual([]);
	});
});

describe("React islands", () => {
	it("hydrate without warnings, each its own root with its own ids, and react to input", async () => {
		const { page, messages } = await open("/_fixtures/island", async ({ page }) => {
			await page.addInitScript(() => {
				const connected: string[] = [];
				(window as unknown as { connected: string[] }).connected = connected;
				document.addEventListener("component:connected", (event) => connected.push(event.detail.name));
			});
		});
		await page.waitForFunction(() => (window as unknown as { connected: string[] }).connected.length === 2);
		const ids = await page.$$eval("output", (outputs) => outputs.map((output) => output.id));
		expect(new Set(ids).size).toBe(2);
		await page.getByRole("button", { name: "+1" }).first().click();
		await page.waitForFunction(() => document.querySelector("output")?.textContent === "2");
		expect(await page.locator("output").nth(1).textContent()).toBe("10");
		expect(messages.filter((message) => !message.startsWith("log:"))).toEqual([]);
		await page.context().close();
	});

	it("are the only pages that download React", async () => {
		const island = await open("/_fixtures/island");
		await island.page.waitForFunction(() => document.querySelector("output")?.textContent === "1");
		await island.page.waitForLoadState("networkidle");
		expect(island.requests.some((url) => /\/react-[\w-]+\.js$/.test(url))).toBe(true);
		await island.page.context().close();

		for (const path of ["/", "/_fixtures/probes", "/_components"]) {
			const { page, requests } = await open(path);
			await page.waitForLoadState("networkidle");
			expect(requests.filter((url) => /react/i.test(url))).toEqual([]);
			await page.context().close();
		}
	});
});
