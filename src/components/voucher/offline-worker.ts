/**
 * The voucher pages' service worker (served as `<base>[/en]/voucher/sw.js`, so its scope is that folder
 * and no other page has it). At a till without signal the voucher still shows:
 * - a voucher page is fetched from the network first, always; each answer replaces the copy kept in
 *   this browser's Cache Storage (a redeemed or cancelled voucher's page too), until the voucher's last
 *   valid moment (the page's `x-offline-until` header);
 * - without a network (or with a failing server) the kept copy is served, with its "shown offline,
 *   state as of …" note shown;
 * - the page reports the assets it loaded (fonts, the runtime, its component chunks): they are kept
 *   beside it, refreshed whenever the page loads them online, and dropped with the last page that used
 *   them.
 * An entry of the client build that imports nothing at run time (a classic worker script).
 */
import { OFFLINE_NOTE_HIDDEN, OFFLINE_NOTE_SHOWN, OFFLINE_UNTIL_HEADER } from "./offline-note";

// The DOM library has no worker types, and the webworker library cannot join it in one program.
interface ExtendableEvent extends Event {
	waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
	readonly request: Request;
	respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
	readonly data: unknown;
}
interface WorkerScope {
	readonly registration: { readonly scope: string };
	readonly clients: { claim(): Promise<void> };
	skipWaiting(): Promise<void>;
	addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
	addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
	addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const scope = worker.registration.scope;
const VERSION = "v1";
// Per scope: the Czech and the English pages each have a worker, and caches are the origin's.
const PAGES = `voucher-pages-${VERSION} ${scope}`;
const ASSETS = `voucher-assets-${VERSION} ${scope}`;
/** Which assets each kept page loaded, in PAGES: { [page]: { load, assets } }. */
const INDEX = new URL("kept-assets.json", scope).href;

type Index = Record<string, { load: string; assets: string[] }>;

/** A voucher page of this scope: the folder, then a token. */
function pageKey(url: URL): string | undefined {
	if (url.origin !== location.origin || !url.href.startsWith(scope)) return undefined;
	return /^[\w-]+$/.test(url.href.slice(scope.length).split(/[?#]/)[0] ?? "")
		? `${url.origin}${url.pathname}`
		: undefined;
}

const keptUntil = (response: Response) => Date.parse(response.headers.get(OFFLINE_UNTIL_HEADER) ?? "");

/** Index and cache changes one at a time: two pages' reports must not overwrite each other's. */
let queue: Promise<unknown> = Promise.resolve();
function serially(task: () => Promise<void>): Promise<void> {
	const run = queue.then(task);
	queue = run.catch(() => undefined);
	return run;
}

/** Keeps a page's fresh answer, or forgets the page when it is gone or no longer to be kept. */
async function keep(key: string, response: Response): Promise<void> {
	const pages = await caches.open(PAGES);
	if (response.ok && response.type === "basic" && keptUntil(response) > Date.now()) {
		await pages.put(key, response);
	} else if (response.ok || response.status === 404 || response.status === 410) {
		await pages.delete(key);
	}
}

/** The kept copy of a page, with its offline note shown; undefined if none is kept (or it lapsed). */
async function keptCopy(key: string): Promise<Response | undefined> {
	const kept = await (await caches.open(PAGES)).match(key);
	if (!kept || !(keptUntil(kept) > Date.now())) return undefined;
	const html = (await kept.text()).replace(OFFLINE_NOTE_HIDDEN, OFFLINE_NOTE_SHOWN);
	const headers = new Headers(kept.headers);
	// The body is the decoded text now.
	headers.delete("content-encoding");
	headers.delete("content-length");
	return new Response(html, { status: kept.status, statusText: kept.statusText, headers });
}

async function page(event: FetchEvent, key: string): Promise<Response> {
	let response: Response;
	try {
		response = await fetch(event.request);
	} catch (error) {
		const kept = await keptCopy(key);
		if (kept) return kept;
		throw error;
	}
	event.waitUntil(serially(() => keep(key, response.clone()).then(prune)));
	// A server that fails is no better than no signal at the till.
	return response.status >= 500 ? ((await keptCopy(key)) ?? response) : response;
}

/** An asset of a voucher page: the network's (refreshing a kept copy), else the kept copy. */
async function asset(request: Request): Promise<Response> {
	const assets = await caches.open(ASSETS);
	try {
		const response = await fetch(request);
		if (response.ok && (await assets.match(request.url))) await assets.put(request.url, response.clone());
		return response;
	} catch (error) {
		const kept = await assets.match(request.url);
		if (kept) return kept;
		throw error;
	}
}

async function readIndex(pages: Cache): Promise<Index> {
	try {
		const index: unknown = await (await pages.match(INDEX))?.json();
		return index && typeof index === "object" ? (index as Index) : {};
	} catch {
		return {};
	}
}

/** A page's report of the assets it loaded: the page is kept (its first visit had no worker yet) and they are. */
async function keepAssets(key: string, load: string, urls: string[]): Promise<void> {
	const pages = await caches.open(PAGES);
	if (!(await pages.match(key))) await keep(key, await fetch(key));
	if (!(await pages.match(key))) return;
	const assets = await caches.open(ASSETS);
	for (const url of urls) {
		if (!(await assets.match(url))) await assets.add(url).catch(() => undefined);
	}
	const index = await readIndex(pages);
	const known = index[key];
	// A new load of the page lists its assets afresh: an earlier build's are not needed any more.
	index[key] = { load, assets: known?.load === load ? [...new Set([...known.assets, ...urls])] : urls };
	await pages.put(INDEX, Response.json(index));
	await prune();
}

/** Drops pages past their time, and assets no kept page uses. */
async function prune(): Promise<void> {
	const pages = await caches.open(PAGES);
	const index = await readIndex(pages);
	const kept = new Set<string>();
	for (const request of await pages.keys()) {
		if (request.url === INDEX) continue;
		const response = await pages.match(request);
		if (response && keptUntil(response) > Date.now()) kept.add(request.url);
		else await pages.delete(request);
	}
	for (const key of Object.keys(index)) if (!kept.has(key)) delete index[key];
	await pages.put(INDEX, Response.json(index));
	const used = new Set(Object.values(index).flatMap((entry) => entry.assets));
	const assets = await caches.open(ASSETS);
	for (const request of await assets.keys()) if (!used.has(request.url)) await assets.delete(request);
}

/** `{ keep, load, assets }` from a voucher page of this scope, checked. */
function report(data: unknown): { key: string; load: string; assets: string[] } | undefined {
	if (!data || typeof data !== "object") return undefined;
	const { keep: page, load, assets } = data as Record<string, unknown>;
	if (typeof page !== "string" || typeof load !== "string" || !Array.isArray(assets)) return undefined;
	const key = URL.canParse(page) ? pageKey(new URL(page)) : undefined;
	const sameOrigin = assets.filter(
		(url): url is string =>
			typeof url === "string" && URL.canParse(url) && new URL(url).origin === location.origin,
	);
	return key ? { key, load, assets: sameOrigin } : undefined;
}

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));

worker.addEventListener("activate", (event) => {
	const ours = (name: string) => name.startsWith("voucher-") && name.endsWith(` ${scope}`);
	const current = new Set([PAGES, ASSETS]);
	event.waitUntil(
		(async () => {
			for (const name of await caches.keys()) if (ours(name) && !current.has(name)) await caches.delete(name);
			await serially(prune);
			await worker.clients.claim();
		})(),
	);
});

worker.addEventListener("fetch", (event) => {
	const { request } = event;
	if (request.method !== "GET") return;
	const url = new URL(request.url);
	if (request.mode === "navigate") {
		const key = pageKey(url);
		if (key) event.respondWith(page(event, key));
	} else if (url.origin === location.origin) {
		event.respondWith(asset(request));
	}
});

worker.addEventListener("message", (event) => {
	const kept = report(event.data);
	if (kept) event.waitUntil(serially(() => keepAssets(kept.key, kept.load, kept.assets)));
});
