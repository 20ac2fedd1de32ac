import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readProps } from "../../src/browser/props";
import { ACCORDION_PROPS } from "../../src/components/accordion/props";
import {
	AdvantagesCarousel,
	CAROUSEL_TEXTS_CS,
} from "../../src/components/advantages-carousel/AdvantagesCarousel";
import { CAROUSEL_PROPS } from "../../src/components/advantages-carousel/props";
import { INTERSECTION_GROUP_PROPS } from "../../src/components/intersection-group/props";
import { ModalOpener } from "../../src/components/modal-opener/ModalOpener";
import { MODAL_OPENER_PROPS } from "../../src/components/modal-opener/props";
import { defineProps, parseProps, writeProps } from "../../src/components/shared/props";

/** The root element's attributes, as the loader's readProps sees them (it needs nothing else of a DOM). */
function rootElement(html: string): HTMLElement {
	const tag = /^<[^>]*>/.exec(html)?.[0] ?? "";
	const attributes = [...tag.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => ({
		name,
		value: value.replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
	}));
	const getAttribute = (name: string) =>
		attributes.find((attribute) => attribute.name === name)?.value ?? null;
	return { attributes, getAttribute } as unknown as HTMLElement;
}

const EXAMPLE = defineProps("example-widget", { label: "Close", delay: 90, open: false });

describe("component props", () => {
	it("are written as data-<component>-<prop> attributes, an undefined one left out", () => {
		expect(writeProps(EXAMPLE, { label: "Zavřít", delay: 0, open: true })).toEqual({
			"data-example-widget-label": "Zavřít",
			"data-example-widget-delay": "0",
			"data-example-widget-open": "true",
		});
		expect(writeProps(EXAMPLE, { label: undefined, delay: 5 })).toEqual({ "data-example-widget-delay": "5" });
	});

	it("are read back as their declared types, whatever the markup wrote, else the default or the fallback", () => {
		expect(parseProps(EXAMPLE, { label: "x", delay: "250", open: "" })).toEqual({
			label: "x",
			delay: 250,
			open: true,
		});
		expect(parseProps(EXAMPLE, { label: 3, delay: "soon", open: "maybe" })).toEqual({
			label: "Close",
			delay: 90,
			open: false,
		});
		expect(parseProps(EXAMPLE, { delay: 12, open: false }, { label: "Zavřít", delay: 1 })).toEqual({
			label: "Zavřít",
			delay: 12,
			open: false,
		});
	});

	it("written by a component's markup are what its browser behaviour reads", () => {
		const carousel = renderToStaticMarkup(<AdvantagesCarousel id="track" slides={[]} autoplay={5000} />);
		const { label: _, previous: __, next: ___, ...texts } = CAROUSEL_TEXTS_CS;
		expect(parseProps(CAROUSEL_PROPS, readProps(rootElement(carousel), "advantages-carousel"))).toEqual({
			autoplay: 5000,
			...texts,
		});

		const opener = renderToStaticMarkup(
			<ModalOpener modal="terms" url="/terms" snippet="modal">
				Terms
			</ModalOpener>,
		);
		expect(parseProps(MODAL_OPENER_PROPS, readProps(rootElement(opener), "modal-opener"))).toEqual({
			target: "",
			url: "/terms",
			snippet: "snippet--modal",
		});
	});

	// The type checker proves these (npm run typecheck): each line under @ts-expect-error must not compile.
	it("cannot be written or read under a name or of a type their declaration does not have", () => {
		// @ts-expect-error the markup side: a renamed prop
		writeProps(ACCORDION_PROPS, { exclusve: true });
		// @ts-expect-error the markup side: a prop of another type
		writeProps(INTERSECTION_GROUP_PROPS, { stagger: "90" });
		// @ts-expect-error the browser side: a renamed prop
		expect(parseProps(ACCORDION_PROPS, {}).exclusve).toBeUndefined();
		const stagger: number = parseProps(INTERSECTION_GROUP_PROPS, {}).stagger;
		expect(stagger).toBe(90);
	});
});
