/**
 * Reads a submitted form body into entries by field name, the way a browser's FormData holds them: one
 * entry per occurrence, strings for fields, received files for file parts. urlencoded bodies come from
 * the content-type parser registered in plugin.ts; multipart bodies are read here, files into memory.
 */

import type { IncomingMessage } from "node:http";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { FORM_LIMITS } from "../../forms/limits";
import type { ReceivedFile } from "../../forms/received-file";

export type Entry = string | ReceivedFile;
export type Entries = ReadonlyMap<string, readonly Entry[]>;

/** A body the server refuses to read: 400 (malformed) or 413 (over a limit). */
export class FormBodyError extends Error {
	override readonly name = "FormBodyError";
	constructor(
		readonly statusCode: 400 | 413,
		message: string,
	) {
		super(message);
	}
}

/**
 * Parses application/x-www-form-urlencoded as browsers send it (UTF-8, percent-encoded) into a
 * null-prototype object of string arrays. Undecodable text is refused rather than patched with U+FFFD,
 * so that what is validated is exactly what was sent.
 */
export function parseUrlencoded(body: string): Record<string, string[]> {
	// Browsers percent-encode every non-ASCII byte: U+FFFD here means raw bytes that were not UTF-8.
	if (body.includes("\uFFFD")) throw new FormBodyError(400, "The form data is not valid UTF-8");
	const result: Record<string, string[]> = Object.create(null);
	let count = 0;
	for (const pair of body.split("&")) {
		if (pair === "") continue;
		if (++count > FORM_LIMITS.fields) throw new FormBodyError(413, "Too many form fields");
		const equals = pair.indexOf("=");
		const name = decode(equals < 0 ? pair : pair.slice(0, equals));
		const value = decode(equals < 0 ? "" : pair.slice(equals + 1));
		if (name.length > FORM_LIMITS.fieldNameSize || value.length > FORM_LIMITS.fieldSize) {
			throw new FormBodyError(413, "A form field is too long");
		}
		const values = result[name];
		if (values) values.push(value);
		else result[name] = [value];
	}
	return result;
}

function decode(text: string): string {
	let decoded: string;
	try {
		decoded = decodeURIComponent(text.replaceAll("+", " "));
	} catch {
		throw new FormBodyError(400, "The form data is not valid percent-encoded UTF-8");
	}
	return withoutNul(decoded);
}

/**
 * No one types U+0000, and PostgreSQL cannot store it in text: a field holding one is refused with the
 * body, rather than failing the query that would store or look up the value.
 */
function withoutNul(text: string): string {
	if (text.includes("\0")) throw new FormBodyError(400, "The form data contains a NUL character");
	return text;
}

/** The entries of a urlencoded body parsed by `parseUrlencoded`; anything else is not a form body. */
export function urlencodedEntries(body: unknown): Entries | undefined {
	if (typeof body !== "object" || body === null || Object.getPrototypeOf(body) !== null) return undefined;
	const entries = new Map<string, string[]>();
	for (const [name, values] of Object.entries(body)) {
		if (!Array.isArray(values) || !values.every((value) => typeof value === "string")) return undefined;
		entries.set(name, values);
	}
	return entries;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a multipart body. Field values arrive as latin1 (one character per byte) and are decoded here
 * strictly; a file over the size limit is kept as a record of its name and type with an oversized size,
 * so that the field's fileSize rule reports it next to the field. What the parts hold in all is bounded
 * by the route's bodyLimit, and files are taken only on a route that reads them (route.ts), within room
 * of their own. A refused body (FormBodyError) is drained first.
 */
export async function readMultipart(request: FastifyRequest): Promise<Entries> {
	const { bodyLimit, config } = request.routeOptions;
	const files = config.multipart === "files" ? FORM_LIMITS.files : 0;
	const fieldsLimit = bodyLimit ?? FORM_LIMITS.bodySize;
	const entries = new Map<string, Entry[]>();
	let fieldBytes = 0;
	const add = (name: string, entry: Entry) => {
		const list = entries.get(name);
		if (list) list.push(entry);
		else entries.set(name, [entry]);
	};
	try {
		const limits = { files, fieldSize: Math.min(FORM_LIMITS.fieldSize, fieldsLimit) };
		for await (const part of request.parts({ defCharset: "latin1", limits })) {
			if (part.type === "file") {
				const data = await part.toBuffer();
				const truncated = part.file.truncated;
				add(part.fieldname, {
					name: part.filename,
					type: part.mimetype,
					size: truncated ? FORM_LIMITS.fileSize + 1 : data.length,
					data: truncated ? Buffer.alloc(0) : data,
				});
			} else {
				if (part.valueTruncated || part.fieldnameTruncated) {
					throw new FormBodyError(413, "A form field is too long");
				}
				fieldBytes += part.fieldname.length + String(part.value).length;
				if (fieldBytes > fieldsLimit) {
					throw new FormBodyError(413, "The form's fields are over the body limit");
				}
				add(part.fieldname, decodeField(part.value));
			}
		}
	} catch (error) {
		await drain(request.raw);
		throw asBodyError(error);
	}
	return entries;
}

function decodeField(value: unknown): string {
	// A part that declared its own charset was decoded already (characters above U+00FF): not a browser.
	if (typeof value !== "string" || /[^\0-\xFF]/.test(value)) {
		throw new FormBodyError(400, "A form field has an unexpected encoding");
	}
	let decoded: string;
	try {
		decoded = utf8.decode(Buffer.from(value, "latin1"));
	} catch {
		throw new FormBodyError(400, "The form data is not valid UTF-8");
	}
	return withoutNul(decoded);
}

// Whatever goes wrong while reading a multipart body comes from what was sent (malformed or cut-off data,
// a field named like a prototype property, a JSON part): 413 for the plugin's limits, 400 otherwise.
function asBodyError(error: unknown): FormBodyError {
	if (error instanceof FormBodyError) return error;
	const status = (error as { statusCode?: unknown }).statusCode;
	return new FormBodyError(status === 413 ? 413 : 400, String((error as Error).message));
}

/**
 * Reads and discards what is left of a refused upload (up to a bound), so that the browser, which is
 * still sending, gets the answer instead of a reset connection.
 */
function drain(raw: IncomingMessage): Promise<void> {
	if (raw.readableEnded || raw.destroyed) return Promise.resolve();
	const limit = FORM_LIMITS.files * FORM_LIMITS.fileSize + FORM_LIMITS.bodySize;
	return new Promise((resolve) => {
		let received = 0;
		const done = () => {
			raw.off("data", count);
			resolve();
		};
		const count = (chunk: Buffer) => {
			received += chunk.length;
			if (received > limit) {
				raw.destroy();
				done();
			}
		};
		// The multipart parser may still be piped in, pausing the stream whenever it stalls.
		raw.unpipe();
		raw.on("data", count);
		raw.once("end", done);
		raw.once("close", done);
		raw.once("error", done);
		raw.resume();
	});
}
