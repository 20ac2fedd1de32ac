/**
 * `npm run bench:validation`: the median time Chromium spends validating a 100-control form on submit,
 * against the budget of issue 3 (under 2 ms). The budget applies to the work the runtime does for the
 * submit event: reading the controls, the engine, showing the verdicts, for an invalid form also the
 * summary, focus and the scroll to the first error. Not to the browser's style and layout of what it
 * changed, which is printed next to it: showing 100 messages costs Chromium its own layout time whoever
 * writes them, so the benchmark also times that layout after bare DOM code that makes the same changes
 * (texts, classes, `aria-invalid`, a summary). To scroll, the runtime reads the first error's position,
 * which lays the page out inside the listener: that call is timed and counted as layout, and the
 * layout of a valid form, left to the next frame, is forced right after the submit.
 * The values alternate between valid and invalid from one submit to the next, so every timed submit
 * changes every control's state (a repeated identical submit would find nothing to write), and the
 * page renders a frame before each.
 * Also printed, outside the budget: the whole `requestSubmit()`, which adds what Chromium does before
 * any submit listener runs (about 1 ms for 100 controls on a bare form without our runtime: its own
 * bookkeeping of a submission, not validation).
 * The page is cross-origin isolated so that `performance.now()` resolves 5 µs, not 100 µs.
 * Runs the production build (`npm run build` first; BENCH_DIST=<dir> for a build elsewhere) on a page
 * served by the benchmark itself.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { startServer } from "../test/helpers/server";

const BUDGET_MS = 2;
const RUNS = 101;
const CONTROLS = 100;

const rules = (list: unknown[]) => `data-nette-rules='${JSON.stringify(list)}'`;
const filled = { op: ":filled", msg: "Vyplňte toto pole." };
const item = (label: string, control: string) =>
	`<div class="form-item"><label>${label} ${control}</label><p class="form-item__error"></p></div>`;

/** 100 controls of the kinds a real form has: text with formats, numbers, checkboxes, selects, radio lists. */
function formHtml(): string {
	const controls: string[] = [
		`<input type="checkbox" id="toggle" ${rules([{ op: ":equal", arg: true, rules: [], toggle: { ready: true } }])}>`,
	];
	for (let i = 0; controls.length <= CONTROLS; i++) {
		const kind = i % 10;
		if (kind < 4)
			controls.push(
				item(
					`Text ${i}`,
					`<input name="t${i}" ${rules([filled, { op: ":minLength", msg: "Aspoň 2.", arg: 2 }])}>`,
				),
			);
		else if (kind < 6)
			controls.push(
				item(`E-mail ${i}`, `<input name="e${i}" ${rules([filled, { op: ":email", msg: "E-mail." }])}>`),
			);
		else if (kind === 6)
			controls.push(
				item(
					`Věk ${i}`,
					`<input type="number" name="n${i}" ${rules([filled, { op: ":integer", msg: "Číslo." }, { op: ":range", msg: "18–120.", arg: [18, 120] }])}>`,
				),
			);
		else if (kind === 7)
			controls.push(item(`Souhlas ${i}`, `<input type="checkbox" name="c${i}" ${rules([filled])}>`));
		else if (kind === 8)
			controls.push(
				item(
					`Výběr ${i}`,
					`<select name="s${i}" ${rules([filled])}><option value="">—</option><option value="1">1</option></select>`,
				),
			);
		else
			controls.push(
				item(
					`Volba ${i}`,
					["a", "b", "c"]
						.map((v, j) => `<input type="radio" name="r${i}" value="${v}" ${j ? "" : rules([filled])}>`)
						.join(""),
				),
			);
	}
	return `<!doctype html><html lang="cs"><head><meta charset="utf-8"><title>Bench</title>
<script type="module" src="/assets/frontend/js/runtime.js"></script></head>
<body><main><p id="ready" hidden>ready</p><form id="bench" method="post" action="/_bench/sent">${controls.join("\n")}
<button name="send">Odeslat</button></form></main></body></html>`;
}

const dist = process.env.BENCH_DIST || "dist";
const server = await startServer({
	entry: `${dist}/server/main.js`,
	env: { APP_ENV: "production", CLIENT_DIR: `${dist}/client` },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
	const page = await browser.newPage();
	await page.emulateMedia({ reducedMotion: "reduce" });
	await page.route("**/_bench/validation", (route) =>
		route.fulfill({
			contentType: "text/html",
			headers: {
				"Cross-Origin-Opener-Policy": "same-origin",
				"Cross-Origin-Embedder-Policy": "require-corp",
			},
			body: formHtml(),
		}),
	);
	await page.goto(`${server.origin}/_bench/validation`);
	// The toggle's target starts hidden and stays so: checking the box shows it once validation runs.
	await page.check("#toggle");
	await page.waitForSelector("#ready:not([hidden])", { state: "attached" });
	if (!(await page.evaluate(() => crossOriginIsolated)))
		throw new Error("The page is not cross-origin isolated");

	// The runtime's submit listener is a capture listener on document: a capture listener on window runs
	// before it, and one added on document after it runs right after it (even when it stopped the event's
	// propagation, which only stops it at the next element). The layout the runtime forces is the time
	// spent in getBoundingClientRect, the call that reads the first error's position.
	await page.evaluate(() => {
		const times = { start: 0, end: 0, layout: 0, forced: 0, reads: 0, forcedReads: 0 };
		Object.assign(window, { times });
		const measure = Element.prototype.getBoundingClientRect;
		Element.prototype.getBoundingClientRect = function (this: Element) {
			const start = performance.now();
			const rect = measure.call(this);
			times.layout += performance.now() - start;
			times.reads++;
			return rect;
		};
		window.addEventListener(
			"submit",
			() => {
				times.layout = 0;
				times.reads = 0;
				times.start = performance.now();
			},
			true,
		);
		document.addEventListener(
			"submit",
			() => {
				times.end = performance.now();
				times.forced = times.layout;
				times.forcedReads = times.reads;
			},
			true,
		);
		// A valid form would be sent: stop it after validation (listeners in the bubble phase run last).
		document.forms[0]!.addEventListener("submit", (event) => event.preventDefault());
	});
	// No helper functions inside: tsx would name them with a helper the page does not have.
	// `bare`: instead of submitting, make the changes the runtime's verdicts make, and time the layout.
	const measure = (valid: boolean, bare = false) =>
		page.evaluate(
			async ({ valid, bare, runs }) => {
				const form = document.querySelector<HTMLFormElement>("#bench")!;
				const { times } = window as unknown as {
					times: { start: number; end: number; forced: number; forcedReads: number };
				};
				const runtime: number[] = [];
				const layout: number[] = [];
				const whole: number[] = [];
				const shown: number[] = [];
				for (let i = 0; i < runs; i++) {
					// First the opposite values, submitted untimed: the timed submit changes every control's state.
					for (const fill of [!valid, valid]) {
						for (const element of form.querySelectorAll<HTMLInputElement>("input, select")) {
							if (element.type === "checkbox" && element.id !== "toggle") element.checked = fill;
							else if (element.type === "radio") element.checked = fill && element.value === "a";
							else if (element instanceof HTMLSelectElement) element.value = fill ? "1" : "";
							else if (element.type === "number") element.value = fill ? "30" : "";
							else if (element.name.startsWith("e")) element.value = fill ? "jana@example.cz" : "";
							else if (element.name) element.value = fill ? "text" : "";
						}
						// As between a user's submits, the page renders what changed (values, states) first.
						await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
						const before = performance.now();
						if (bare) {
							for (const item of form.querySelectorAll(".form-item")) {
								item.classList.replace(fill ? "has-error" : "is-valid", fill ? "is-valid" : "has-error");
								item.querySelector(".form-item__error")!.textContent = fill ? "" : "Vyplňte toto pole.";
								for (const field of item.querySelectorAll("[name]")) {
									if (fill) field.removeAttribute("aria-invalid");
									else field.setAttribute("aria-invalid", "true");
								}
							}
							form.querySelector(":scope > .form-summary")?.remove();
							if (!fill)
								form.insertAdjacentHTML(
									"afterbegin",
									'<div class="form-summary" role="alert"><p>Opravte prosím tyto chyby:</p><ul><li><a href="#t0">Vyplňte toto pole.</a></li></ul></div>',
								);
						} else form.requestSubmit();
						const after = performance.now();
						document.documentElement.getBoundingClientRect();
						const rest = performance.now() - after;
						if (!form.querySelector(".form-summary") !== fill) throw new Error("Unexpected verdict");
						if (fill !== valid) continue;
						whole.push(after - before);
						if (bare) layout.push(rest);
						else {
							// Only one read is layout the page needs anyway: reads between writes would be the
							// runtime's own layout work, which must not be taken out of its time.
							if (times.forcedReads > 1) throw new Error(`${times.forcedReads} layout reads in one submit`);
							runtime.push(times.end - times.start - times.forced);
							layout.push(times.forced + rest);
							shown.push(times.end - times.start + rest);
						}
					}
				}
				const middle = Math.floor(runs / 2);
				const [ofRuntime, ofLayout, ofWhole, ofShown] = [runtime, layout, whole, shown].map(
					(times) => times.sort((a, b) => a - b)[middle] ?? Number.NaN,
				);
				return { runtime: ofRuntime!, layout: ofLayout!, whole: ofWhole!, shown: ofShown! };
			},
			{ valid, bare, runs: RUNS },
		);

	const controls = await page.evaluate(
		() =>
			new Set([...document.querySelectorAll("#bench [name]")].map((e) => e.getAttribute("name"))).size - 1,
	);
	console.log(
		`Validating a ${controls}-control form on submit in Chromium (median of ${RUNS}), budget ${BUDGET_MS} ms for the runtime's work`,
	);
	for (const [label, valid] of [
		["valid form (every control turns valid)", true],
		["invalid form (every control fails: states, summary, focus, scroll)", false],
	] as const) {
		const { runtime, layout, whole, shown } = await measure(valid);
		const bare = await measure(valid, true);
		const ms = (time: number) => `${time.toFixed(3)} ms`;
		console.log(
			`  ${ms(runtime).padStart(10)}  ${runtime < BUDGET_MS ? "ok" : "OVER BUDGET"}  ${label}`,
			`\n             then Chromium's style and layout of the changes ${ms(layout)} (after bare DOM code making the same changes ${ms(bare.layout)});`,
			`\n             the page can show the result ${ms(shown)} after the submit; whole requestSubmit() ${ms(whole)}`,
		);
	}
} finally {
	await browser.close();
	await server.stop();
}
