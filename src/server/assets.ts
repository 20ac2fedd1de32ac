import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { ClientAssets } from "../render/client-assets";

interface ManifestChunk {
	file: string;
	name?: string;
	isEntry?: boolean;
	imports?: string[];
	css?: string[];
	assets?: string[];
}

const RUNTIME_SOURCE = "src/browser/main.ts";
const STYLESHEET_SOURCE = "src/styles/main.css";
const STAFF_STYLESHEET_SOURCE = "src/styles/staff.css";

/**
 * Reads the Vite manifest of a client build, and the stylesheet pages inline, its URLs made absolute
 * under the base path. Fails at start, with the fix, if there is none.
 */
export function readClientAssets(clientDir: string, basePath = ""): ClientAssets {
	const path = join(clientDir, ".vite", "manifest.json");
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch {
		throw new Error(`No client build at ${clientDir}: run "npm run build" first`);
	}
	const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
	const runtime = manifest[RUNTIME_SOURCE];
	const stylesheet = manifest[STYLESHEET_SOURCE];
	const staffStylesheet = manifest[STAFF_STYLESHEET_SOURCE];
	if (!runtime || !stylesheet || !staffStylesheet)
		throw new Error(`${path} lacks the runtime or a stylesheet entry`);
	return {
		scripts: [],
		runtime: runtime.file,
		stylesheets: runtime.css ?? [],
		staffStylesheet: staffStylesheet.file,
		inlineStyle: inlineStyle(clientDir, stylesheet.file, basePath),
		fonts: (stylesheet.assets ?? []).filter((file) => file.endsWith(".woff2")),
		modulePreloads: staticImports(manifest, runtime),
		buildId: createHash("sha256").update(text).digest("hex").slice(0, 12),
	};
}

function inlineStyle(clientDir: string, file: string, basePath: string): ClientAssets["inlineStyle"] {
	const folder = posix.dirname(`/${file}`);
	// Vite writes URLs relative to the stylesheet's own folder (its base is "./"); in a page they would
	// be relative to the page.
	const css = readFileSync(join(clientDir, file), "utf8").replace(
		/url\((["']?)(?![a-z]+:|\/|#)([^"')]+)\1\)/gi,
		(_match, quote: string, url: string) => `url(${quote}${basePath}${posix.join(folder, url)}${quote})`,
	);
	// Written into <style> as it is: only "</style" could end the element early (an "@property"
	// syntax such as "<length>" is fine).
	if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style" and cannot be inlined`);
	return { css, hash: `'sha256-${createHash("sha256").update(css).digest("base64")}'` };
}

function staticImports(manifest: Record<string, ManifestChunk>, chunk: ManifestChunk): string[] {
	const files = new Set<string>();
	const visit = (key: string) => {
		const imported = manifest[key];
		if (!imported || files.has(imported.file)) return;
		files.add(imported.file);
		for (const next of imported.imports ?? []) visit(next);
	};
	for (const key of chunk.imports ?? []) visit(key);
	return [...files];
}

/** The development server serves sources through Vite. */
export const devAssets: ClientAssets = {
	scripts: ["@vite/client"],
	runtime: RUNTIME_SOURCE,
	stylesheets: [STYLESHEET_SOURCE],
	staffStylesheet: STAFF_STYLESHEET_SOURCE,
	inlineStyle: undefined,
	fonts: [],
	modulePreloads: [],
	buildId: "dev",
};
