import { defineConfig } from "vite";
import { breakpointsPlugin } from "./build/breakpoints-plugin.ts";
import { componentsPlugin, findComponents } from "./build/components-plugin.ts";
import { precompressPlugin } from "./build/precompress-plugin.ts";

const RUNTIME = "runtime";
const JS_DIR = "assets/frontend/js";
/**
 * Six characters of content hash (36 bits) tell a few dozen files' versions apart; the runtime's map of
 * component chunks holds one per component, and every byte of it counts (docs/budgets.md). The server
 * knows hashed files by this length (HASHED_NAME, src/server/app.ts).
 */
const HASH = "[hash:6]";

/**
 * Client build (`vite build`): the runtime entry with an unhashed name, one chunk per component, one
 * shared React chunk for islands, and the site's stylesheet. `--mode test` adds the test fixture
 * components and writes to dist/test/client. SSR build (`vite build --ssr <entry>`): the server, or
 * with `--mode test` the test server with its fixture pages.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
	const test = mode === "test";
	// Test builds go to dist/test (or TEST_DIST, so that parallel test runs do not overwrite each other).
	const testDist = process.env.TEST_DIST || "dist/test";
	const componentDirs = test ? ["src/components", "test/fixtures/components"] : ["src/components"];
	// The site's builds, test builds included, leave out what only the kit needs (build/kit.config.ts).
	const define = { __DEV__: JSON.stringify(mode !== "production"), __KIT__: "false" };

	if (isSsrBuild) {
		return {
			define,
			build: {
				outDir: test ? `${testDist}/server` : "dist/server",
				emptyOutDir: true,
				target: "node22",
				sourcemap: true,
				rolldownOptions: { output: { entryFileNames: "main.js" } },
			},
		};
	}

	const components = Object.fromEntries(findComponents(componentDirs));
	// The runtime's own lazy modules (src/browser/lazy-module.ts), built as entries like components.
	const modules = {
		sentry: "src/browser/sentry.ts",
		forms: "src/browser/forms/index.ts",
		autosubmit: "src/browser/ajax/autosubmit.ts",
	};
	return {
		base: "./",
		define,
		plugins: [
			componentsPlugin({ dirs: componentDirs, modules, runtimeEntryName: RUNTIME }),
			breakpointsPlugin(),
			// Last: it compresses the chunks as the plugins before it left them (the manifest written in).
			precompressPlugin(),
		],
		// The ALTCHA widget's worker, hashed like every other file.
		worker: { rolldownOptions: { output: { entryFileNames: `assets/[name]-${HASH}.js` } } },
		build: {
			outDir: test ? `${testDist}/client` : "dist/client",
			emptyOutDir: true,
			manifest: true,
			target: "es2022",
			// The core imports nothing with import() (lazy-module.ts loads by URL), so no preload helper there.
			modulePreload: { polyfill: false },
			rolldownOptions: {
				// Component chunks are entries whose default export the loader imports: keep exports.
				preserveEntrySignatures: "exports-only",
				optimization: { inlineConst: { mode: "all", pass: 2 } },
				input: {
					[RUNTIME]: "src/browser/main.ts",
					site: "src/styles/main.css",
					staff: "src/styles/staff.css",
					...components,
					...modules,
					// The voucher pages' service worker, served from /voucher/ (src/server/registration/voucher-offline.ts).
					"voucher-offline-worker": "src/components/voucher/offline-worker.ts",
				},
				output: {
					// V8 compiles a function when it is first called, on the main thread: the forms chunk's first
					// submit would compile the validation it runs (a third of a failed submit's script time at a
					// phone's speed). This hint has the whole chunk compiled as it loads, before any press.
					postBanner: (chunk) => (chunk.name === "forms" ? "//# allFunctionsCalledOnLoad" : ""),
					entryFileNames: (chunk) =>
						chunk.name === RUNTIME ? `${JS_DIR}/${RUNTIME}.js` : `${JS_DIR}/[name]-${HASH}.js`,
					chunkFileNames: `${JS_DIR}/[name]-${HASH}.js`,
					assetFileNames: `assets/frontend/[ext]/[name]-${HASH}[extname]`,
					codeSplitting: {
						groups: [
							{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
							// Helpers of several components: one small chunk, not a request per helper.
							{ name: "components-shared", test: /src[\\/]components[\\/]shared[\\/]/ },
						],
					},
				},
			},
		},
	};
});
