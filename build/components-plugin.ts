import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:component-manifest";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const PLACEHOLDER = "__COMPONENT_MANIFEST__";

/** Finds components: every folder under `dirs` with an index.ts or index.tsx is one, named after it. */
export function findComponents(dirs: string[]): Map<string, string> {
	const found = new Map<string, string>();
	for (const dir of dirs) {
		if (!existsSync(dir)) continue;
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (!entry.isDirectory()) continue;
			const file = ["index.ts", "index.tsx"].map((name) => join(dir, entry.name, name)).find(existsSync);
			if (file) found.set(entry.name, resolve(file));
		}
	}
	return found;
}

/**
 * Builds each component as its own entry chunk and gives the runtime the map of component name →
 * chunk file through `virtual:component-manifest`: in a build the map is written into the runtime
 * entry once the chunk names (with their hashes) are known; on the dev server it points at sources.
 */
export function componentsPlugin(options: { dirs: string[]; runtimeEntryName: string }): Plugin {
	const components = findComponents(options.dirs);
	let command: "build" | "serve" = "build";
	return {
		name: "lumen:components",
		configResolved(config) {
			command = config.command;
		},
		resolveId(id) {
			return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
		},
		load(id) {
			if (id !== RESOLVED_ID) return undefined;
			if (command === "serve") {
				const root = process.cwd();
				const chunks = Object.fromEntries(
					[...components].map(([name, file]) => [name, `/${file.slice(root.length + 1)}`]),
				);
				return `export default ${JSON.stringify(chunks)};`;
			}
			return `export default "${PLACEHOLDER}";`;
		},
		generateBundle(_, bundle) {
			const byFile = new Map([...components].map(([name, file]) => [file, name]));
			const chunks: Record<string, string> = {};
			for (const output of Object.values(bundle)) {
				if (output.type !== "chunk" || !output.isEntry || !output.facadeModuleId) continue;
				const name = byFile.get(output.facadeModuleId);
				if (name) chunks[name] = `./${basename(output.fileName)}`;
			}
			const runtime = Object.values(bundle).find(
				(output) => output.type === "chunk" && output.isEntry && output.name === options.runtimeEntryName,
			);
			if (runtime?.type !== "chunk") return;
			const pattern = new RegExp(`(["'\`])${PLACEHOLDER}\\1`);
			if (!pattern.test(runtime.code)) this.error(`${PLACEHOLDER} not found in the runtime entry`);
			runtime.code = runtime.code.replace(pattern, JSON.stringify(chunks));
		},
	};
}
