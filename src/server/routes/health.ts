import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHandle } from "../db";

/** Liveness (the process answers) and readiness (the database takes queries). */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
	app.get("/healthz", async (_, reply) => {
		reply.header("cache-control", "no-store");
		return { status: "ok" };
	});
	app.get("/readyz", async (_, reply) => {
		reply.header("cache-control", "no-store");
		const ready = await database.ping();
		reply.code(ready ? 200 : 503);
		return { status: ready ? "ready" : "unavailable", database: database.kind };
	});
};
