import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { langPrefix } from "../../i18n";
import { MESSAGES } from "../../i18n/site-texts";
import { PRIVATE_PAGE } from "./requests";
import { findVoucher } from "./vouchers";

const WORKER_SOURCE = "src/components/voucher/offline-worker.ts";
/** Drawn by scripts/favicons.ts: the sizes a home screen asks for. */
const ICONS = [
	{ file: "assets/icon-192.png", sizes: "192x192" },
	{ file: "assets/icon-512.png", sizes: "512x512" },
];

/**
 * The voucher pages' service worker script from the client build (a Vite entry), or undefined without
 * one: in development (Vite serves sources, and a build lying around may be stale) or when it is absent.
 */
export function readOfflineWorker(app: FastifyInstance): string | undefined {
	if (app.config.env === "development") return undefined;
	try {
		const dir = app.config.clientDir;
		const manifest: unknown = JSON.parse(readFileSync(join(dir, ".vite", "manifest.json"), "utf8"));
		const file = (manifest as Record<string, { file?: unknown } | undefined>)[WORKER_SOURCE]?.file;
		return typeof file === "string" ? readFileSync(join(dir, file), "utf8") : undefined;
	} catch {
		return undefined;
	}
}

/**
 * `/voucher/sw.js`, the worker that keeps voucher pages for offline visits: served from the voucher
 * folder so that its scope is that folder and nothing else. And each voucher's web app manifest, which
 * lets a person put that voucher on the home screen. Mounted per language, like the pages.
 */
export function voucherOfflineRoutes(app: FastifyInstance, worker: string, now: () => Date): void {
	app.get("/voucher/sw.js", async (_request, reply) =>
		reply
			.type("text/javascript; charset=utf-8")
			// Browsers check for a new worker on each visit; the build changes it in place.
			.header("cache-control", "no-cache")
			.send(worker),
	);

	app.get<{ Params: { token: string } }>(
		"/voucher/:token/manifest.webmanifest",
		PRIVATE_PAGE,
		async (request, reply) => {
			const voucher = await findVoucher(app.database.db, request.params.token, now());
			if (!voucher) return reply.callNotFound();
			const texts = MESSAGES[request.lang].voucher.app;
			const folder = `${app.config.basePath}${langPrefix(request.lang)}/voucher/`;
			const page = `${folder}${request.params.token}`;
			return reply.type("application/manifest+json; charset=utf-8").send({
				id: page,
				name: texts.name,
				short_name: texts.shortName,
				lang: request.lang,
				start_url: page,
				scope: folder,
				display: "standalone",
				background_color: "#fffaf5",
				theme_color: "#fffaf5",
				icons: ICONS.map(({ file, sizes }) => ({
					src: `${app.config.basePath}/${file}`,
					sizes,
					type: "image/png",
					purpose: "any",
				})),
			});
		},
	);
}
