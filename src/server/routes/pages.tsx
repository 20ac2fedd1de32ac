import type { FastifyPluginAsync } from "fastify";
import { HomePage } from "../../pages/home/HomePage";

export const pageRoutes: FastifyPluginAsync = async (app) => {
	app.get("/", async (_, reply) => reply.page(<HomePage />));
};
