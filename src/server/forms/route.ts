/**
 * Which bodies a route reads. A route that reads a form declares it (formRoute): the form's body limit,
 * and whether it reads multipart at all, which only a form with a file field needs. Multipart parts are
 * read into memory, so every route that does not declare it refuses a multipart body with 415 before
 * reading any of it.
 */
import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import type { FormDefinition } from "../../forms/define";

declare module "fastify" {
	interface FastifyContextConfig {
		/**
		 * The route reads multipart bodies: "files" with the files of a file field (formRoute sets it for a
		 * form with one); true for fields alone (a protocol that may send its few fields as multipart).
		 * Either way within the route's bodyLimit, plus its files' room for "files" (body.ts).
		 */
		multipart?: boolean | "files";
	}
}

/**
 * What a route needs to know of its form: a definition, or the body limit all of a form's definitions
 * share when the route makes a definition per request (no file field then).
 */
export type FormBody = Pick<FormDefinition, "bodyLimit"> & Partial<Pick<FormDefinition, "multipart">>;

/** The options of a route that reads `form`, added to the route's own `options`. */
export function formRoute<O extends RouteShorthandOptions>(form: FormBody, options?: O) {
	return {
		...options,
		bodyLimit: form.bodyLimit,
		config: { ...options?.config, multipart: form.multipart === true ? ("files" as const) : false },
	};
}

/** Methods whose body Fastify never reads. */
const BODYLESS = new Set(["GET", "HEAD", "TRACE"]);

/**
 * Refuses a multipart body on a route that does not read one, before anything reads it: the error page
 * or ajax payload of 415, while the rest of the body is drained (refused-body.ts).
 */
export function registerMultipartRefusal(app: FastifyInstance): void {
	// onRequest, registered on the root: before any route's own checks, which may answer without the body.
	app.addHook("onRequest", async (request) => {
		if (
			request.mediaType !== "multipart/form-data" ||
			request.routeOptions.config.multipart ||
			request.is404 ||
			BODYLESS.has(request.method)
		) {
			return;
		}
		throw Object.assign(new Error("This route does not read multipart bodies"), { statusCode: 415 });
	});
}
