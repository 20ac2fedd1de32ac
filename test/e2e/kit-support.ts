/**
 * The stand-in for another server that the kit suites (kit-*.test.ts) run against: Node's `http`
 * module, Nette-style HTML written as strings (no React, no code of the site), and only the files of
 * `dist/kit/` (`npm run build:kit`), as an integrator would use them. It sends no `Vary` header, and a
 * strict nonce CSP unless a page opts out.
 *
 * A test adds its own pages with `route(path, handler)`: a handler gets the request (with `ajax`: sent by
 * the runtime, `form`: the parsed body) and answers `html(…)`, `json(…)`, `redirect(…)` or `hold(…)` (an
 * answer the test releases, for what shows while a request runs). `layout` writes a Nette-like page
 * around a body, `netteRules` a control's `data-nette-rules`, `snippet` a Nette snippet; `hostScripts`
 * are served under /host/ (a host's own component modules). `requests` logs every request.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

export const KIT_DIR = "dist/kit";

export interface KitRequest {
	method: string;
	url: URL;
	/** Sent by the runtime's ajax (`X-Requested-With: XMLHttpRequest`). */
	ajax: boolean;
	headers: IncomingMessage["headers"];
	/** The urlencoded body of a POST, or the query of a GET. */
	form: URLSearchParams;
	/** The per-response CSP nonce, for scripts the page (or a snippet) carries. */
	nonce: string;
}

export type KitAnswer =
	| { kind: "html"; status: number; body: string; csp: boolean }
	| { kind: "json"; status: number; body: unknown; csp: boolean }
	| { kind: "redirect"; status: number; location: string }
	| { kind: "hold"; answer: Promise<KitAnswer> };

export type KitHandler = (request: KitRequest) => KitAnswer | Promise<KitAnswer>;

export const html = (body: string, { status = 200, csp = true } = {}): KitAnswer => ({
	kind: "html",
	status,
	body,
	csp,
});
/** `csp`: with the answer's own policy and nonce, as a server that makes a nonce per response sends it. */
export const json = (body: unknown, { status = 200, csp = false } = {}): KitAnswer => ({
	kind: "json",
	status,
	body,
	csp,
});
export const redirect = (location: string, status = 303): KitAnswer => ({
	kind: "redirect",
	status,
	location,
});

/** An answer held until `release()`: the test decides when the request ends, no timer does. */
export function hold(answer: KitAnswer): { answer: KitAnswer; release: () => void } {
	let release!: () => void;
	const released = new Promise<KitAnswer>((resolve) => {
		release = () => resolve(answer);
	});
	return { answer: { kind: "hold", answer: released }, release };
}

/** A control's `data-nette-rules`, as Nette writes it (single-quoted JSON). */
export const netteRules = (rules: unknown[]): string =>
	`data-nette-rules='${JSON.stringify(rules).replaceAll("&", "&amp;").replaceAll("'", "&#39;")}'`;

/** A Nette snippet: `<div id="snippet--name">`. */
export const snippet = (name: string, content: string): string =>
	`<div id="snippet--${name}">${content}</div>`;

export interface LayoutOptions {
	title?: string;
	lang?: string;
	nonce: string;
	/** Extra markup at the end of `<head>` (a host's module script: give it `nonce`). */
	head?: string;
	/** The runtime's address: "/kit/dev/runtime.js" for the development build. */
	runtime?: string;
	/** An import map, written before the runtime: bare specifiers for the host's scripts. */
	imports?: Record<string, string>;
	/** Without runtime.css. */
	noStyles?: boolean;
}

/** A page as a Nette layout writes it: runtime.css and runtime.js from /kit/, nothing else. */
export function layout(
	body: string,
	{
		title = "Stand-in",
		lang = "en",
		nonce,
		head = "",
		noStyles,
		runtime = "/kit/runtime.js",
		imports,
	}: LayoutOptions,
) {
	const importMap = imports
		? `<script type="importmap" nonce="${nonce}">${JSON.stringify({ imports })}</script>\n`
		: "";
	return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${title}</title>
${noStyles ? "" : '<link rel="stylesheet" href="/kit/runtime.css">'}
${importMap}<script type="module" src="${runtime}" nonce="${nonce}"></script>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

const TYPES: Record<string, string> = {
	".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".json": "application/json",
};

export interface KitServer {
	readonly origin: string;
	/** Every request, as "METHOD path?query" with `ajax` for the runtime's. */
	readonly requests: { method: string; path: string; ajax: boolean }[];
	/** Every response's headers, to check what the server did not send. */
	readonly responseHeaders: Record<string, string | number | string[] | undefined>[];
	route(path: string, handler: KitHandler): void;
	stop(): Promise<void>;
}

/** A strict policy, with a nonce for this response only. */
const policy = (nonce: string) => ({
	"Content-Security-Policy": `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic'; style-src 'self'; object-src 'none'; base-uri 'none'`,
});

export async function startKitServer(hostScripts: Record<string, string> = {}): Promise<KitServer> {
	if (!existsSync(join(KIT_DIR, "runtime.js")))
		throw new Error(`${KIT_DIR} is missing: run npm run build:kit`);
	const routes = new Map<string, KitHandler>();
	const requests: KitServer["requests"] = [];
	const responseHeaders: KitServer["responseHeaders"] = [];

	const send = (
		response: ServerResponse,
		status: number,
		headers: Record<string, string>,
		body: string | Buffer,
	) => {
		response.writeHead(status, headers);
		responseHeaders.push(response.getHeaders());
		response.end(body);
	};

	const answer = async (response: ServerResponse, result: KitAnswer, nonce: string): Promise<void> => {
		switch (result.kind) {
			case "hold":
				return answer(response, await result.answer, nonce);
			case "json":
				return send(
					response,
					result.status,
					{ "Content-Type": "application/json", ...(result.csp && policy(nonce)) },
					JSON.stringify(result.body),
				);
			case "redirect":
				return send(response, result.status, { Location: result.location }, "");
			case "html":
				return send(
					response,
					result.status,
					{ "Content-Type": "text/html; charset=utf-8", ...(result.csp && policy(nonce)) },
					result.body,
				);
		}
	};

	const server = createServer(async (incoming, response) => {
		const url = new URL(incoming.url ?? "/", "http://stand-in");
		const ajax = incoming.headers["x-requested-with"] === "XMLHttpRequest";
		requests.push({ method: incoming.method ?? "GET", path: url.pathname + url.search, ajax });
		try {
			if (url.pathname.startsWith("/kit/") || url.pathname.startsWith("/host/")) {
				const file = url.pathname.slice(1);
				const type = TYPES[extname(file)] ?? "application/octet-stream";
				if (file.startsWith("host/")) {
					const script = hostScripts[file.slice("host/".length)];
					return script === undefined
						? send(response, 404, {}, "")
						: send(response, 200, { "Content-Type": type }, script);
				}
				const path = normalize(join(KIT_DIR, file.slice("kit/".length)));
				if (!path.startsWith(`${normalize(KIT_DIR)}/`) || !existsSync(path))
					return send(response, 404, {}, "");
				return send(response, 200, { "Content-Type": type }, readFileSync(path));
			}
			// The browser asks for it on every page; a 404 would be a console error the suites look for.
			if (url.pathname === "/favicon.ico") return send(response, 204, {}, "");
			const handler = routes.get(url.pathname);
			if (!handler) return send(response, 404, { "Content-Type": "text/plain" }, "Not found");
			const chunks: Buffer[] = [];
			for await (const chunk of incoming) chunks.push(chunk as Buffer);
			const body = Buffer.concat(chunks).toString("utf8");
			const form = incoming.method === "POST" ? new URLSearchParams(body) : url.searchParams;
			const nonce = randomBytes(16).toString("base64");
			const request = { method: incoming.method ?? "GET", url, ajax, headers: incoming.headers, form, nonce };
			await answer(response, await handler(request), nonce);
		} catch (error) {
			send(response, 500, { "Content-Type": "text/plain" }, String(error));
		}
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		requests,
		responseHeaders,
		route: (path, handler) => routes.set(path, handler),
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
