import { describe, expect, it } from "vitest";
import { Document } from "../../src/pages/Document";
import { renderPage, renderSnippets } from "../../src/render/render-page";
import { Snippet } from "../../src/render/snippets";
import { testSite } from "../helpers/site";

const site = testSite();

const page = (
	<Document title="Tom & Jerry's" description="A page with snippets">
		<Snippet name="register">
			<p>form</p>
			<Snippet name="inbox">nested</Snippet>
		</Snippet>
		<Snippet name="modal" append>
			dialog
		</Snippet>
	</Document>
);

describe("rendering a page with snippets", () => {
	it("renders the whole page: the title in <head>, each snippet as its element", () => {
		const html = renderPage(site, page);
		expect(html).toMatch(/^<!doctype html><html/);
		expect(html).toContain("<title>Tom &amp; Jerry&#x27;s</title>");
		expect(html).toContain(
			'<div id="snippet--register"><p>form</p><div id="snippet--inbox">nested</div></div>',
		);
		expect(html).toContain('<div id="snippet--modal" data-ajax-append="">dialog</div>');
	});

	it("for ajax, collects every snippet and the title (text, escaped), nested ones inside their parent", () => {
		expect(renderSnippets(site, page, "all")).toEqual({
			"snippet--title": "Tom &amp; Jerry&#39;s",
			"snippet--register": '<p>form</p><div id="snippet--inbox">nested</div>',
			"snippet--modal": "dialog",
		});
	});

	it("for ajax, collects only the snippets asked for, a nested one on its own too", () => {
		expect(renderSnippets(site, page, new Set(["inbox", "modal"] as const))).toEqual({
			"snippet--inbox": "nested",
			"snippet--modal": "dialog",
		});
		expect(renderSnippets(site, page, new Set(["title"] as const))).toEqual({
			"snippet--title": "Tom &amp; Jerry&#39;s",
		});
	});

	it("takes only declared snippet names (src/snippet-names.ts)", () => {
		// @ts-expect-error: a misspelt name does not compile (npx tsc --noEmit checks this line)
		const misspelt = <Snippet name="registr">x</Snippet>;
		expect(renderSnippets(site, misspelt, "all")).toEqual({ "snippet--registr": "x" });
	});
});
