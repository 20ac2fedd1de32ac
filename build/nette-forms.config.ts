import { defineConfig } from "vite";

/**
 * `vite build -c build/nette-forms.config.ts`: dist/nette-forms.js (with `--mode test`, in TEST_DIST),
 * the classic-script drop-in for netteForms.js (src/browser/forms/nette.ts). It sits beside the client
 * build, not in it: `emptyOutDir` stays off so the other builds' folders survive.
 */
export default defineConfig(({ mode }) => ({
	configFile: false,
	publicDir: false,
	define: { __DEV__: "false" },
	logLevel: "warn",
	build: {
		outDir: mode === "test" ? process.env.TEST_DIST || "dist/test" : "dist",
		emptyOutDir: false,
		target: "es2022",
		minify: true,
		lib: {
			entry: "src/browser/forms/nette.ts",
			formats: ["iife"],
			// Required for iife; unused: the script defines window.Nette itself and exports nothing.
			name: "NetteForms",
			fileName: () => "nette-forms.js",
		},
	},
}));
