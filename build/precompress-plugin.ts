import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;
/** Below this a compressed copy saves less than the request overhead. */
const MIN_SIZE = 1024;

/**
 * Writes a .br and a .gz copy next to each compressible client asset, at the best compression
 * levels (done once at build, not per request); the server sends them to clients that accept them.
 * From the files as written: Vite's own plugins still rewrite chunks after every generateBundle hook.
 */
export function precompressPlugin(): Plugin {
	return {
		name: "lumen:precompress",
		apply: "build",
		writeBundle(options, bundle) {
			const dir = options.dir ?? "";
			for (const fileName of Object.keys(bundle)) {
				if (!COMPRESSIBLE.test(fileName)) continue;
				const path = join(dir, fileName);
				const bytes = readFileSync(path);
				if (bytes.length < MIN_SIZE) continue;
				const brotli = brotliCompressSync(bytes, {
					params: {
						[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
						[constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
					},
				});
				writeFileSync(`${path}.br`, brotli);
				writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
			}
		},
	};
}
