/**
 * Which multipart bodies a route reads, and how much of them: none without `multipart` in its config
 * (415 before any part is read); fields alone within its bodyLimit where it is `true`; files too where a
 * file field's form gave it "files" (formRoute).
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineForm, FORM_LIMITS, field, formRoute, readEntries } from "../../src/server/forms";
import { registerForms } from "../../src/server/forms/plugin";

let app: FastifyInstance;
beforeAll(async () => {
	app = Fastify();
	await registerForms(app);
	const echo = async (request: Parameters<typeof readEntries>[0]) => {
		const entries = await readEntries(request);
		if (entries instanceof Error) return { refused: entries.statusCode };
		return Object.fromEntries(
			[...entries].map(([name, values]) => [
				name,
				values.map((value) => (typeof value === "string" ? value : value.size)),
			]),
		);
	};
	const upload = defineForm("upload", { photo: field.file({ label: "Photo" }) });
	app.post("/none", echo);
	app.post("/fields", { bodyLimit: 100, config: { multipart: true } }, echo);
	app.post("/files", formRoute(upload), echo);
	app.post("/plain", formRoute(defineForm("plain", { name: field.text({ label: "Name" }) })), echo);
});
afterAll(() => app.close());

const send = async (path: string, parts: Record<string, string | Blob>) => {
	const form = new FormData();
	for (const [name, value] of Object.entries(parts)) form.append(name, value);
	const request = new Request("http://localhost", { method: "POST", body: form });
	const response = await app.inject({
		method: "POST",
		url: path,
		headers: Object.fromEntries(request.headers),
		payload: Buffer.from(await request.arrayBuffer()),
	});
	return { status: response.statusCode, body: response.json() };
};

describe("multipart", () => {
	it("is refused with 415 where the route does not read it", async () => {
		expect((await send("/none", { name: "Jana" })).status).toBe(415);
		expect((await send("/plain", { name: "Jana" })).status).toBe(415);
	});

	it("is read as fields alone within the route's body limit where it is true", async () => {
		expect(await send("/fields", { unsubscribe: "One-Click" })).toEqual({
			status: 200,
			body: { unsubscribe: ["One-Click"] },
		});
		expect((await send("/fields", { a: "x".repeat(60), b: "y".repeat(60) })).body).toEqual({ refused: 413 });
		expect((await send("/fields", { photo: new Blob(["x"]) })).body).toEqual({ refused: 413 });
	});

	it("takes files where the route's form has a file field", async () => {
		const photo = new Blob([new Uint8Array(FORM_LIMITS.fileSize)]);
		expect(await send("/files", { photo })).toEqual({ status: 200, body: { photo: [FORM_LIMITS.fileSize] } });
	});
});
