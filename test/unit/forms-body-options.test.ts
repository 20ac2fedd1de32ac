/**
 * What a form tells its route about bodies: whether it is multipart (a file field), and the largest body
 * the route reads; formRoute turns that into the route's options.
 */
import { describe, expect, it } from "vitest";
import { defineForm, FORM_LIMITS, field, formRoute } from "../../src/server/forms";

const fields = { email: field.email({ label: "E-mail" }), send: field.submit({ label: "Send" }) };

describe("defineForm", () => {
	it("is multipart only with a file field", () => {
		expect(defineForm("plain", fields).multipart).toBe(false);
		expect(defineForm("upload", { ...fields, photo: field.file({ label: "Photo" }) }).multipart).toBe(true);
		expect(defineForm("uploads", { photos: field.files({ label: "Photos" }) }).multipart).toBe(true);
	});

	it("takes the body limit declared with its name, FORM_LIMITS.bodySize without one", () => {
		expect(defineForm("plain", fields).bodyLimit).toBe(FORM_LIMITS.bodySize);
		const small = defineForm({ name: "small", bodyLimit: 2048 }, fields);
		expect(small.name).toBe("small");
		expect(small.bodyLimit).toBe(2048);
	});

	it.each([0, -1, 1.5, Number.NaN, FORM_LIMITS.bodySize + 1])("refuses a body limit of %d", (bodyLimit) => {
		expect(() => defineForm({ name: "wrong", bodyLimit }, fields)).toThrow(/bodyLimit/);
	});
});

describe("formRoute", () => {
	it("sets the form's body limit and whether the route reads multipart, keeping the route's own options", () => {
		const onSend = async () => undefined;
		const options = formRoute(defineForm({ name: "small", bodyLimit: 2048 }, fields), {
			onSend,
			config: { rateLimit: { max: 3, timeWindow: 1000 } },
		});
		expect(options).toEqual({
			onSend,
			bodyLimit: 2048,
			config: { rateLimit: { max: 3, timeWindow: 1000 }, multipart: false },
		});
		const upload = defineForm("upload", { photo: field.file({ label: "Photo" }) });
		expect(formRoute(upload)).toEqual({ bodyLimit: FORM_LIMITS.bodySize, config: { multipart: "files" } });
		// A limit shared by a form's definitions: no file field, so no multipart.
		expect(formRoute({ bodyLimit: 4096 })).toEqual({ bodyLimit: 4096, config: { multipart: false } });
	});
});
