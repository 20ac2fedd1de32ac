import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { FORM_LIMITS } from "../../forms/limits";
import { PLUGIN } from "../plugin-names";
import { parseUrlencoded } from "./body";
import { registerRefusedBodyDrain } from "./refused-body";
import { registerMultipartRefusal } from "./route";

/**
 * Lets routes read submitted forms (readForm): urlencoded bodies are parsed strictly into string lists,
 * within the route's body limit (formRoute, at most FORM_LIMITS.bodySize); multipart bodies are left to
 * readForm, within FORM_LIMITS and the route's limit, and only on routes that declare they read them
 * (route.ts). A file over its size limit is cut off and reported as a field error rather than failing
 * the whole request. A refused body is answered with a message the client can read (refused-body.ts).
 */
export async function registerForms(app: FastifyInstance): Promise<void> {
	registerRefusedBodyDrain(app);
	registerMultipartRefusal(app);
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

/** registerForms as the app registers it: after compression, whose onSend hooks the refused-body drain follows. */
export const formsPlugin = fp(registerForms, { name: PLUGIN.forms, dependencies: ["@fastify/compress"] });
