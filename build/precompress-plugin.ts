import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;
/** Below this a compressed copy saves less than the request overhead. */
const MIN_SIZE = 1024;

/**
 * Writes a .br and a .gz copy next to each compressible client asset, at the best compression
 * levels (done once at build, not per request); the server sends them to clients that accept them.
 */
export function precompressPlugin(): Plugin {
	return {
		name: "lumen:precompress",
		apply: "build",
		generateBundle(_, bundle) {
			for (const output of Object.values(bundle)) {
				if (!COMPRESSIBLE.test(output.fileName)) continue;
				const source = output.type === "chunk" ? output.code : output.source;
				const bytes = typeof source === "string" ? Buffer.from(source) : Buffer.from(source);
				if (bytes.length < MIN_SIZE) continue;
				this.emitFile({
					type: "asset",
					fileName: `${output.fileName}.br`,
					source: brotliCompressSync(bytes, {
						params: {
							[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
							[constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
						},
					}),
				});
				this.emitFile({
					type: "asset",
					fileName: `${output.fileName}.gz`,
					source: gzipSync(bytes, { level: 9 }),
				});
			}
		},
	};
}
