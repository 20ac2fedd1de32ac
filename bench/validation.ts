/**
 * `npm run bench:validation`: the median time Chromium spends validating a 100-control form on submit
 * (the whole submit listener: reading the controls, the engine, and showing the verdicts; for an invalid
 * form also the summary, focus and scroll), against the budget of issue 3: under 2 ms. Runs the
 * production build (`npm run build` first) on a page served by the benchmark itself.
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

const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: "dist/client" },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
	const page = await browser.newPage();
	await page.emulateMedia({ reducedMotion: "reduce" });
	await page.route("**/_bench/validation", (route) =>
		route.fulfill({ contentType: "text/html", body: formHtml() }),
	);
	await page.goto(`${server.origin}/_bench/validation`);
	// The toggle's target starts hidden and stays so: checking the box shows it once validation runs.
	await page.check("#toggle");
	await page.waitForSelector("#ready:not([hidden])", { state: "attached" });

	const measure = (fill: boolean) =>
		page.evaluate(
			({ fill, runs }) => {
				const form = document.querySelector<HTMLFormElement>("#bench")!;
				for (const element of form.querySelectorAll<HTMLInputElement>("input, select")) {
					if (element.type === "checkbox" && element.id !== "toggle") element.checked = fill;
					else if (element.type === "radio") element.checked = fill && element.value === "a";
					else if (element instanceof HTMLSelectElement) element.value = fill ? "1" : "";
					else if (element.type === "number") element.value = fill ? "30" : "";
					else if (element.name.startsWith("e")) element.value = fill ? "jana@example.cz" : "";
					else if (element.name) element.value = fill ? "text" : "";
				}
				// A valid form would be sent: stop it after validation (listeners in the bubble phase run last).
				form.addEventListener("submit", (event) => event.preventDefault());
				const times: number[] = [];
				for (let i = 0; i < runs; i++) {
					const start = performance.now();
					form.requestSubmit();
					times.push(performance.now() - start);
				}
				times.sort((a, b) => a - b);
				return { median: times[Math.floor(times.length / 2)]!, valid: !form.querySelector(".form-summary") };
			},
			{ fill, runs: RUNS },
		);

	const controls = await page.evaluate(
		() =>
			new Set([...document.querySelectorAll("#bench [name]")].map((e) => e.getAttribute("name"))).size - 1,
	);
	console.log(
		`Validating a ${controls}-control form on submit in Chromium (median of ${RUNS}), budget ${BUDGET_MS} ms`,
	);
	for (const [label, fill] of [
		["valid form (all controls pass)", true],
		["invalid form (every control fails: states, summary, focus, scroll)", false],
	] as const) {
		const { median, valid } = await measure(fill);
		if (valid !== fill) throw new Error(`The ${label} did not validate as expected`);
		console.log(
			`  ${median.toFixed(3).padStart(7)} ms  ${median < BUDGET_MS ? "ok" : "OVER BUDGET"}  ${label}`,
		);
	}
} finally {
	await browser.close();
	await server.stop();
}
