import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readClientAssets } from "../../src/server/assets";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A client build holding only a manifest and the site's stylesheet. */
function clientBuild(css: string): string {
	const dir = mkdtempSync(join(tmpdir(), "lumen-assets-"));
	dirs.push(dir);
	mkdirSync(join(dir, ".vite"));
	mkdirSync(join(dir, "assets"));
	writeFileSync(join(dir, "assets", "site.css"), css);
	writeFileSync(
		join(dir, ".vite", "manifest.json"),
		JSON.stringify({
			"src/browser/main.ts": { file: "assets/runtime.js", isEntry: true },
			"src/styles/main.css": { file: "assets/site.css", isEntry: true },
			"src/styles/staff.css": { file: "assets/staff.css", isEntry: true },
		}),
	);
	return dir;
}

describe("the inlined stylesheet", () => {
	it("is inlined as built, a < in it included, with its URLs made absolute under the base path", () => {
		const css = '@property --h{syntax:"<length>";inherits:true;initial-value:0px}a{background:url(x.png)}';
		const { inlineStyle } = readClientAssets(clientBuild(css), "/base");
		expect(inlineStyle?.css).toBe(css.replace("url(x.png)", "url(/base/assets/x.png)"));
	});

	it("refuses, at start, a stylesheet that would end its <style> element early", () => {
		expect(() => readClientAssets(clientBuild('a::after{content:"</STYLE>"}'))).toThrow(/<\/style/);
	});
});
