import { createSite, type Site } from "../../src/render/site-context";

type SiteOptions = Parameters<typeof createSite>[0];

/** A page's site context for rendering components outside a server: no assets, no request. */
export function testSite(options: Partial<SiteOptions> = {}): Site {
	return createSite({
		basePath: "",
		origin: "https://lumen.example",
		lang: "cs",
		path: "/",
		cmsMode: false,
		sentryDsn: undefined,
		nonce: undefined,
		assets: {
			scripts: [],
			runtime: "runtime.js",
			stylesheets: [],
			inlineStyle: undefined,
			fonts: [],
			modulePreloads: [],
			staffStylesheet: "assets/staff.css",
			buildId: "x",
		},
		...options,
	});
}
