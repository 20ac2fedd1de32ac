import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, defineConfig, type Plugin } from "vite";
import { componentsPlugin } from "./components-plugin.ts";

/** Where the kit's own files (README, CHANGELOG, package.json, runtime.css, declarations) are kept. */
const SOURCE = "kit";
const OUT = "dist/kit";
const RUNTIME = "runtime";

/**
 * The generic components: nothing of Lumen's own (the carousel of its advantages, the registration
 * form, the voucher, the bot challenge, barcodes, content editing) and nothing that brings React (the
 * date input's calendar). A host defines components of its own with `components.define`.
 */
export const KIT_COMPONENTS = [
	"accordion",
	"class-toggle",
	"dropdown",
	"intersection-group",
	"modal",
	"modal-opener",
	"navigation",
	"navigation-opener",
	"page",
	"scroll-container",
	"smooth-scroll",
	"text-input",
];

/**
 * The runtime's own lazy modules (src/browser/lazy-module.ts), as vite.config.ts lists them for the
 * site, but Sentry: a host has its own error reporting (src/browser/error-reporting-none.ts).
 */
const MODULES = {
	forms: "src/browser/forms/index.ts",
	autosubmit: "src/browser/ajax/autosubmit.ts",
};

/** The files copied as they are; the JS and CSS among them get the banner too. */
const COPIED = [
	"runtime.css",
	"runtime.d.ts",
	"nette-forms.d.ts",
	"README.md",
	"CHANGELOG.md",
	"package.json",
];

interface KitPackage {
	name: string;
	version: string;
	license: string;
}

function kitPackage(): KitPackage {
	return JSON.parse(readFileSync(join(SOURCE, "package.json"), "utf8")) as KitPackage;
}

// Short: in each file, the forms chunk's too, which counts against the same 12 KiB as the site's.
function banner(): string {
	const { name, version, license } = kitPackage();
	return `/*! ${name} ${version} ${license} */\n`;
}

/**
 * After the runtime's build: the classic-script drop-in for netteForms.js (build/nette-forms.config.ts)
 * into the same folder, the kit's own files, and a version and licence banner at the top of each JS and
 * CSS file (after minification, which would drop it).
 */
function kitFiles(): Plugin {
	return {
		name: "lumen:kit-files",
		apply: "build",
		async closeBundle() {
			await build({
				configFile: "build/nette-forms.config.ts",
				mode: "production",
				build: { outDir: OUT },
			});
			for (const file of COPIED) copyFileSync(join(SOURCE, file), join(OUT, file));
			const top = banner();
			for (const file of readdirSync(OUT)) {
				if (!/\.(js|css)$/.test(file)) continue;
				const path = join(OUT, file);
				writeFileSync(path, top + readFileSync(path, "utf8"));
			}
		},
	};
}

/**
 * `npm run build:kit`: dist/kit/, the runtime for pages of other servers (kit/README.md). runtime.js
 * with its lazy modules (validation, autosubmit, error reporting) and the generic components, all in one
 * flat folder (the runtime finds its chunks relative to its own URL), without the site's stylesheet,
 * fonts or components; production build (no development warnings).
 */
export default defineConfig({
	publicDir: false,
	base: "./",
	define: { __DEV__: "false", __KIT__: "true" },
	resolve: {
		alias: [
			{ find: /^\.\/error-reporting$/, replacement: resolve("src/browser/error-reporting-none.ts") },
			{ find: /^\.\/lumen-validators$/, replacement: resolve("src/validation/lumen-validators-none.ts") },
		],
	},
	logLevel: "warn",
	plugins: [
		componentsPlugin({
			dirs: ["src/components"],
			only: KIT_COMPONENTS,
			modules: MODULES,
			runtimeEntryName: RUNTIME,
		}),
		kitFiles(),
	],
	build: {
		outDir: OUT,
		emptyOutDir: true,
		// For `npm run bench:size`; not among the package's files.
		manifest: true,
		target: "es2022",
		modulePreload: { polyfill: false },
		rolldownOptions: {
			preserveEntrySignatures: "exports-only",
			optimization: { inlineConst: { mode: "all", pass: 2 } },
			input: {
				// main.ts and the kit's own exports (setErrorClass).
				[RUNTIME]: "src/browser/kit.ts",
				...Object.fromEntries(KIT_COMPONENTS.map((name) => [name, `src/components/${name}/index.ts`])),
				...MODULES,
			},
			output: {
				// Named by the version, not by a content hash: runtime.js lists every chunk, and one repeated
				// version compresses to almost nothing where six random characters a chunk cost ~100 bytes.
				entryFileNames: (chunk) =>
					chunk.name === RUNTIME ? `${RUNTIME}.js` : `[name]-${kitPackage().version}.js`,
				chunkFileNames: `[name]-${kitPackage().version}.js`,
				codeSplitting: {
					groups: [{ name: "components-shared", test: /src[\\/]components[\\/]shared[\\/]/ }],
				},
			},
		},
	},
});
