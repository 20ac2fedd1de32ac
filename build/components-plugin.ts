import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:component-manifest";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const COMPONENTS = "__COMPONENT_MANIFEST__";
const MODULES = "__MODULE_MANIFEST__";

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

export interface ComponentsPluginOptions {
	/** Folders whose subfolders are components. */
	dirs: string[];
	/** Only these of them (the kit's generic components, build/kit.config.ts); default: all. */
	only?: readonly string[];
	/** The runtime's own lazily loaded modules (name → source file), e.g. error reporting. */
	modules: Record<string, string>;
	runtimeEntryName: string;
}

/**
 * Builds each component, and each of the runtime's own lazy modules, as its own entry chunk, and
 * gives the runtime the maps of name → chunk file through `virtual:component-manifest` (default
 * export: components; `modules`: the runtime's). In a build the maps are written into the runtime
 * entry once the chunk names (with their hashes) are known; on the dev server they point at sources.
 * Loading these by URL (chunk-loader.ts) instead of `import("./x")` keeps Vite's preload helper, a
 * chunk shared with every lazy import, out of the core.
 */
export function componentsPlugin(options: ComponentsPluginOptions): Plugin {
	const components = findComponents(options.dirs);
	for (const name of components.keys())
		if (options.only && !options.only.includes(name)) components.delete(name);
	const modules = new Map(Object.entries(options.modules).map(([name, file]) => [name, resolve(file)]));
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
				const sources = (map: Map<string, string>) =>
					JSON.stringify(
						Object.fromEntries([...map].map(([name, file]) => [name, `/${file.slice(root.length + 1)}`])),
					);
				return `export default ${sources(components)};\nexport const modules = ${sources(modules)};`;
			}
			return `export default "${COMPONENTS}";\nexport const modules = "${MODULES}";`;
		},
		generateBundle(_, bundle) {
			const chunksOf = (map: Map<string, string>) => {
				const byFile = new Map([...map].map(([name, file]) => [file, name]));
				const chunks: Record<string, string> = {};
				for (const output of Object.values(bundle)) {
					if (output.type !== "chunk" || !output.isEntry || !output.facadeModuleId) continue;
					const name = byFile.get(output.facadeModuleId);
					if (name) chunks[name] = `./${basename(output.fileName)}`;
				}
				return chunks;
			};
			const runtime = Object.values(bundle).find(
				(output) => output.type === "chunk" && output.isEntry && output.name === options.runtimeEntryName,
			);
			if (runtime?.type !== "chunk") return;
			for (const [placeholder, map] of [
				[COMPONENTS, components],
				[MODULES, modules],
			] as const) {
				const pattern = new RegExp(`(["'\`])${placeholder}\\1`);
				if (!pattern.test(runtime.code)) this.error(`${placeholder} not found in the runtime entry`);
				const chunks = chunksOf(map);
				const written = expandedFromHashes(chunks);
				if (!written) this.error(`a chunk is not named <name>-<hash>.js: ${JSON.stringify(chunks)}`);
				runtime.code = runtime.code.replace(pattern, () => written);
			}
		},
	};
}

/**
 * A map of chunks (the components', the runtime's lazy modules) as the expression that builds it from
 * each chunk's hash: it is in a file every page loads, and the names and `./…js` around the hashes cost
 * about 70 bytes of gzip (docs/budgets.md, Size). Chunks that share their "hash" (the kit's version)
 * have it written once. Undefined when a chunk is not named `./<name>-<hash>.js`.
 */
export function expandedFromHashes(chunks: Record<string, string>): string | undefined {
	const hashes: Record<string, string> = {};
	for (const [name, file] of Object.entries(chunks)) {
		const prefix = `./${name}-`;
		if (!file.startsWith(prefix) || !file.endsWith(".js")) return undefined;
		hashes[name] = file.slice(prefix.length, -".js".length);
	}
	const [first, ...others] = new Set(Object.values(hashes));
	if (first !== undefined && others.length === 0) {
		return `Object.fromEntries(${JSON.stringify(Object.keys(hashes))}.map(n=>[n,\`./\${n}-${first}.js\`]))`;
	}
	return `Object.fromEntries(Object.entries(${JSON.stringify(hashes)}).map(([n,h])=>[n,\`./\${n}-\${h}.js\`]))`;
}
