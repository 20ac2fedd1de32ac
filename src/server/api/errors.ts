import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { type FieldError, type ProblemKind, problem, sendProblem } from "./problem";

const PARTS = new Set(["body", "params", "headers", "querystring"]);

/** The schema violations of an invalid request, each with where it is. */
function fieldErrors(error: FastifyError): FieldError[] {
	const part = PARTS.has(error.validationContext ?? "") ? (error.validationContext as string) : "body";
	return (error.validation ?? []).map((violation) => {
		const { missingProperty, additionalProperty } = violation.params as Record<string, unknown>;
		const named = missingProperty ?? additionalProperty;
		const pointer = typeof named === "string" ? `${violation.instancePath}/${named}` : violation.instancePath;
		return { in: part, pointer, detail: violation.message ?? "is not valid" };
	});
}

function statusOf(error: FastifyError): number {
	const status = error.statusCode;
	return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

const KIND_BY_STATUS: Record<number, ProblemKind> = {
	403: "cross-site-request",
	404: "not-found",
	413: "body-too-large",
	415: "unsupported-media-type",
	429: "rate-limited",
};

/** Every failure under /api as a problem (RFC 9457), whatever raised it: validation, Fastify, a plugin. */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
	if (error.validation) {
		const errors = fieldErrors(error);
		const detail = errors.map((field) => `${field.in}${field.pointer} ${field.detail}`).join("; ");
		return sendProblem(reply, problem(request, "invalid-request", detail, { errors }));
	}
	const status = statusOf(error);
	if (status >= 500) {
		request.log.error({ err: error, req: request }, "request failed");
		return sendProblem(reply, problem(request, "server-error", "The request failed on the server."));
	}
	const kind = KIND_BY_STATUS[status] ?? "invalid-request";
	return sendProblem(reply, problem(request, kind, error.message));
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
	return sendProblem(
		reply,
		problem(request, "not-found", `No operation answers ${request.method} ${request.url.split("?")[0]}.`),
	);
}
