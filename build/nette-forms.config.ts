import { defineConfig, type Plugin } from "vite";

/** Each character outside ASCII as `\uXXXX`, an astral one as its two UTF-16 halves (a surrogate pair). */
const escapeNonAscii = (code: string): string =>
	code.replace(/[^\0-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * A regular expression's pattern with its `\uXXXX` escapes of non-ASCII characters read. Each backslash
 * is taken with the character after it: in `\\u00e1` the first two make an escaped backslash, and what
 * follows is the text "u00e1", not an escape.
 */
const readPattern = (pattern: string): string =>
	pattern.replace(/\\u([0-9a-fA-F]{4})|\\[\s\S]/g, (pair, hex?: string) =>
		hex && Number.parseInt(hex, 16) > 0x7f ? String.fromCharCode(Number.parseInt(hex, 16)) : pair,
	);

/**
 * The program as it means, not as it is written: positions and the raw text of literals dropped (a
 * literal's value, a template's cooked text and an identifier's name are the same escaped or not), and
 * a regular expression's pattern read. A tagged template's raw text reaches its tag, so it is kept.
 */
function meaning(node: unknown, tagged = false): unknown {
	if (Array.isArray(node)) return node.map((item) => meaning(item, tagged));
	if (!node || typeof node !== "object") return node;
	const { type, regex } = node as { type?: string; regex?: { pattern: string; flags: string } };
	const entries = Object.entries(node).filter(
		([key]) => !["start", "end", "range", "loc"].includes(key) && (tagged || key !== "raw"),
	);
	return Object.fromEntries(
		entries.map(([key, value]) => [
			key,
			key === "regex" && regex
				? { pattern: readPattern(regex.pattern), flags: regex.flags }
				: meaning(value, tagged || (type === "TaggedTemplateExpression" && key === "quasi")),
		]),
	);
}

/**
 * nette-forms.js in pure ASCII, as netteForms.js 3.5.3 is (it writes webalize's table with escapes): a
 * legacy page (windows-1250, or without a charset) that loads it from a server sending `text/javascript`
 * without a charset decodes it in the page's encoding, and raw UTF-8 (the Czech texts, webalize's table,
 * whose keys the minifier writes as bare identifiers) would be a syntax error there. Done on the minified
 * bundle, so the minifier cannot turn the escapes back. The escaped program must parse to the same one
 * (an escape means the same in a string, a template, a regular expression or an identifier), or the
 * build fails. (test/e2e/kit-nette-forms-charset.test.ts)
 */
function asciiOnly(): Plugin {
	return {
		name: "lumen:nette-forms-ascii",
		apply: "build",
		generateBundle(_options, bundle) {
			for (const chunk of Object.values(bundle)) {
				if (chunk.type !== "chunk" || /^[\0-\x7f]*$/.test(chunk.code)) continue;
				const escaped = escapeNonAscii(chunk.code);
				const same =
					JSON.stringify(meaning(this.parse(escaped))) === JSON.stringify(meaning(this.parse(chunk.code)));
				if (!same) this.error(`${chunk.fileName}: escaping its non-ASCII characters changed the program`);
				chunk.code = escaped;
			}
		},
	};
}

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
	plugins: [asciiOnly()],
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
