import type { FastifyPluginAsync } from "fastify";
import { HomePage } from "../../pages/HomePage";

export const pageRoutes: FastifyPluginAsync = async (app) => {
	app.get("/", async (_, reply) => reply.page(<HomePage />));
};
