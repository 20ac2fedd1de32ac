import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { registerForm } from "../../src/domain/registration/register-form";
import { Form, FormField } from "../../src/forms";
import { SiteContext } from "../../src/render/site-context";
import { testSite } from "../helpers/site";

const site = testSite({ lang: "en", path: "/register" });

describe("the store select", () => {
	it("groups consecutive stores of a region in an <optgroup> (forms API: Option.group)", () => {
		const prague = { cs: "Hlavní město Praha", en: "Prague" };
		const form = registerForm("2026-03-10", [
			{ value: "a", label: "Praha – A", group: prague },
			{ value: "b", label: "Praha – B", group: { ...prague } },
			{ value: "c", label: "Brno – C", group: { cs: "Jihomoravský kraj", en: "South Moravian Region" } },
		]);
		const html = renderToString(
			<SiteContext value={site}>
				<Form form={form} action="/register">
					<FormField name="store" />
				</Form>
			</SiteContext>,
		);
		expect(html).toMatch(
			/<option value="" selected="">Choose a store<\/option><optgroup label="Prague"><option value="a">Praha – A<\/option><option value="b">Praha – B<\/option><\/optgroup><optgroup label="South Moravian Region"><option value="c">/,
		);
	});
});
