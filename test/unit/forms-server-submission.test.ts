/**
 * Reading a submission: values prepared as the browser adapter prepares them, anything a browser could
 * not send from our markup answered with a field error (or a refused body), typed values out.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { FORM_LIMITS } from "../../src/forms/limits";
import {
	defineForm,
	field,
	type ReceivedFile,
	rule,
	validateSubmission,
	withErrors,
} from "../../src/server/forms";
import { type Entry, FormBodyError, parseUrlencoded, urlencodedEntries } from "../../src/server/forms/body";

const file = (name: string, size: number, type = "image/png"): Entry => ({
	name,
	size,
	type,
	data: Buffer.alloc(size > FORM_LIMITS.fileSize ? 0 : size),
});

const form = defineForm("t", {
	name: field.text({ label: "Name", required: "Name, please." }),
	note: field.textarea({ label: "Note" }),
	age: field.integer({ label: "Age", rules: [rule.range(18, 120, "Between %d and %d, not %value.")] }),
	weight: field.float({ label: "Weight" }),
	site: field.url({ label: "Web" }),
	agree: field.checkbox({ label: "Agree" }),
	topics: field.checkboxList({
		label: "Topics",
		options: [
			{ value: "a", label: "A" },
			{ value: "b", label: "B" },
		],
	}),
	size: field.radioList({
		label: "Size",
		options: [
			{ value: "s", label: "S" },
			{ value: "m", label: "M" },
		],
	}),
	store: field.select({ label: "Store", prompt: "Choose", options: [{ value: "brno", label: "Brno" }] }),
	photo: field.file({ label: "Photo" }),
	send: field.submit({ label: "Send" }),
});

const submit = (entries: Record<string, Entry[]>, lang: "cs" | "en" = "en") =>
	validateSubmission(form, new Map(Object.entries(entries)), lang);

describe("values", () => {
	it("prepares values as the browser does and types them", () => {
		const result = submit({
			name: ["  Jana Nováková \r\n"],
			note: ["\r\n  first line\r\nsecond  "],
			age: [" 42 "],
			weight: ["1 234,5"],
			site: ["example.cz"],
			agree: ["on"],
			"topics[]": ["b", "a", "b"],
			size: ["m"],
			store: [""],
			photo: [file("", 0, "application/octet-stream")],
			send: [""],
		});
		expect(result.valid).toBe(true);
		if (!result.valid) return;
		expect(result.values).toEqual({
			name: "Jana Nováková",
			note: "\n  first line\nsecond  ",
			age: 42,
			weight: 1234.5,
			site: "http://example.cz",
			agree: true,
			topics: ["b", "a"],
			size: "m",
			store: null,
			photo: null,
		});
		expect(result.submitter).toBe("send");
		// What is rendered back is what the user sent, prepared: not the rules' normalisation.
		expect(result.state.values).toMatchObject({
			age: "42",
			weight: "1 234,5",
			site: "example.cz",
			store: "",
		});
	});

	it("types the values by field", () => {
		const result = submit({ name: ["x"] });
		if (!result.valid) throw new Error("expected a valid submission");
		expectTypeOf(result.values).toEqualTypeOf<{
			name: string;
			note: string;
			age: number | null;
			weight: number | null;
			site: string;
			agree: boolean;
			topics: string[];
			size: string | null;
			store: string | null;
			photo: ReceivedFile | null;
		}>();
	});

	it("takes missing fields as empty, as a browser sends unchecked and disabled controls", () => {
		const result = submit({ name: ["x"] });
		expect(result.valid && result.values).toMatchObject({
			note: "",
			age: null,
			agree: false,
			topics: [],
			size: null,
			store: null,
			photo: null,
		});
		expect(result.valid && result.submitter).toBeNull();
	});

	it("gives received files with their bytes", () => {
		const result = submit({ name: ["x"], photo: [file("ščť.png", 3)] });
		expect(result.valid && result.values.photo).toEqual({
			name: "ščť.png",
			size: 3,
			type: "image/png",
			data: Buffer.alloc(3),
		});
	});
});

describe("errors", () => {
	it("reports the first failing rule of each field, with %value and %d filled", () => {
		const result = submit({ name: [" "], age: ["12"], site: ["not a url"] });
		expect(result.valid).toBe(false);
		if (result.valid) return;
		expect(result.status).toBe(200);
		expect(result.state.errors).toEqual({
			name: "Name, please.",
			age: "Between 18 and 120, not 12.",
			site: "Please enter a valid URL.",
		});
		expect(result.state.values).toMatchObject({ name: "", age: "12", site: "not a url" });
	});

	it("answers what our markup cannot send with a field error, never a throw", () => {
		const result = submit({
			name: ["a", "b"],
			note: [file("x.txt", 1)],
			agree: ["on", "on"],
			"topics[]": ["a", "zzz"],
			size: ["xl"],
			store: ["praha"],
			photo: ["photo.png"],
		});
		expect(result.valid).toBe(false);
		if (result.valid) return;
		expect(result.state.errors).toEqual({
			name: "This value is not valid.",
			note: "This value is not valid.",
			agree: "This value is not valid.",
			topics: "Please select a valid option.",
			size: "Please select a valid option.",
			store: "Please select a valid option.",
			photo: "This value is not valid.",
		});
	});

	it("reports a file over the limit, and two files in a single upload", () => {
		const big = submit({ name: ["x"], photo: [file("big.png", FORM_LIMITS.fileSize + 1)] });
		expect(!big.valid && big.state.errors.photo).toBe(
			`The size of the uploaded file can be up to ${FORM_LIMITS.fileSize} bytes.`,
		);
		const two = submit({ name: ["x"], photo: [file("a.png", 1), file("b.png", 1)] });
		expect(!two.valid && two.state.errors.photo).toBe("This value is not valid.");
	});

	it("never renders a password back", () => {
		const login = defineForm("login", {
			user: field.text({ label: "User", required: true }),
			password: field.password({ label: "Password", required: true }),
		});
		const result = validateSubmission(login, new Map([["password", ["secret"]]]), "cs");
		expect(!result.valid && result.state.values).toEqual({ user: "" });
		expect(!result.valid && result.state.errors.user).toBe("Toto pole je povinné.");
	});

	it("adds the handler's own errors", () => {
		const result = submit({ name: [""] });
		const state = withErrors(result.state, { site: "Taken." }, ["Try later."]);
		expect(state.errors).toEqual({ site: "Taken.", name: "Name, please." });
		expect(state.formErrors).toEqual(["Try later."]);
	});
});

describe("toggles, scopes and other fields", () => {
	const company = defineForm("c", {
		isCompany: field.checkbox({ label: "Company", rules: [rule.when(rule.equal(true), { toggle: "box" })] }),
		companyName: field.text({ label: "Company name", required: true, group: "box" }),
		password: field.password({ label: "Password" }),
		again: field.password({ label: "Again", rules: [rule.equal(rule.ref("password"), "Not %0.")] }),
		save: field.submit({ label: "Save" }),
		back: field.submit({ label: "Back", validationScope: [] }),
		partial: field.submit({ label: "Check", validationScope: ["again"] }),
	});
	const check = (entries: Record<string, string[]>) =>
		validateSubmission(company, new Map(Object.entries(entries)), "en");

	it("skips the fields of a group its toggle hides, and returns them empty", () => {
		const hidden = check({ companyName: ["ignored"] });
		expect(hidden.valid && hidden.values.companyName).toBe("");
		const shown = check({ isCompany: ["on"] });
		expect(!shown.valid && shown.state.errors).toEqual({ companyName: "This field is required." });
	});

	it("compares with another field and fills %0 with its value", () => {
		const result = check({ password: ["abc"], again: ["abd"] });
		expect(!result.valid && result.state.errors).toEqual({ again: "Not abc." });
	});

	it("validates only the submitter's scope", () => {
		expect(check({ isCompany: ["on"], password: ["a"], again: ["b"], back: [""] }).valid).toBe(true);
		const partial = check({ isCompany: ["on"], password: ["a"], again: ["b"], partial: [""] });
		expect(!partial.valid && partial.state.errors).toEqual({ again: "Not a." });
	});
});

describe("urlencoded bodies", () => {
	it("decodes as browsers encode, keeping every occurrence", () => {
		const body = parseUrlencoded("a=1+2&b=%C4%8Dau%20%E2%9C%93&a=&c&__proto__=x&d%5B%5D=1");
		expect(Object.getPrototypeOf(body)).toBeNull();
		expect(Object.entries(body)).toEqual([
			["a", ["1 2", ""]],
			["b", ["čau ✓"]],
			["c", [""]],
			["__proto__", ["x"]],
			["d[]", ["1"]],
		]);
		expect(urlencodedEntries(body)?.get("a")).toEqual(["1 2", ""]);
	});

	it("refuses undecodable text, NUL characters and too many or too long fields", () => {
		const status = (body: string) => {
			try {
				parseUrlencoded(body);
			} catch (error) {
				return error instanceof FormBodyError ? error.statusCode : error;
			}
		};
		expect(status("a=%C3%28")).toBe(400);
		expect(status("a=%E0%A4")).toBe(400);
		expect(status("a=%zz")).toBe(400);
		expect(status("a=\uFFFD")).toBe(400);
		expect(status("a=x%00y")).toBe(400);
		expect(status("a%00=x")).toBe(400);
		expect(status(Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join("&"))).toBe(413);
		expect(status(`a=${"x".repeat(FORM_LIMITS.fieldSize + 1)}`)).toBe(413);
	});

	it("takes only what its own parser made as a form body", () => {
		expect(urlencodedEntries({ a: ["1"] })).toBeUndefined();
		expect(urlencodedEntries(Object.assign(Object.create(null), { a: "1" }))).toBeUndefined();
		expect(urlencodedEntries("a=1")).toBeUndefined();
	});
});
