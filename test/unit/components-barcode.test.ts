import { toSVG } from "bwip-js/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Barcode } from "../../src/components/barcode/Barcode";

/**
 * Counted, still drawing: which codes are drawn again and which come from those already drawn. The
 * thousands of codes shown only to push others out of the kept ones (FILLER-…) get a stand-in of their
 * own instead of their bars: bwip-js took milliseconds each, nearly all of this file's time, and no test
 * looks at their bars.
 */
vi.mock("bwip-js/node", async (importOriginal) => {
	const original = await importOriginal<typeof import("bwip-js/node")>();
	return {
		...original,
		toSVG: vi.fn((options: Parameters<typeof original.toSVG>[0]) =>
			options.text.startsWith("FILLER-")
				? `<svg viewBox="0 0 1 1"><path d="${options.text}"/></svg>`
				: original.toSVG(options),
		),
	};
});

/** The bars of the first barcode SVG in some markup (its path data, what a scanner reads). */
const bars = (html: string) => {
	const svg = /<svg[^>]*viewBox="0 0 \d+ \d+"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
	return [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);
};

/** The cache tests show thousands of barcodes. */
const SHOWS_THOUSANDS = 60_000;

describe("barcode markup", () => {
	it("renders the code's bars as inline SVG on the server, with the code as text", () => {
		const html = renderToString(createElement(Barcode, { text: "LUMEN-4F7K-92QX" }));
		const expected = toSVG({ bcid: "code128", text: "LUMEN-4F7K-92QX", scale: 2, height: 14 });
		expect(bars(html)).toEqual(bars(expected));
		expect(bars(html).length).toBeGreaterThan(0);
		expect(html).toContain('<figcaption class="barcode__code">LUMEN-4F7K-92QX</figcaption>');
		expect(html).toContain('data-component="barcode"');
	});

	it("takes the symbology: EAN-13 from twelve digits adds the check digit, a wrong one is refused", () => {
		const twelve = renderToString(createElement(Barcode, { text: "859401234567", symbology: "ean13" }));
		const thirteen = renderToString(createElement(Barcode, { text: "8594012345676", symbology: "ean13" }));
		expect(bars(twelve)).toEqual(bars(thirteen));
		expect(() =>
			renderToString(createElement(Barcode, { text: "8594012345671", symbology: "ean13" })),
		).toThrow(/check digit/i);
	});

	it(
		"keeps drawn barcodes apart by symbology and code, also once old ones have been let go",
		() => {
			const render = (text: string, symbology?: "code128" | "ean13") =>
				bars(renderToString(createElement(Barcode, { text, symbology })));
			const ean = render("859401234567", "ean13");
			const code128 = render("859401234567");
			expect(code128).not.toEqual(ean);
			expect(render("859401234567", "ean13")).toEqual(ean);
			render("LUMEN-0000-TEST");
			for (let index = 1; index < 1100; index++)
				render(`FILLER-LUMEN-${String(index).padStart(4, "0")}-TEST`);
			expect(render("859401234567")).toEqual(code128);
			expect(render("LUMEN-0000-TEST")).toEqual(
				bars(toSVG({ bcid: "code128", text: "LUMEN-0000-TEST", scale: 2, height: 14 })),
			);
		},
		SHOWS_THOUSANDS,
	);

	it(
		"draws a code once while it is among the 1,000 last shown, and again once it is not",
		() => {
			const drawings = (text: string) =>
				vi.mocked(toSVG).mock.calls.filter(([options]) => options.text === text).length;
			const show = (text: string) => renderToString(createElement(Barcode, { text }));
			const others = (from: number) => {
				for (let index = from; index < from + 999; index++) show(`FILLER-${index}`);
			};
			show("KEPT-0001");
			others(0);
			show("KEPT-0001");
			others(1000);
			show("KEPT-0001");
			expect(drawings("KEPT-0001")).toBe(1);
			show("DROPPED-01");
			others(2000);
			show("LAST-ONE");
			show("DROPPED-01");
			expect(drawings("DROPPED-01")).toBe(2);
		},
		SHOWS_THOUSANDS,
	);
});
