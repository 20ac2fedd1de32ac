/**
 * `npm run bench:size`: gzip sizes of the production client build (run `npm run build` first) against
 * the budgets of docs/budgets.md — the runtime core, each component chunk, the kit for other servers
 * (dist/kit, when `npm run build:kit` has run), and the JavaScript each kind of public page downloads on
 * first load, read from a real browser's network log.
 */

import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { KIT_MANIFEST } from "../build/kit-manifest.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { startServer } from "../test/helpers/server";
import { RegistrationClient } from "./lib/registration-client";

const CLIENT = "dist/client";
const KIT = "dist/kit";
const KiB = 1024;
const BUDGET = { core: 8 * KiB, coreAndForms: 12 * KiB, homePage: 30 * KiB };

interface ManifestChunk {
	file: string;
	name?: string;
	src?: string;
	isEntry?: boolean;
	imports?: string[];
}

const manifest = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8")) as Record<
	string,
	ManifestChunk
>;
const gzipSize = (file: string) => gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / KiB).toFixed(2)} KiB`;
const verdict = (bytes: number, budget: number) => (bytes <= budget ? "ok" : "OVER BUDGET");

/** A chunk and everything it imports statically, as files. */
function closure(key: string, into = new Set<string>()): Set<string> {
	const chunk = manifest[key];
	if (!chunk || into.has(chunk.file)) return into;
	into.add(chunk.file);
	for (const imported of chunk.imports ?? []) closure(imported, into);
	return into;
}

/**
 * The kit for other servers (`npm run build:kit`, dist/kit/): its core and core + forms against the same
 * budgets as the site's, then its other files. Files as shipped, banners included.
 */
function printKitSizes(): void {
	console.log("\nKit (dist/kit), gzip");
	if (!existsSync(KIT_MANIFEST)) {
		console.log("  not built: run npm run build:kit");
		return;
	}
	const kitManifest = JSON.parse(readFileSync(KIT_MANIFEST, "utf8")) as Record<string, ManifestChunk>;
	const kitSize = (file: string) => gzipSync(readFileSync(join(KIT, file)), { level: 9 }).length;
	// A chunk and what it imports statically, as for the site's build.
	const kitClosure = (key: string, into = new Set<string>()): Set<string> => {
		const chunk = kitManifest[key];
		if (!chunk) throw new Error(`${key} is not in the kit's manifest`);
		if (into.has(chunk.file)) return into;
		into.add(chunk.file);
		for (const imported of chunk.imports ?? []) kitClosure(imported, into);
		return into;
	};
	const kitSum = (files: Iterable<string>) => [...files].reduce((total, file) => total + kitSize(file), 0);
	// The kit's entry: main.ts and the kit's own exports.
	const coreFiles = kitClosure("src/browser/kit.ts");
	const withFormsFiles = kitClosure("src/browser/forms/index.ts", new Set(coreFiles));
	const core = kitSum(coreFiles);
	const withForms = kitSum(withFormsFiles);
	console.log(
		`  ${kib(core).padStart(10)}  core (runtime.js + static imports)  budget ${kib(BUDGET.core)}  ${verdict(core, BUDGET.core)}`,
	);
	console.log(
		`  ${kib(withForms).padStart(10)}  core + forms  budget ${kib(BUDGET.coreAndForms)}  ${verdict(withForms, BUDGET.coreAndForms)}`,
	);
	for (const file of withFormsFiles) console.log(`    ${kib(kitSize(file)).padStart(10)}  ${file}`);
	const others = readdirSync(KIT)
		.filter((file) => /\.(js|css)$/.test(file) && !withFormsFiles.has(file))
		.sort();
	for (const file of others) console.log(`    ${kib(kitSize(file)).padStart(10)}  ${file}`);
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);

const core = closure("src/browser/main.ts");
const coreSize = sum(core);
console.log("Runtime core (runtime.js + static imports), gzip");
console.log(`  ${kib(coreSize).padStart(10)}  budget ${kib(BUDGET.core)}  ${verdict(coreSize, BUDGET.core)}`);
for (const file of core) console.log(`    ${kib(gzipSize(file)).padStart(10)}  ${file}`);

// The validation chunk a page with a validated form loads (src/browser/forms/index.ts and the engine).
const forms = [...closure("src/browser/forms/index.ts")].filter((file) => !core.has(file));
const coreAndForms = coreSize + sum(forms);
console.log("\nCore + forms chunk (a page with a validated ajax form), gzip");
console.log(
	`  ${kib(coreAndForms).padStart(10)}  budget ${kib(BUDGET.coreAndForms)}  ${verdict(coreAndForms, BUDGET.coreAndForms)}`,
);
for (const file of forms) console.log(`    ${kib(gzipSize(file)).padStart(10)}  ${file}`);

console.log("\nComponent chunks, gzip (own chunk; + what it loads beyond the core)");
const components = Object.entries(manifest)
	.filter(([key, chunk]) => chunk.isEntry && key.startsWith("src/components/"))
	.sort(([a], [b]) => a.localeCompare(b));
for (const [key, chunk] of components) {
	const extra = [...closure(key)].filter((file) => !core.has(file) && file !== chunk.file);
	const extraText = extra.length
		? `  + ${kib(sum(extra))} (${extra.map((f) => f.split("/").at(-1)).join(", ")})`
		: "";
	console.log(`  ${kib(gzipSize(chunk.file)).padStart(10)}  ${chunk.name}${extraText}`);
}

printKitSizes();

console.log("\nJavaScript downloaded on first load (Chromium network log), gzip");
const sessionSecret = randomBytes(32).toString("base64url");
const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: CLIENT, SESSION_SECRET: sessionSecret },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
	const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
	const voucher = await client.register();
	if (voucher.kind !== "voucher") throw new Error(`no voucher: the registration was ${voucher.kind}`);
	// Every kind of public page (the English ones load the same code).
	const pages = ["/", "/register", `/voucher/${voucher.token}`, "/stores", "/terms", "/register/sent"];
	for (const path of pages) {
		const page = await browser.newPage();
		const scripts: string[] = [];
		page.on("response", (response) => {
			const url = new URL(response.url());
			if (url.pathname.endsWith(".js")) scripts.push(url.pathname.replace(/^\//, ""));
		});
		await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
		const total = sum(scripts);
		const react = scripts.some((file) => /\/react-[\w-]+\.js$/.test(file));
		const budget = path === "/" ? `budget ${kib(BUDGET.homePage)}  ${verdict(total, BUDGET.homePage)}` : "";
		const shown = path.startsWith("/voucher/") ? "/voucher/:token" : path;
		console.log(
			`  ${kib(total).padStart(10)}  ${shown.padEnd(16)} (${scripts.length} files, React: ${react ? "yes" : "no"})  ${budget}`,
		);
		await page.close();
	}
} finally {
	await browser.close();
	await server.stop();
}
