import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { parseUrlencoded } from "./body";
import { FORM_LIMITS } from "./limits";
import { registerRefusedBodyDrain } from "./refused-body";

/**
 * Lets every route read submitted forms (readForm): urlencoded bodies are parsed strictly into string
 * lists, multipart bodies are left to readForm, within FORM_LIMITS. A file over its size limit is cut off
 * and reported as a field error rather than failing the whole request. A body refused as too large is
 * answered with a message the client can read (refused-body.ts).
 */
export async function registerForms(app: FastifyInstance): Promise<void> {
	registerRefusedBodyDrain(app);
	await app.register(formbody, { bodyLimit: FORM_LIMITS.bodySize, parser: parseUrlencoded });
	await app.register(multipart, {
		throwFileSizeLimit: false,
		limits: {
			fieldNameSize: FORM_LIMITS.fieldNameSize,
			fieldSize: FORM_LIMITS.fieldSize,
			fields: FORM_LIMITS.fields,
			fileSize: FORM_LIMITS.fileSize,
			files: FORM_LIMITS.files,
			parts: FORM_LIMITS.fields + FORM_LIMITS.files,
		},
	});
}
