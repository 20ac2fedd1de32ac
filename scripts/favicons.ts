/**
 * Draws the site's icons from public/assets/favicon.svg with Chromium: `npx tsx scripts/favicons.ts`,
 * after changing the SVG. Pages link PNGs, not the SVG: Chromium fetches and draws an SVG favicon in
 * the page's own renderer, as a document of its own, a 20–40 ms task on the main thread after the first
 * paint (Lighthouse traces); a PNG is decoded off it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";

const SOURCE = "public/assets/favicon.svg";
/** The tab icon keeps the SVG's transparent corners; a home-screen icon is square and opaque (iOS). */
const ICONS = [
	{ file: "public/assets/favicon.png", size: 32, art: 32, background: "transparent" },
	{ file: "public/assets/apple-touch-icon.png", size: 180, art: 148, background: "#fffaf5" },
	// A voucher's web app manifest (src/server/registration/voucher-offline.ts): the sizes Android asks for.
	{ file: "public/assets/icon-192.png", size: 192, art: 158, background: "#fffaf5" },
	{ file: "public/assets/icon-512.png", size: 512, art: 420, background: "#fffaf5" },
];

const svg = readFileSync(SOURCE, "utf8");
const browser = await chromium.launch({
	executablePath: CHROMIUM_PATH,
	args: ["--headless", ...CHROMIUM_ARGS],
});
try {
	for (const icon of ICONS) {
		const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
		const art = svg.replace("<svg ", `<svg width="${icon.art}" height="${icon.art}" `);
		await page.setContent(
			`<body style="margin:0;height:100vh;display:grid;place-items:center;background:${icon.background}">${art}</body>`,
		);
		writeFileSync(icon.file, await page.screenshot({ omitBackground: icon.background === "transparent" }));
		console.log(`${icon.file}: ${icon.size}x${icon.size}`);
	}
} finally {
	await browser.close();
}
