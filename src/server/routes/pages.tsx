import type { FastifyPluginAsync } from "fastify";
import { HomePage } from "../../pages/home/HomePage";
import { registrationRoutes } from "../registration/routes";
import { storeRoutes } from "../stores";

export const pageRoutes: FastifyPluginAsync = async (app) => {
	app.get("/", { config: { renderCache: {} } }, async (_, reply) => reply.page(<HomePage />));
	await app.register(storeRoutes);
	await app.register(registrationRoutes);
};
