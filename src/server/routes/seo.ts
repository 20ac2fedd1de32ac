import type { FastifyPluginAsync } from "fastify";
import { DEFAULT_LANG, LANGS, type Lang, langPrefix } from "../../i18n";
import { escapeHtml } from "../../render/escape-html";
import { siteUrl } from "../request-location";

/** The pages search engines may index, in every language (vouchers and staff pages are private). */
const PUBLIC_PAGES = ["/", "/register", "/stores", "/terms"];

/** robots.txt and sitemap.xml, at the base path. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
	const { basePath } = app.config;

	app.get("/robots.txt", async (_request, reply) => {
		const disallowed = ["/staff", "/voucher/", "/_"].flatMap((path) =>
			LANGS.map((lang) => `Disallow: ${basePath}${langPrefix(lang)}${path}`),
		);
		const lines = [
			"User-agent: *",
			...disallowed,
			"",
			`Sitemap: ${siteUrl(app.config, DEFAULT_LANG, "/sitemap.xml")}`,
			"",
		];
		return reply
			.type("text/plain; charset=utf-8")
			.header("cache-control", "public, max-age=3600")
			.send(lines.join("\n"));
	});

	app.get("/sitemap.xml", async (_request, reply) => {
		const url = (lang: Lang, path: string) => escapeHtml(siteUrl(app.config, lang, path));
		const entries = PUBLIC_PAGES.flatMap((path) =>
			LANGS.map((lang) => {
				const alternates = LANGS.map(
					(other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${url(other, path)}"/>`,
				).join("");
				return `<url><loc>${url(lang, path)}</loc>${alternates}</url>`;
			}),
		);
		const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>\n`;
		return reply
			.type("application/xml; charset=utf-8")
			.header("cache-control", "public, max-age=3600")
			.send(xml);
	});
};
