import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The arrows of docs/architecture.md that the compiler does not check: pages, components and rendering
 * (src/render) are used by the server and never use it, and only the server knows Fastify. So nothing
 * outside src/server imports a module of src/server, or Fastify.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const SERVER = join(ROOT, "src/server");

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return /\.tsx?$/.test(entry.name) ? [path] : [];
	});
}

// `import … from "m"`, `import "m"`, `export … from "m"` (over several lines too) and `import("m")`.
const IMPORT =
	/\b(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every module a source imports or re-exports, statically or with import(), as written. */
const importsIn = (source: string) => [...source.matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!);

const isInServer = (file: string, specifier: string) =>
	specifier.startsWith(".") && `${resolve(dirname(file), specifier)}/`.startsWith(`${SERVER}/`);
const isFastify = (specifier: string) => /^(fastify|@fastify\/[^/]+)(\/|$)/.test(specifier);

/** What a file breaks of the rule: its imports of src/server and of Fastify. */
function crossings(file: string): string[] {
	return importsIn(readFileSync(file, "utf8")).filter(
		(specifier) => isInServer(file, specifier) || isFastify(specifier),
	);
}

const outsideServer = sourceFiles(join(ROOT, "src")).filter((file) => !file.startsWith(`${SERVER}/`));

describe("import boundaries", () => {
	it("keeps src/server and Fastify out of everything else (pages, components, rendering, browser)", () => {
		const found = outsideServer.flatMap((file) =>
			crossings(file).map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
		);
		expect(found).toEqual([]);
	});

	it("walks pages, components and rendering, and reads every kind of import", () => {
		const walked = outsideServer.map((file) => relative(ROOT, file));
		for (const folder of ["src/pages/", "src/components/", "src/render/"]) {
			expect(walked.some((file) => file.startsWith(folder))).toBe(true);
		}
		const page = join(ROOT, "src/pages/Example.tsx");
		const imports = [
			'import { a } from "../server/a";',
			'import type {\n\tB,\n} from "../server/b";',
			'export { c } from "../server/c/index.ts";',
			'const d = await import("../server/d");',
			'import "fastify";',
			'import type { FastifyRequest } from "fastify";',
			'import cookie from "@fastify/cookie";',
			'import { e } from "../render/e";',
			'import { f } from "../serverless/f";',
			'export const g = "../server/g";',
		].join("\n");
		const specifiers = importsIn(imports);
		expect(specifiers.filter((s) => isInServer(page, s) || isFastify(s))).toEqual([
			"../server/a",
			"../server/b",
			"../server/c/index.ts",
			"../server/d",
			"fastify",
			"fastify",
			"@fastify/cookie",
		]);
	});
});
