import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page, kept as the text around its CSP nonce so each response gets its own nonce. */
export interface CachedPage {
	/** The page split at the nonce it was rendered with: one part when it contains none. */
	readonly parts: readonly string[];
	readonly headers: Readonly<Record<string, string>>;
	/** Epoch ms after which the page is wrong (an "open now" that may have changed); Infinity if never. */
	readonly expiresAt: number;
	/**
	 * Compressed once at the best settings (only a page without a nonce, whose bytes never change),
	 * shortly after it is stored: until then responses are compressed as usual.
	 */
	br?: Buffer;
	gzip?: Buffer;
	size: number;
}

/**
 * Rendered pages by key, least recently used first out when they take more than `maxBytes`. A page is
 * only ever found under the key it was stored with; the key carries everything the page depends on.
 */
export class RenderCache {
	readonly #pages = new Map<string, CachedPage>();
	#bytes = 0;

	constructor(
		readonly maxBytes: number,
		readonly clock: () => number = Date.now,
	) {}

	get bytes(): number {
		return this.#bytes;
	}

	get size(): number {
		return this.#pages.size;
	}

	get(key: string): CachedPage | undefined {
		const page = this.#pages.get(key);
		if (!page) return undefined;
		this.#pages.delete(key);
		if (this.clock() >= page.expiresAt) {
			this.#bytes -= page.size;
			return undefined;
		}
		// Most recently used goes last (a Map keeps insertion order).
		this.#pages.set(key, page);
		return page;
	}

	set(
		key: string,
		html: string,
		options: { nonce?: string | undefined; headers: Record<string, string>; expiresAt?: number },
	): void {
		const parts = options.nonce ? html.split(options.nonce) : [html];
		const page: CachedPage = {
			parts,
			headers: options.headers,
			expiresAt: options.expiresAt ?? Number.POSITIVE_INFINITY,
			size: key.length + Buffer.byteLength(html),
		};
		if (page.size > this.maxBytes) return;
		this.#remove(key);
		this.#pages.set(key, page);
		this.#bytes += page.size;
		this.#evict();
		if (parts.length === 1) void this.#compress(key, page, html);
	}

	clear(): void {
		this.#pages.clear();
		this.#bytes = 0;
	}

	async #compress(key: string, page: CachedPage, html: string): Promise<void> {
		// In zlib's thread pool: the event loop keeps serving meanwhile.
		const [br, gz] = await Promise.all([
			brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
			gzipAsync(html, { level: 9 }),
		]);
		// Dropped or replaced meanwhile: its bytes no longer count here.
		if (this.#pages.get(key) !== page) return;
		page.br = br;
		page.gzip = gz;
		page.size += br.length + gz.length;
		this.#bytes += br.length + gz.length;
		this.#evict();
	}

	#remove(key: string): void {
		const page = this.#pages.get(key);
		if (!page) return;
		this.#pages.delete(key);
		this.#bytes -= page.size;
	}

	#evict(): void {
		for (const [key, page] of this.#pages) {
			if (this.#bytes <= this.maxBytes) return;
			this.#pages.delete(key);
			this.#bytes -= page.size;
		}
	}
}
