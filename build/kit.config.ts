import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, defineConfig, type Plugin } from "vite";
import { componentsPlugin } from "./components-plugin.ts";
import { KIT_MANIFEST } from "./kit-manifest.ts";

/** Where the kit's own files (README, CHANGELOG, package.json, runtime.css, declarations) are kept. */
const SOURCE = "kit";
const OUT = "dist/kit";
/** The development build (`--mode development`): the same files with the warnings, not minified. */
const DEV_OUT = `${OUT}/dev`;
const RUNTIME = "runtime";
/** Vite writes the manifest into the build's folder only (a path out of it is refused): moved after. */
const MANIFEST_IN_OUT = "kit.manifest.json";

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
 * site, but Sentry (a host has its own error reporting: src/browser/error-reporting-none.ts), and the
 * running of snippets' scripts, which the site's snippets do not carry.
 */
const MODULES = {
	forms: "src/browser/forms/index.ts",
	autosubmit: "src/browser/ajax/autosubmit.ts",
	scripts: "src/browser/ajax/snippet-scripts.ts",
};

/** The files copied as they are; the JS and CSS among them get the banner too. */
const COPIED = [
	"runtime.css",
	"runtime.d.ts",
	"nette-forms.d.ts",
	"README.md",
	"CHANGELOG.md",
	"LICENSE",
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

/** A version and licence banner at the top of each JS and CSS file of a folder (after minification). */
function addBanners(dir: string): void {
	const top = banner();
	for (const file of readdirSync(dir)) {
		if (!/\.(js|css)$/.test(file)) continue;
		const path = join(dir, file);
		writeFileSync(path, top + readFileSync(path, "utf8"));
	}
}

/**
 * After the runtime's build: the classic-script drop-in for netteForms.js (build/nette-forms.config.ts)
 * into the same folder, the kit's own files, the banners, and the development build in dev/.
 */
function kitFiles(): Plugin {
	return {
		name: "lumen:kit-files",
		apply: "build",
		async closeBundle() {
			// Absent when the build failed (this hook runs then too): nothing more to add to a broken kit.
			if (!existsSync(join(OUT, MANIFEST_IN_OUT))) return;
			renameSync(join(OUT, MANIFEST_IN_OUT), KIT_MANIFEST);
			await build({
				configFile: "build/nette-forms.config.ts",
				mode: "production",
				build: { outDir: OUT },
			});
			for (const file of COPIED) copyFileSync(join(SOURCE, file), join(OUT, file));
			addBanners(OUT);
			await build({ configFile: "build/kit.config.ts", mode: "development" });
		},
	};
}

/** The development build's banners; the rest of the kit's files are the production build's. */
function devBanners(): Plugin {
	return {
		name: "lumen:kit-dev-banners",
		apply: "build",
		closeBundle: () => addBanners(DEV_OUT),
	};
}

/**
 * `npm run build:kit`: dist/kit/, the runtime for pages of other servers (kit/README.md). runtime.js
 * with its lazy modules (validation, autosubmit) and the generic components, all in one flat folder
 * (the runtime finds its chunks relative to its own URL), without the site's stylesheet, fonts or
 * components. The production build, then (`--mode development`, started by the first) the same in dev/
 * with the development warnings (unknown component, unknown rule op, double mount), not minified.
 */
export default defineConfig(({ mode }) => {
	const dev = mode === "development";
	return {
		publicDir: false,
		base: "./",
		define: { __DEV__: String(dev), __KIT__: "true" },
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
			dev ? devBanners() : kitFiles(),
		],
		build: {
			outDir: dev ? DEV_OUT : OUT,
			emptyOutDir: true,
			// For `npm run bench:size`; moved out of the kit's folder (KIT_MANIFEST).
			manifest: !dev && MANIFEST_IN_OUT,
			minify: !dev,
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
	};
});
